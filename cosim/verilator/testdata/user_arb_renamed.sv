// user_arb_renamed: a throwaway user arbiter that breaks the rr_arbiter
// contract by naming its grant index grant_idx_o instead of gnt_idx_o.
module user_arb_renamed #(
  parameter int N = 4
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [N-1:0]         req_i,
  input  logic                 ack_i,
  output logic                 gnt_valid_o,
  output logic [$clog2(N)-1:0] grant_idx_o
);
  assign gnt_valid_o = |req_i & rst_ni & ~ack_i | clk_i;
  assign grant_idx_o = '0;
endmodule
