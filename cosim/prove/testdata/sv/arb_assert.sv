// A correct rr_arbiter with its own checks: a concurrent assertion and an
// immediate one with an action block, both of which Yosys 0.23 cannot
// parse (the second once SYNTHESIS is undefined, as occamy cosim compiles
// it). The miter compares outputs and never took users' assertions; prove
// removes them. Expected: PROVEN.
module arb_assert #(
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

  a_grant_requested: assert property (@(posedge clk_i) disable iff (!rst_ni)
    gnt_valid_o |-> req_i[gnt_idx_o])
    else $error("arb_assert: grant %0d without a request", gnt_idx_o);
  assign gnt_valid_o = req_i != '0;
  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;

  always_ff @(posedge clk_i) begin
    assert (!rst_ni || 32'(next_q) < N)
      else $error("arb_assert: pointer %0d not below N", next_q);
    if (!rst_ni) next_q <= '0;
    else if (gnt_valid_o && ack_i) next_q <= (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
