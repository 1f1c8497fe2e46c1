// loop: a throwaway top with a combinational loop that cannot settle when
// en_i is 1, so Verilator's eval reports a fatal non-convergence.
module loop (
  input  logic clk_i,
  input  logic en_i,
  output logic x_o
);
  logic a, b;
  always_comb a = en_i ? ~b : 1'b0;
  always_comb b = a;
  assign x_o = a;
endmodule
