// A correct rr_arbiter whose scan is a function returning from inside its
// loop at the first request. Yosys 0.23 has no return; prove rewrites only
// a return that ends its function. Expected: refused before Yosys runs,
// naming the return and its line.
module arb_return_early #(
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

  // The first set bit of r at or after from, circularly (0 when none).
  function automatic logic [W-1:0] first(input logic [N-1:0] r, input logic [W-1:0] from);
    for (int k = 0; k < N; k++) begin
      logic [W-1:0] j = W'((32'(from) + k) % N);
      if (r[j]) return j;
    end
    return '0;
  endfunction

  assign gnt_valid_o = req_i != '0;
  assign gnt_idx_o   = first(req_i, next_q);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_q <= '0;
    else if (gnt_valid_o && ack_i) next_q <= (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
