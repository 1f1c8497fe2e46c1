// checks: a throwaway top whose input value picks an event: 5 fails an
// immediate assertion, 7 runs $fatal, 9 runs $finish, 3 prints a line.
module checks (
  input  logic       clk_i,
  input  logic [3:0] a_i,
  output logic [3:0] b_o
);
  always_ff @(posedge clk_i) begin
    b_o <= a_i;
    assert (a_i != 4'd5) else $error("a_i is five");
    if (a_i == 4'd7) $fatal(1, "a_i is seven");
    if (a_i == 4'd9) $finish;
    if (a_i == 4'd3) $display("a_i is three");
  end
endmodule
