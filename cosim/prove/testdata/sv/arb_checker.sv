// A correct rr_arbiter with a simulation-only checker (`ifndef SYNTHESIS):
// a loop whose bound is a signal, read through a hierarchical reference
// into the pointer register's instance, and a $display, none of which
// Yosys 0.23 reads. The checker assigns only what it declares, so no output
// depends on it: prove leaves it out, with a note. Expected: PROVEN.
/* verilator lint_off DECLFILENAME */
module arb_checker_reg #(
  parameter int W = 3
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         en_i,
  input  logic [W-1:0] d_i,
  output logic [W-1:0] q_o
);
  logic [W-1:0] q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) q <= '0;
    else if (en_i) q <= d_i;
  end
  assign q_o = q;
endmodule
/* verilator lint_on DECLFILENAME */

module arb_checker #(
  parameter int N = 8
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic [N-1:0]                         req_i,
  input  logic                                 ack_i,
  output logic                                 gnt_valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx_o
);
  localparam int W = (N > 1) ? $clog2(N) : 1;
  logic [W-1:0] next_q;
  logic [W-1:0] lo_idx, hi_idx;
  logic         hi_any;

  always_comb begin
    lo_idx = '0;
    hi_idx = '0;
    hi_any = 1'b0;
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) begin
        lo_idx = W'(i);
        if (W'(i) >= next_q) begin
          hi_idx = W'(i);
          hi_any = 1'b1;
        end
      end
    end
  end

  assign gnt_valid_o = req_i != '0;
  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;

  arb_checker_reg #(.W(W)) u_ptr (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .en_i  (gnt_valid_o && ack_i),
    .d_i   ((32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1),
    .q_o   (next_q)
  );

`ifndef SYNTHESIS
  /* verilator lint_off BLKSEQ */
  logic [31:0] chk_steps;
  always @(posedge clk_i) begin
    chk_steps = 0;
    for (int i = 0; i < 32'(u_ptr.q); i++) chk_steps = chk_steps + 1;
    if (rst_ni && chk_steps >= N) $display("arb_checker: pointer %0d not below N", chk_steps);
  end
  /* verilator lint_on BLKSEQ */
`endif
endmodule
