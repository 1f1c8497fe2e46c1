// A correct hd_selector that keeps its register inverted: under_q holds
// NOT over_o and resets to all ones. A zero power-up therefore shows
// over_o = all ones before the first reset edge, where the Go model shows
// 0: a miter that zero-initialises registers and compares from cycle 0
// would fail this correct design. prove leaves registers free and compares
// from the cycle after the first reset edge. Expected: PROVEN.
module sel_inverted #(
  parameter int N  = 64,
  parameter int QW = 16
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N*QW-1:0] qlen_i,
  input  logic [N*QW-1:0] thr_i,
  output logic [N-1:0]    over_o
);
  logic [N-1:0] under_q, le;
  for (genvar q = 0; q < N; q++) begin : g_q
    assign le[q] = qlen_i[q*QW +: QW] <= thr_i[q*QW +: QW];
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) under_q <= '1;
    else         under_q <= le;
  end
  assign over_o = ~under_q;
endmodule
