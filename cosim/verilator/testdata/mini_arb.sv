// mini_arb: a throwaway round-robin arbiter with the rr_arbiter port
// contract, written as a plain priority scan, for the cosim tests.
module mini_arb #(
  parameter int N = 4
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic [N-1:0]                         req_i,
  input  logic                                 ack_i,
  output logic                                 gnt_valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx_o
);
  localparam int IW = (N > 1) ? $clog2(N) : 1;
  logic [IW-1:0] ptr_q;
  always_comb begin
    gnt_valid_o = 1'b0;
    gnt_idx_o = '0;
    for (int k = N - 1; k >= 0; k--) begin
      // Scanning down keeps the lowest index at or after the pointer.
      if (req_i[(32'(ptr_q) + k) % N]) begin
        gnt_valid_o = 1'b1;
        gnt_idx_o = IW'((32'(ptr_q) + k) % N);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) ptr_q <= '0;
    else if (gnt_valid_o && ack_i) ptr_q <= (32'(gnt_idx_o) == N - 1) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
