// A correct rr_arbiter that picks its grant with priority if and unique0
// if, which Yosys 0.23 accepts only before case; prove drops the keyword
// (it asserts which branch applies; the branch taken is the plain if's).
// Expected: PROVEN.
module arb_priority_if #(
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
      unique0 if (req_i[i] && W'(i) >= next_q) begin
        lo_idx = W'(i);
        hi_idx = W'(i);
        hi_any = 1'b1;
      end else if (req_i[i] && W'(i) < next_q) begin
        lo_idx = W'(i);
      end
    end
  end

  assign gnt_valid_o = req_i != '0;
  always_comb begin
    priority if (hi_any) gnt_idx_o = hi_idx;
    else gnt_idx_o = lo_idx;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_q <= '0;
    else if (gnt_valid_o && ack_i) next_q <= (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
