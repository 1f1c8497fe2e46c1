// A correct rr_arbiter whose upward scans stop at the first request with
// break. Yosys 0.23 has no break and prove does not rewrite it. Expected:
// refused before Yosys runs, naming break and its line.
module arb_break #(
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
  logic         lo_any, hi_any;

  always_comb begin
    lo_idx = '0;
    lo_any = 1'b0;
    for (int i = 0; i < N; i++) begin
      if (req_i[i]) begin
        lo_idx = W'(i);
        lo_any = 1'b1;
        break;
      end
    end
  end
  always_comb begin
    hi_idx = '0;
    hi_any = 1'b0;
    for (int i = 0; i < N; i++) begin
      if (req_i[i] && W'(i) >= next_q) begin
        hi_idx = W'(i);
        hi_any = 1'b1;
        break;
      end
    end
  end

  assign gnt_valid_o = lo_any;
  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_q <= '0;
    else if (gnt_valid_o && ack_i) next_q <= (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
