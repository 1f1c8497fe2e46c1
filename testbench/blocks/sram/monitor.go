package sram

import (
	"fmt"

	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// monitor is the SRAM's properties in SystemVerilog for prove, the same
// two as sramProps in the same order. read_last_write watches one address,
// a, which the solver chooses (a proof covers every one): the last word
// written to it (a row's writes land after its reads; a reset row's are
// dropped), unknown until written and again after two ports write it in
// one row (outside the contract: not judged). Writes are followed from
// the first checked row on (before it the rows hold the prove wrapper's
// power-up history, not inputs), so a word written earlier is unknown.
func monitor(c blocks.PropConfig) (blocks.Monitor, error) {
	p := sramParams.Decode(c.Params)
	aw, w := p.AW(), p.Width
	free := []port.Port{port.Input("a_i", aw)}
	text := fmt.Sprintf(`// occ_props: sram_mp's properties (testbench/blocks/sram/props.go).
module occ_props (
  input  wire          clk_i,
  input  wire          chk,
  input  wire          rst_a,
  input  wire [%[1]d:0]  rd_en_i,
  input  wire [%[2]d:0]  rd_addr_i,
  input  wire [%[1]d:0]  rd_valid_o,
  input  wire [%[3]d:0]  rd_data_o,
  input  wire [%[4]d:0]  wr_en_i,
  input  wire [%[5]d:0]  wr_addr_i,
  input  wire [%[6]d:0]  wr_data_i,
  input  wire [%[7]d:0]  a_i,
  output wire [1:0]    bad
);
%[14]s  reg          known = 1'b0;
  reg  [%[8]d:0] word;
  wire [%[1]d:0] bad_valid, bad_data;
  wire [%[4]d:0] hit;
  genvar i;
  for (i = 0; i < %[9]d; i = i + 1) begin : g_r
    wire want = rd_en_i[i] & !rst_a;
    assign bad_valid[i] = rd_valid_o[i] != want;
    assign bad_data[i]  = want & rd_valid_o[i] & known & (rd_addr_i[i*%[11]d +: %[11]d] == a) &
                          (rd_data_o[i*%[12]d +: %[12]d] != word);
  end
  for (i = 0; i < %[10]d; i = i + 1) begin : g_w
    assign hit[i] = wr_en_i[i] & (wr_addr_i[i*%[11]d +: %[11]d] == a);
  end
  reg  [%[8]d:0] wdata;
  integer k;
  always @* begin
    wdata = word;
    for (k = 0; k < %[10]d; k = k + 1)
      if (hit[k]) wdata = wr_data_i[k*%[12]d +: %[12]d];
  end
  // Rows before the first checked one carry the wrapper's power-up
  // history, not inputs: their writes are not followed.
  reg          started = 1'b0;
  always @(posedge clk_i) if (chk) started <= 1'b1;
  wire one = (hit != '0) & ((hit & (hit - 1'b1)) == '0);
  always @(posedge clk_i)
    if ((started | chk) && !rst_a && hit != '0) begin
      known <= one & (32'(a) < %[13]d);
      word  <= wdata;
    end
  assign bad[0] = chk & (|bad_valid);
  assign bad[1] = chk & (|bad_data);
endmodule
`, p.RP-1, p.RP*aw-1, p.RP*w-1, p.WP-1, p.WP*aw-1, p.WP*w-1, aw-1, w-1, p.RP, p.WP, aw, w, p.Depth, blocks.HoldFree(free))
	return blocks.Monitor{Text: text, Names: blocks.PropNames((&sramProps{}).Names()), Free: free}, nil
}
