// hd_selector: Occamy head-drop selector, a bank of N comparators and a
// registered over-allocation bitmap.
//
// Parameters
//   N  (1..256, default 64) number of queues
//   QW (1..32,  default 16) width of a queue length and of a threshold, in cells
//
// Ports
//   clk_i, rst_ni        clock; synchronous active-low reset
//   qlen_i [N*QW-1:0]    queue i's length at [i*QW +: QW]
//   thr_i  [N*QW-1:0]    queue i's threshold at [i*QW +: QW] (its class's T_c)
//   over_o [N-1:0]       registered: over_o[i] <= (qlen i > thr i)
//
// Behaviour
//   Strictly greater: a queue exactly at its threshold is not over-allocated.
//   A threshold of 2^QW - 1 (saturated) never marks its queue.
//   Reset (rst_ni = 0 at a rising edge) clears over_o at that edge.
//
// Latency
//   One cycle: inputs held during cycle c appear on over_o during cycle c+1.
`include "occamy_checks.svh"

module hd_selector #(
  parameter int N  = 64,
  parameter int QW = 16
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N*QW-1:0] qlen_i,
  input  logic [N*QW-1:0] thr_i,
  output logic [N-1:0]    over_o
);

  // Elaboration checks (occamy_checks.svh).
  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(hd_selector, N, 1, 256)
    `OCCAMY_CHECK_RANGE(hd_selector, QW, 1, 32)
  `OCCAMY_CHECKS_END

  // QW clamped to 1, so a bad QW reaches the check above instead of failing
  // elaboration with a less helpful message.
  localparam int QS = (QW > 1) ? QW : 1;

  logic [N-1:0] over_d, over_q;

  for (genvar i = 0; i < N; i++) begin : g_cmp
    assign over_d[i] = qlen_i[i*QS +: QS] > thr_i[i*QS +: QS];
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      over_q <= '0;
    end else begin
      over_q <= over_d;
    end
  end

  assign over_o = over_q;

endmodule
