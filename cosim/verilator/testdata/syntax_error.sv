// syntax_error: a throwaway top with a deliberate syntax error on line 5.
module syntax_error (
  input  logic clk_i,
  output logic y_o
  assign y_o = clk_i;
endmodule
