package verilator

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"occamy/rtl/port"
)

// TestParseElaborationModules: every parameterisation of a sub-module is
// listed with its parameters (not its localparams) and its ports at those
// values. Fixture written by Verilator 5.006:
//
//	verilator --xml-only -Wno-fatal --top-module hier testdata/hier.sv --xml-output testdata/xml/hier.xml
func TestParseElaborationModules(t *testing.T) {
	f, err := os.Open("testdata/xml/hier.xml")
	require.NoError(t, err)
	defer f.Close()
	el, err := ParseElaboration(f)
	require.NoError(t, err)
	assert.Equal(t, "hier", el.Top)
	assert.Equal(t, []port.Port{port.Input("clk_i", 1), port.Input("a_i", 3), port.Output("y_o", 6), port.Output("z_o", 10)}, el.Ports)
	leaf := el.ModulesNamed("leaf")
	require.Len(t, leaf, 2)
	assert.Equal(t, "leaf__W3", leaf[0].Name)
	assert.Equal(t, map[string]string{"W": "3", "S": "-1"}, leaf[0].Params, "a negative int default is written 32'hffffffff")
	assert.Equal(t, []port.Port{port.Input("a_i", 3), port.Output("y_o", 6)}, leaf[0].Ports)
	assert.Equal(t, map[string]string{"W": "5", "S": "7"}, leaf[1].Params)
	assert.Equal(t, []port.Port{port.Input("a_i", 5), port.Output("y_o", 10)}, leaf[1].Ports)
	assert.NoError(t, leaf[1].Err)
	top := el.ModulesNamed("hier")
	require.Len(t, top, 1)
	assert.Equal(t, el.Ports, top[0].Ports)
	assert.Empty(t, el.ModulesNamed("nope"))
}

// TestConstDecimal: Verilator's constants as -G values.
func TestConstDecimal(t *testing.T) {
	for _, tc := range []struct {
		in        string
		signedInt bool
		want      string
		ok        bool
	}{
		{"32'h40", false, "64", true},
		{"32'sh10", false, "16", true},
		{"32'shffffffff", false, "-1", true},
		{"32'hffffffff", false, "4294967295", true},
		{"32'hffffffff", true, "-1", true},
		{"32'h7fffffff", true, "2147483647", true},
		{"8'sb1000_0000", false, "-128", true},
		{"1'b1", false, "1", true},
		{"4'd9", false, "9", true},
		{"3'o7", true, "7", true},
		{"64'h1_0000_0000", false, "4294967296", true},
		{"'h1", false, "", false},
		{"32h1", false, "", false},
		{"32'x1", false, "", false},
		{"32'h", false, "", false},
		{"0'h1", false, "", false},
		{"32'hzz", false, "", false},
		{"", false, "", false},
	} {
		got, ok := constDecimal(tc.in, tc.signedInt)
		assert.Equal(t, tc.ok, ok, "%q", tc.in)
		assert.Equal(t, tc.want, got, "%q", tc.in)
	}
}
