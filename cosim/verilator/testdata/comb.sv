// comb: a throwaway combinational top (no clock): sum and xor of two inputs.
module comb #(
  parameter int W = 16
) (
  input  logic [W-1:0] a_i,
  input  logic [W-1:0] b_i,
  output logic [W:0]   sum_o,
  output logic [W-1:0] xor_o
);
  assign sum_o = a_i + b_i;
  assign xor_o = a_i ^ b_i;
endmodule
