// A correct dt_threshold for AW = 4 whose shift direction is decided by
// wildcard equalities (s !=? 4'b0???: a negative exponent; s ==? 4'b0???:
// not): each class shifts free_i in a word wide enough for the largest
// left shift, then saturates on any bit above QW-1. Yosys 0.23 has no ==?
// or !=?; prove compares with the wildcard bits set on both sides,
// ((s) | MASK) == VALUE. Expected: PROVEN.
module thr_wildeq #(
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
      if (s !=? 4'b0???) w = WW'(free_i) >> (-s);
      else if (s ==? 4'b0???) w = WW'(free_i) << s;
      else w = '0;
    end
    assign thr_o[c*QW +: QW] = (w >> QW) != '0 ? {QW{1'b1}} : w[QW-1:0];
  end
endmodule
