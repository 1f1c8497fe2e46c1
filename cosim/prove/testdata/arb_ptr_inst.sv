// A correct rr_arbiter whose pointer register is an instance fed
// (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1. Yosys 0.23 fails an
// internal assertion deriving, with hierarchy -chparam, a top whose
// instance connects an expression with '0 in it; prove sets the top's
// parameters with chparam. Expected: PROVEN.
/* verilator lint_off DECLFILENAME */
module arb_ptr_inst_reg #(
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

module arb_ptr_inst #(
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

  arb_ptr_inst_reg #(.W(W)) u_ptr (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .en_i  (gnt_valid_o && ack_i),
    .d_i   ((32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1),
    .q_o   (next_q)
  );
endmodule
