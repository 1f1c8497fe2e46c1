package vcddiff

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSides(t *testing.T) {
	tests := []struct {
		in, a, b, err string
	}{
		{in: ""},
		{in: "clk", a: "clk", b: "clk"},
		{in: " tb.dut.clk_i ", a: "tb.dut.clk_i", b: "tb.dut.clk_i"},
		{in: "A=clk,B=clk_i", a: "clk", b: "clk_i"},
		{in: "B=clk_i, A=clk", a: "clk", b: "clk_i"},
		{in: "A=clk", a: "clk"},
		{in: "B=clk_i", b: "clk_i"},
		{in: "clk,clk_i", err: `"clk,clk_i": give one name, or A=NAME,B=NAME`},
		{in: "A=clk,clk_i", err: `"A=clk,clk_i": each part must be A=NAME or B=NAME`},
		{in: "A=", err: `"A=": each part must be A=NAME or B=NAME`},
		{in: "A=x,A=y", err: `"A=x,A=y": A given twice`},
		{in: "A=x,C=y", err: `"A=x,C=y": unknown file "C", want A or B`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			a, b, err := ParseSides(tt.in)
			if tt.err != "" {
				assert.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.a, a, "A")
			assert.Equal(t, tt.b, b, "B")
		})
	}
}

func TestParseReset(t *testing.T) {
	tests := []struct {
		in   string
		want Reset
		err  string
	}{
		{in: "", want: Reset{}},
		{in: "none", want: Reset{Off: true}},
		{in: "rst_ni", want: Reset{Name: "rst_ni"}},
		{in: "rst:low", want: Reset{Name: "rst", Level: ActiveLow}},
		{in: "tb.rst_ni:high", want: Reset{Name: "tb.rst_ni", Level: ActiveHigh}},
		{in: ":low", err: `reset ":low": empty name`},
		{in: "rst:up", err: `reset "rst:up": polarity "up", want low or high`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseReset(tt.in)
			if tt.err != "" {
				assert.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestActiveLowName(t *testing.T) {
	for name, low := range map[string]bool{
		"rst_ni": true, "rst_n": true, "tb.RST_N": true, "rstn": true, "sys_resetn": true,
		"rst_i": false, "rst": false, "reset": false, "n": false, "u_n.rst": false,
	} {
		assert.Equal(t, low, activeLowName(name), "name %q", name)
	}
}

func TestParseMap(t *testing.T) {
	got, err := ParseMap(strings.NewReader("# Go name  Verilog name\n\nover_o  u_sel.over_q\n\t gnt_idx_o\tgnt_o \r\n#end\n"))
	require.NoError(t, err)
	assert.Equal(t, []Pair{{"over_o", "u_sel.over_q"}, {"gnt_idx_o", "gnt_o"}}, got)

	errs := []struct{ in, err string }{
		{"a b\nc\n", `map line 2: want "nameA nameB", got 1 words`},
		{"a b c\n", `map line 1: want "nameA nameB", got 3 words`},
		{"a " + strings.Repeat("b", MaxMapLine), "map: bufio.Scanner: token too long"},
	}
	for _, tt := range errs {
		_, err := ParseMap(strings.NewReader(tt.in))
		assert.EqualError(t, err, tt.err)
	}
	got, err = ParseMap(strings.NewReader(""))
	require.NoError(t, err)
	assert.Empty(t, got)
}
