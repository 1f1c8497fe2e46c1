module leaf #(parameter int W = 2, parameter int S = -1) (input logic [W-1:0] a_i, output logic [2*W-1:0] y_o);
  localparam int D = 2 * W;
  assign y_o = D'(a_i) << (S < 0 ? 1 : 0);
endmodule
module hier (input logic clk_i, input logic [2:0] a_i, output logic [5:0] y_o, output logic [9:0] z_o);
  logic [4:0] b;
  assign b = {a_i, a_i[1:0]};
  leaf #(.W(3)) u_a (.a_i(a_i), .y_o(y_o));
  leaf #(.W(5), .S(7)) u_b (.a_i(b), .y_o(z_o));
endmodule
