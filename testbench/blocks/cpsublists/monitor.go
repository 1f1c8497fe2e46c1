package cpsublists

import (
	"fmt"

	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// monitor is the chase's properties in SystemVerilog for prove, the same
// three as cpProps in the same order.
//
// each_cell_once and one_chase are checked whole: the chase's size, the
// cells emitted and the rows since the last round are three counters.
// in_order watches one packet index j and one cell a, both chosen by the
// solver (a proof covers every pair): the monitor follows a's link as the
// write ports leave it (unknown until written, and after two ports write
// it in one row), and when the round holding packet cell j-K emits a as
// that cell, j's cell must be the link a had when that round read it; a
// cell j below K must be head j of the start. Over every j and a this is
// the whole of in_order by induction along each sub-list: cell j-K is
// checked before cell j, so its value is the packet's. A start taken with
// a size outside 1..MAXN is outside the contract: the monitor stops
// judging (the design's own assertion reports it).
func monitor(c blocks.PropConfig) (blocks.Monitor, error) {
	p := cpSubListsParams.Decode(c.Params)
	k, cw, nw := p.K, p.CW(), p.NW()
	xw := nw + 5 // holds done + K without overflow, as the reference's XW
	ww := rtl.Clog2(p.Lat+3) + 1
	free := []port.Port{port.Input("j_i", nw), port.Input("a_i", cw)}
	text := fmt.Sprintf(`// occ_props: cp_sublists's properties (testbench/blocks/cpsublists/props.go).
module occ_props (
  input  wire          clk_i,
  input  wire          chk,
  input  wire          rst_a,
  input  wire          start_i,
  input  wire [%[1]d:0]  start_heads_i,
  input  wire [%[2]d:0]  start_n_i,
  input  wire          start_ok_o,
  input  wire [%[3]d:0]  wr_en_i,
  input  wire [%[1]d:0]  wr_addr_i,
  input  wire [%[1]d:0]  wr_data_i,
  input  wire          out_valid_o,
  input  wire [%[3]d:0]  out_mask_o,
  input  wire [%[1]d:0]  out_cell_o,
  input  wire [%[2]d:0]  out_idx_o,
  input  wire          out_last_o,
  input  wire          busy_o,
  input  wire [%[2]d:0]  j_i,
  input  wire [%[4]d:0]  a_i,
  output wire [2:0]    bad
);
%[12]s
  reg          known = 1'b0;  // the state follows the design: a reset row seen, none unchecked since
  reg          env = 1'b1;    // no start outside the contract yet
  reg          active;
  reg  [%[5]d:0] done, size;
  reg  [%[6]d:0] w1;            // rows without a round since the last one, plus one
  reg          lknown;
  reg  [%[4]d:0] link;          // a's link as written
  reg          wknown;
  reg  [%[4]d:0] want;          // packet cell j

  // The row's start.
  wire [%[5]d:0] n = %[5]d'(start_n_i);
  wire taken = start_i & start_ok_o;
  wire nok = (n != '0) & (32'(n) <= %[7]d);
  wire act0 = taken ? nok : active;
  wire [%[5]d:0] done0 = taken ? '0 : done;
  wire [%[5]d:0] size0 = taken ? n : size;
  wire [%[4]d:0] head_j = start_heads_i[j*%[8]d +: %[8]d];
  wire wk0 = taken ? (32'(j) < %[9]d) : wknown;
  wire [%[4]d:0] want0 = taken ? head_j : want;
  // The row's round.
  wire [%[5]d:0] left = size0 - done0;
  wire [%[5]d:0] cnt = (left < %[5]d'(%[9]d)) ? left : %[5]d'(%[9]d);
  wire [%[5]d:0] nxt = done0 + cnt;
  wire last_want = nxt >= size0;
  wire [%[3]d:0] mask_want;
  wire [%[3]d:0] slot_j, slot_p;  // slot s holds packet cell j, or j-K
  genvar s;
  for (s = 0; s < %[9]d; s = s + 1) begin : g_s
    assign mask_want[s] = 32'(s) < 32'(cnt);
    assign slot_j[s] = mask_want[s] & (32'(done0) + s == 32'(j));
    assign slot_p[s] = mask_want[s] & (32'(done0) + s + %[9]d == 32'(j)) & (32'(j) < 32'(size0));
  end
  wire round = out_valid_o & act0;
  wire bad_once = out_valid_o & (!act0 | (32'(out_idx_o) != 32'(done0)) | (out_last_o != last_want) | (out_mask_o != mask_want));
  reg  [%[4]d:0] got_j, got_p;
  integer q;
  always @* begin
    got_j = '0;
    got_p = '0;
    for (q = 0; q < %[9]d; q = q + 1) begin
      if (slot_j[q]) got_j = out_cell_o[q*%[8]d +: %[8]d];
      if (slot_p[q]) got_p = out_cell_o[q*%[8]d +: %[8]d];
    end
  end
  wire bad_order = round & (|slot_j) & wk0 & (got_j != want0);
  // Cell j is the link of cell j-K as this round reads it (before the
  // row's writes).
  wire wk1 = (round & (|slot_p)) ? ((got_p == a) & lknown) : wk0;
  wire [%[4]d:0] want1 = (round & (|slot_p)) ? link : want0;
  wire act1 = round ? !last_want : act0;
  wire [%[6]d:0] w1a = taken ? '0 : w1;
  wire [%[6]d:0] w1b = round ? %[6]d'd1 : ((act0 && w1a != {%[6]d{1'b1}}) ? w1a + 1'b1 : w1a);
  wire slow = act1 & (32'(w1b) >= %[10]d);
  wire bad_chase = (start_ok_o & active) | (busy_o != act1) | slow;

  // The row's writes to a (after its reads).
  wire [%[3]d:0] hit;
  for (s = 0; s < %[9]d; s = s + 1) begin : g_w
    assign hit[s] = wr_en_i[s] & (wr_addr_i[s*%[8]d +: %[8]d] == a);
  end
  reg  [%[4]d:0] wdata;
  always @* begin
    wdata = link;
    for (q = 0; q < %[9]d; q = q + 1)
      if (hit[q]) wdata = wr_data_i[q*%[8]d +: %[8]d];
  end
  wire one = (hit != '0) & ((hit & (hit - 1'b1)) == '0);
  // Rows before the first checked one carry the wrapper's power-up
  // history, not inputs: their writes are not followed.
  reg          started = 1'b0;
  always @(posedge clk_i) if (chk) started <= 1'b1;

  always @(posedge clk_i) begin
    if ((started | chk) && !rst_a && hit != '0) begin
      lknown <= one & (32'(a) < %[11]d);
      link   <= wdata;
    end
    if (!started && !chk) lknown <= 1'b0;
    if (rst_a) begin
      known  <= 1'b1;
      active <= 1'b0;
      done   <= '0;
      size   <= '0;
      w1     <= '0;
      wknown <= 1'b0;
    end else if (!chk) begin
      known  <= 1'b0;
    end else begin
      if (taken && !nok) env <= 1'b0;
      active <= act1;
      done   <= round ? nxt : done0;
      size   <= size0;
      w1     <= slow ? %[6]d'd1 : w1b;
      wknown <= wk1;
      want   <= want1;
    end
  end
  wire judge = chk & !rst_a & known & env & !(taken & !nok);
  assign bad[0] = judge & bad_once;
  assign bad[1] = judge & bad_order;
  assign bad[2] = judge & bad_chase;
endmodule
`, k*cw-1, nw-1, k-1, cw-1, xw-1, ww-1, p.MaxN, cw, k, p.Lat+1, p.Cells, blocks.HoldFree(free))
	return blocks.Monitor{Text: text, Names: blocks.PropNames((&cpProps{}).Names()), Free: free}, nil
}
