// A SUBTLY WRONG dt_threshold: saturation is checked only on bit QW of the
// shifted word, so a shift that carries two or more bits past QW-1 without
// setting bit QW wraps. Otherwise thr_wide.sv. Expected: a counterexample.
module thr_wrap #(
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
      if (s >= 0) w = WW'(free_i) << s;
      else        w = WW'(free_i) >> (-s);
    end
    assign thr_o[c*QW +: QW] = w[QW] ? {QW{1'b1}} : w[QW-1:0];
  end
endmodule
