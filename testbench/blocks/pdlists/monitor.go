package pdlists

import (
	"fmt"

	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// monitor is the PD lists' properties in SystemVerilog for prove, the
// same three as pdProps in the same order and row order (unlink, counts,
// read, link).
//
// count_conserved is checked whole: the monitor counts each queue's PDs.
// pd_unique and in_order watch one PD d, which the solver chooses (a proof
// covers every one): whether d is linked, to which queue, how many PDs
// are ahead of it there, and the cells and data linked in it. A link that
// takes d while it is linked breaks pd_unique; once d is its queue's head,
// the queue's unlink must return d with its cells and data, and a read of
// the queue must name d. Every violation of in_order is one at some
// queue's head, so over every d the monitor states the whole property.
// Nothing constrains the inputs: a request the contract refuses is one
// the design refuses (link_ok_o, rd_ok_o).
func monitor(c blocks.PropConfig) (blocks.Monitor, error) {
	p := pdListsParams.Decode(c.Params)
	n, iw, pw, kw := p.N, p.IW(), p.PW(), p.KW()
	free := []port.Port{port.Input("d_i", pw)}
	text := fmt.Sprintf(`// occ_props: pd_lists's properties (testbench/blocks/pdlists/props.go).
module occ_props (
  input  wire          clk_i,
  input  wire          chk,
  input  wire          rst_a,
  input  wire          link_i,
  input  wire [%[1]d:0]  link_qid_i,
  input  wire [%[2]d:0]  link_cells_i,
  input  wire [%[3]d:0]  link_data_i,
  input  wire          link_ok_o,
  input  wire [%[4]d:0]  link_pd_o,
  input  wire          rd_i,
  input  wire [%[1]d:0]  rd_qid_i,
  input  wire          rd_ok_o,
  input  wire [%[4]d:0]  rd_pd_o,
  input  wire          unl_valid_o,
  input  wire [%[1]d:0]  unl_qid_o,
  input  wire [%[4]d:0]  unl_pd_o,
  input  wire [%[2]d:0]  unl_cells_o,
  input  wire [%[3]d:0]  unl_data_o,
  input  wire [%[5]d:0]  cnt_o,
  input  wire [%[6]d:0]  head_len_o,
  input  wire [%[7]d:0]  free_o,
  input  wire [%[4]d:0]  d_i,
  output wire [2:0]    bad
);
%[12]s
  reg          known = 1'b0;  // the state follows the design: a reset row seen, none unchecked since
  reg  [%[5]d:0] size;        // PDs per queue
  reg          used;          // d is linked
  reg  [%[1]d:0] dq;          // its queue
  reg  [%[7]d:0] pos;         // PDs ahead of it there
  reg  [%[2]d:0] dcells;
  reg  [%[3]d:0] ddata;

  // 1. Unlink: the queue's oldest PD leaves.
  wire [%[7]d:0] usz = size[unl_qid_o*%[8]d +: %[8]d];
  wire uok = (32'(unl_qid_o) < %[9]d) & (usz != '0);
  wire unl = unl_valid_o & uok;
  wire uhead = used & (dq == unl_qid_o) & (pos == '0);
  wire bad_unl = unl_valid_o & (!uok | (uhead & ((unl_pd_o != d) | (unl_cells_o != dcells) | (unl_data_o != ddata))));
  reg  [%[5]d:0] size1;
  integer q;
  always @* begin
    size1 = size;
    if (unl) size1[unl_qid_o*%[8]d +: %[8]d] = usz - 1'b1;
  end
  wire used1 = used & !(unl & uhead);
  wire [%[7]d:0] pos1 = (unl & used & (dq == unl_qid_o) & (pos != '0)) ? pos - 1'b1 : pos;
  // 2. Counts after the unlink.
  reg  [31:0]  total;
  reg          cnt_bad;
  always @* begin
    total = 0;
    cnt_bad = 1'b0;
    for (q = 0; q < %[9]d; q = q + 1) begin
      total = total + 32'(size1[q*%[8]d +: %[8]d]);
      if (cnt_o[q*%[8]d +: %[8]d] != size1[q*%[8]d +: %[8]d]) cnt_bad = 1'b1;
    end
  end
  wire bad_cnt = cnt_bad | (32'(free_o) != %[10]d - total);
  // 3. A read names its queue's head.
  wire [%[7]d:0] rsz = size1[rd_qid_i*%[8]d +: %[8]d];
  wire rd = rd_i & rd_ok_o;
  wire bad_rd = rd & (!(32'(rd_qid_i) < %[9]d) | (rsz == '0) |
                      (used1 & (dq == rd_qid_i) & (pos1 == '0) & (rd_pd_o != d)));
  // 4. A link takes a free PD, at its queue's tail.
  wire [%[7]d:0] lsz = size1[link_qid_i*%[8]d +: %[8]d];
  wire lnk = link_i & link_ok_o;
  wire bad_link = lnk & (!(32'(link_pd_o) < %[10]d) | (used1 & (link_pd_o == d)));
  wire add = lnk & !bad_link & (32'(link_qid_i) < %[9]d) & (32'(lsz) < %[11]d);

  always @(posedge clk_i) begin
    if (rst_a) begin
      known <= 1'b1;
      size  <= '0;
      used  <= 1'b0;
    end else if (!chk) begin
      known <= 1'b0;
    end else begin
      size <= size1;
      if (add) size[link_qid_i*%[8]d +: %[8]d] <= lsz + 1'b1;
      used <= used1 | (add & (link_pd_o == d));
      pos  <= pos1;
      if (add & (link_pd_o == d)) begin
        dq     <= link_qid_i;
        pos    <= lsz;
        dcells <= link_cells_i;
        ddata  <= link_data_i;
      end
    end
  end
  wire judge = chk & !rst_a & known;
  assign bad[0] = judge & bad_link;
  assign bad[1] = judge & (bad_unl | bad_rd);
  assign bad[2] = judge & bad_cnt;
endmodule
`, iw-1, p.LW-1, p.DW-1, pw-1, n*kw-1, n*p.LW-1, kw-1, kw, n, p.P, p.P+1, blocks.HoldFree(free))
	return blocks.Monitor{Text: text, Names: blocks.PropNames((&pdProps{}).Names()), Free: free}, nil
}
