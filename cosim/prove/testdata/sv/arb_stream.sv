// A correct rr_arbiter that scans a bit-reversed copy of the requests,
// made with the streaming operator {<<{req_i}}, upwards. Yosys 0.23 has no
// streaming operators and prove does not rewrite them. Expected: refused
// before Yosys runs, naming the operator and its line.
module arb_stream #(
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
  logic [N-1:0] rev;

  assign rev = {<<{req_i}};
  always_comb begin
    lo_idx = '0;
    hi_idx = '0;
    hi_any = 1'b0;
    for (int k = 0; k < N; k++) begin
      if (rev[k]) begin
        lo_idx = W'(N - 1 - k);
        if (W'(N - 1 - k) >= next_q) begin
          hi_idx = W'(N - 1 - k);
          hi_any = 1'b1;
        end
      end
    end
  end

  assign gnt_valid_o = req_i != '0;
  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_q <= '0;
    else if (gnt_valid_o && ack_i) next_q <= (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
