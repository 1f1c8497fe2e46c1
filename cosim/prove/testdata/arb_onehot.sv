// A correct rr_arbiter whose pointer is a one-hot register instead of a
// binary one: power-up all zeros is not a valid state (no requester is
// "next"), so only a miter that leaves registers free and forces the reset
// in the first cycle proves it; a zero-initialised miter compared from cycle
// 0 would fail it falsely. Expected: PROVEN.
module arb_onehot #(
  parameter int N = 64
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic [N-1:0]                         req_i,
  input  logic                                 ack_i,
  output logic                                 gnt_valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx_o
);
  localparam int W = (N > 1) ? $clog2(N) : 1;
  logic [N-1:0] next_oh;   // one-hot: the requester searched first
  logic [N-1:0] at_or_after;
  logic [W-1:0] lo_idx, hi_idx;
  logic         hi_any, seen;

  always_comb begin
    seen = 1'b0;
    for (int i = 0; i < N; i++) begin
      seen = seen | next_oh[i];
      at_or_after[i] = seen;
    end
    lo_idx = '0;
    hi_idx = '0;
    hi_any = 1'b0;
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) begin
        lo_idx = W'(i);
        if (at_or_after[i]) begin
          hi_idx = W'(i);
          hi_any = 1'b1;
        end
      end
    end
  end

  assign gnt_valid_o = req_i != '0;
  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_oh <= N'(1);
    else if (gnt_valid_o && ack_i) begin
      if (32'(gnt_idx_o) == N - 1) next_oh <= N'(1);
      else next_oh <= N'(1) << (gnt_idx_o + 1'b1);
    end
  end
endmodule
