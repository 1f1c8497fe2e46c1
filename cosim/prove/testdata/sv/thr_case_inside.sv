// A correct dt_threshold for AW = 4 whose shift direction is a case inside
// with a wildcard item (4'b1???: a negative exponent): each class shifts
// free_i in a word wide enough for the largest left shift, then saturates
// on any bit above QW-1. Yosys 0.23 has no case inside; prove writes
// case (1'b1) with each item's set as comparisons. Expected: PROVEN.
module thr_case_inside #(
  parameter int C  = 8,
  parameter int QW = 16,
  parameter int AW = 4
) (
  input  logic [QW-1:0]   free_i,
  input  logic [C*AW-1:0] alpha_i,
  output logic [C*QW-1:0] thr_o
);
  localparam int WW = QW + (1 << (AW - 1));
  for (genvar c = 0; c < C; c++) begin : g_c
    logic signed [AW-1:0] s;
    logic [WW-1:0]        w;
    assign s = alpha_i[c*AW +: AW];
    always_comb begin
      case (s) inside
        4'b1???: w = WW'(free_i) >> (-s);
        default: w = WW'(free_i) << s;
      endcase
    end
    assign thr_o[c*QW +: QW] = (w >> QW) != '0 ? {QW{1'b1}} : w[QW-1:0];
  end
endmodule
