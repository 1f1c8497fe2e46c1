package freelist

import (
	"fmt"

	"occamy/testbench/blocks"
)

// monitor is the free list's properties in SystemVerilog for prove, the
// same two as freeListProps in the same order and row order (pops, then
// appends, then the counts).
//
// Unlike the other blocks' monitors it follows every cell: per bank, the
// cells out in the order handed out (a ring, as freeListProps keeps it)
// and where each run starts (cells popped while the bank never ran empty
// in between, which its link memory holds linked). It must, because the
// contract constrains the inputs by identity: an append gives back the
// bank's oldest cells out, app_head_i the oldest and app_tail_i the
// app_n_i-th, all within the oldest run (so already linked). A row whose
// append breaks that is outside the contract, and the monitor stops
// judging from it on; a proof covers every input sequence that keeps the
// contract. no_double_pop: a cell popped is below CELLS, of its bank, and
// not in its bank's ring. count_conserved: cnt_o[b] is bank b's cells less
// its ring's, free_o CELLS less every ring's, after each row.
func monitor(c blocks.PropConfig) (blocks.Monitor, error) {
	p := freeListParams.Decode(c.Params)
	k, cw, fw := p.K, p.CW(), p.FW()
	text := fmt.Sprintf(`// occ_props: free_list's properties (testbench/blocks/freelist/props.go).
module occ_props (
  input  wire          clk_i,
  input  wire          chk,
  input  wire          rst_a,
  input  wire [%[1]d:0]  pop_i,
  input  wire [%[1]d:0]  pop_ok_o,
  input  wire [%[2]d:0]  pop_cell_o,
  input  wire [%[1]d:0]  app_i,
  input  wire [%[2]d:0]  app_head_i,
  input  wire [%[2]d:0]  app_tail_i,
  input  wire [%[3]d:0]  app_n_i,
  input  wire [%[3]d:0]  cnt_o,
  input  wire [%[4]d:0]  free_o,
  output wire [1:0]    bad
);
  reg          known = 1'b0;  // the state follows the design: a reset row seen, none unchecked since
  reg          env = 1'b1;    // every append so far kept the contract
  wire [%[1]d:0] bad_pop, bad_cnt, bad_app;
  wire [%[3]d:0] left;          // cells out per bank after the row
  genvar b;
  for (b = 0; b < %[5]d; b = b + 1) begin : g_b
    localparam integer S = (%[6]d - b + %[5]d - 1) / %[5]d;  // bank b's cells
    reg  [S*%[7]d-1:0] ring;     // its cells out, oldest at hd
    reg  [%[4]d:0]   hd, n;
    reg  [S-1:0]     bnd;      // bnd[i]: a run starts at ring index i
    reg              newrun;   // the next pop starts a run (the last one emptied the bank)
    // Pop (checked), pushed at the ring's end.
    wire [%[8]d:0] x = pop_cell_o[b*%[7]d +: %[7]d];
    wire pop = pop_i[b] & pop_ok_o[b];
    reg  inring;
    reg  [31:0] at;
    integer i;
    always @* begin
      inring = 1'b0;
      for (i = 0; i < S; i = i + 1) begin
        at = 32'(hd) + i;
        if (at >= S) at = at - S;
        if (i < 32'(n) && ring[at*%[7]d +: %[7]d] == x) inring = 1'b1;
      end
    end
    assign bad_pop[b] = pop & ((32'(x) >= %[6]d) | (32'(x) %% %[5]d != b) | inring);
    wire push = pop & !bad_pop[b] & (32'(n) < S);
    wire [31:0] tl = (32'(hd) + 32'(n) >= S) ? 32'(hd) + 32'(n) - S : 32'(hd) + 32'(n);
    reg  [S*%[7]d-1:0] ring1;
    reg  [S-1:0]     bnd1;
    always @* begin
      ring1 = ring;
      bnd1 = bnd;
      if (push) begin
        ring1[tl*%[7]d +: %[7]d] = x;
        if (newrun) bnd1[n] = 1'b1;
      end
    end
    wire [%[4]d:0] n1 = n + %[9]d'(push);
    // Append: the oldest an cells, within the oldest run.
    wire app = app_i[b];
    wire [%[4]d:0] an = app_n_i[b*%[9]d +: %[9]d];
    wire [31:0] te = (32'(hd) + 32'(an) - 1 >= S) ? 32'(hd) + 32'(an) - 1 - S : 32'(hd) + 32'(an) - 1;
    reg  inner;  // a run starts inside the chain
    always @* begin
      inner = 1'b0;
      for (i = 1; i < S; i = i + 1)
        if (i < 32'(an) && bnd1[i]) inner = 1'b1;
    end
    assign bad_app[b] = app & ((an == '0) | (an > n1) | inner |
                               (app_head_i[b*%[7]d +: %[7]d] != ring1[hd*%[7]d +: %[7]d]) |
                               (app_tail_i[b*%[7]d +: %[7]d] != ring1[te*%[7]d +: %[7]d]));
    wire take = app & !bad_app[b];
    wire [31:0] hd2 = (32'(hd) + 32'(an) >= S) ? 32'(hd) + 32'(an) - S : 32'(hd) + 32'(an);
    wire [%[4]d:0] n2 = take ? n1 - an : n1;
    assign left[b*%[9]d +: %[9]d] = rst_a ? '0 : n2;
    assign bad_cnt[b] = cnt_o[b*%[9]d +: %[9]d] != %[9]d'(S) - left[b*%[9]d +: %[9]d];
    always @(posedge clk_i) begin
      if (rst_a) begin
        hd     <= '0;
        n      <= '0;
        bnd    <= '0;
        newrun <= 1'b1;
      end else if (chk) begin
        ring   <= ring1;
        n      <= n2;
        hd     <= take ? %[9]d'(hd2) : hd;
        bnd    <= take ? bnd1 >> an : bnd1;
        if (pop) newrun <= (32'(n) + 1 == S);
      end
    end
  end
  reg  [31:0] out;
  integer j;
  always @* begin
    out = 0;
    for (j = 0; j < %[5]d; j = j + 1) out = out + 32'(left[j*%[9]d +: %[9]d]);
  end
  always @(posedge clk_i) begin
    if (rst_a) known <= 1'b1;
    else if (!chk) known <= 1'b0;
    else if (known && bad_app != '0) env <= 1'b0;
  end
  wire judge = chk & (known | rst_a) & env & (rst_a | (bad_app == '0));
  assign bad[0] = judge & !rst_a & (bad_pop != '0);
  assign bad[1] = judge & ((bad_cnt != '0) | (32'(free_o) != %[6]d - out));
endmodule
`, k-1, k*cw-1, k*fw-1, fw-1, k, p.Cells, cw, cw-1, fw)
	return blocks.Monitor{Text: text, Names: blocks.PropNames((&freeListProps{}).Names())}, nil
}
