// Adders, subtractors and comparators of several widths and signedness,
// for TestArithMapMatchesYosys: occamy prove's techmap rules against Yosys's.
module ops (
  input  logic [6:0] a7, b7, input logic [2:0] a3, input logic signed [5:0] s6, t6, input logic signed [2:0] s3,
  input logic a1, b1, input logic signed [0:0] sa1, sb1, input logic [31:0] w32, v32,
  output logic [60:0] y
);
  assign y[6:0]   = a7 + b7;
  assign y[13:7]  = a7 - a3;
  assign y[19:14] = s6 - s3;
  assign y[25:20] = s6 + t6;
  assign y[26] = a7 >= b7;
  assign y[27] = a7 > a3;
  assign y[28] = a3 <= b7;
  assign y[29] = a7 < b7;
  assign y[30] = s6 >= t6;
  assign y[31] = s6 > s3;
  assign y[32] = s3 <= t6;
  assign y[33] = s6 < s3;
  assign y[34] = sa1 < sb1;
  assign y[35] = a1 >= b1;
  assign y[36] = sa1 >= sb1;
  assign y[37] = w32 < v32;
  assign y[38] = $signed(w32) < $signed(v32);
  assign y[46:39] = {1'b0, a7} - {1'b0, b7};
  assign y[47] = (32'(a3) + 5) >= 9;
  assign y[48] = $signed(32'(a3) - 7) >= -2;
  assign y[60:49] = 12'(s6) + 12'(a7);
endmodule
