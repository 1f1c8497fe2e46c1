// Probes of inside, case inside, ==? and !=? on values where IEEE 1800,
// plain Verilog compares and Verilator 5.006 can part: signed and unsigned
// operands of different widths, negative values, casts that narrow an int,
// a bound that wraps at the set's width. Each bit of y is one probe.
// TestInsideMatchesVerilator evaluates the lowered text with Yosys;
// TestInsideProbeOnVerilator runs it on Verilator; both compare y with the
// value Verilator 5.006 gave (insideProbeWant).
module inside_probe (output logic [38:0] y);
  logic signed [2:0] e3;
  logic signed [3:0] e4;
  logic [2:0] u3;
  assign e3 = 3'sb111;
  assign e4 = 4'sb1111;
  assign u3 = 3'd5;
  // inside: own-sign extension to the widest operand, signed compare only
  // when every operand is signed.
  assign y[0] = e3 inside {[3'd0 : 3'd7]};
  assign y[1] = e3 inside {8'd255};
  assign y[2] = u3 inside {[3'd0 : 8'd200]};
  assign y[3] = e4 inside {[-4'sd2 : 4'sd2]};
  assign y[4] = e4 inside {[-2 : 2]};
  assign y[5] = e3 inside {[-1 : -1]};
  assign y[6] = u3 inside {[-3 : 6]};
  assign y[7] = e3 inside {3'sb111};
  assign y[8] = u3 inside {[3'd4 : 3'd6], 3'd7};
  assign y[9]  = e3 inside {[8'd8 : 8'd255]};
  assign y[10] = e3 inside {[-3'sd4 : 3'sd0], 8'd9};
  assign y[11] = e4 inside {[-4'sd2 : 4'sd2]};
  assign y[12] = e3 inside {[-3'sd4 : 3'sd0]};
  assign y[13] = e3 inside {[-3'sd4 : 3'sd0], 3'd7};
  assign y[14] = e3 inside {[-3'sd4 : 3'sd0], 8'd0};
  assign y[15] = u3 inside {[3'd0 : 3'd5]};
  assign y[16] = e4 inside {[4'sd0 : 4'sd7], 4'sb1??1};
  // case inside: ranges compare unsigned even when every operand is signed.
  always_comb begin
    case (e3) inside [-3'sd4 : 3'sd0], 8'd0: y[17] = 1; default: y[17] = 0; endcase
    case (e3) inside 8'd255: y[18] = 1; default: y[18] = 0; endcase
    case (e3) inside [-3'sd4 : 3'sd0]: y[19] = 1; default: y[19] = 0; endcase
    case (e3) inside [8'd8 : 8'd255]: y[20] = 1; default: y[20] = 0; endcase
    case (u3) inside [3'd0 : 8'd200]: y[21] = 1; default: y[21] = 0; endcase
    case (u3) inside [3'd0 : 3'd4], [3'd6 : 3'd7]: y[22] = 1; default: y[22] = 0; endcase
    case (u3) inside [-3'sd4 : 3'sd0]: y[23] = 1; default: y[23] = 0; endcase
  end
  // ==? and !=?: plain Verilog sizing (a signed operand is zero-extended
  // against an unsigned one), unlike an inside item.
  assign y[24] = u3 inside {[-3'sd4 : 3'sd0]};
  assign y[25] = e3 inside {[3'sd0 : 8'sd7]};
  assign y[26] = e3 ==? 8'b1111_111?;
  assign y[27] = e3 !=? 8'b0000_011?;
  assign y[28] = u3 ==? 4'sb11?1;
  assign y[29] = e3 inside {8'b1111_111?};
  // Casts that narrow an int (Yosys 0.23 sizes them as the int).
  int i5;
  assign i5 = 5;
  assign y[30] = 3'(i5) inside {[3'd6 : 3'(7)]};
  assign y[31] = 3'(i5) inside {[3'd4 : 3'(7)]};
  assign y[32] = 3'(i5) inside {[-3'sd4 : 3'(7)]};
  assign y[33] = int'(e3) inside {[-2 : 2]};
  always_comb begin
    case (3'(i5)) inside [3'd4 : 3'(6)]: y[34] = 1; default: y[34] = 0; endcase
    case (3'(i5)) inside 3'(5): y[35] = 1; default: y[35] = 0; endcase
  end
  logic [2:0] n7, n6;
  assign n7 = 3'd7;
  assign n6 = 3'd6;
  assign y[36] = 3'(i5) inside {[3'd4 : n7 + 1'b1]};
  assign y[37] = 3'(i5) inside {[8'd250 : 8'd255]};
  assign y[38] = 3'(i5) inside {[n6 : 3'(7)]};
endmodule
