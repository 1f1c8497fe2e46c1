// comb: a throwaway combinational top (no clock): sum and xor of two inputs.
module comb (
  input  logic [15:0] a_i,
  input  logic [15:0] b_i,
  output logic [16:0] sum_o,
  output logic [15:0] xor_o
);
  assign sum_o = a_i + b_i;
  assign xor_o = a_i ^ b_i;
endmodule
