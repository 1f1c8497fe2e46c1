package verilator

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"occamy/rtl/port"
)

func TestReginVerilog(t *testing.T) {
	l, err := port.NewLayout([]port.Port{port.Input("clk_i", 1), port.Input("rst_ni", 1), port.Input("d_i", 70), port.Output("q_o", 3)}, "clk_i", "rst_ni", false)
	require.NoError(t, err)
	v, err := reginVerilog(&Spec{Top: "dut", Params: map[string]string{"W": "3", "A": "1"}}, &l)
	require.NoError(t, err)
	for _, want := range []string{
		"module occ_regin_wrapper (\n  input logic clk_i,\n  input logic occ_ld_i,\n  input logic [0:0] rst_ni,\n  input logic [69:0] d_i,\n  output logic [2:0] q_o\n);",
		"  always_ff @(posedge occ_ld_i) begin\n    occ_q_rst_ni <= rst_ni;\n    occ_q_d_i <= d_i;\n  end",
		"  dut #(.A(1), .W(3)) occ_u_top (\n    .clk_i(clk_i),\n    .rst_ni(occ_q_rst_ni),\n    .d_i(occ_q_d_i),\n    .q_o(q_o)\n  );",
	} {
		assert.Contains(t, v, want)
	}

	bad, err := port.NewLayout([]port.Port{port.Input("clk_i", 1), port.Input("occ_x", 1)}, "clk_i", "", false)
	require.NoError(t, err)
	_, err = reginVerilog(&Spec{Top: "dut"}, &bad)
	assert.EqualError(t, err, "cosim: port occ_x of top dut: names starting with occ_ are reserved for the registered-input wrapper")
}
