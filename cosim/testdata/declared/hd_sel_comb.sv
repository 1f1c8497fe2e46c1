// hd_sel_comb: a head-drop selector written the way outside Occamy RTL
// often is: N comparators against ONE threshold shared by every queue,
// and the bitmap combinational (no register, no clock). Checked against
// hd_selector's contract through hd_sel_comb.yaml: over_o at latency 0
// and every threshold equal (one alpha class), no wrapper.
//
// Parameters
//   N  (1..256, default 8) queues
//   QW (1..32, default 8)  width of a length and of the threshold
//
// Ports
//   qlen [N*QW-1:0]   queue i's length at [i*QW +: QW]
//   thr  [QW-1:0]     the threshold of every queue
//   over [N-1:0]      combinational: over[i] = qlen i > thr (strictly)
//
// Latency
//   None: over follows qlen and thr in the same cycle.
module hd_sel_comb #(
  parameter int N  = 8,
  parameter int QW = 8
) (
  input  logic [N*QW-1:0] qlen,
  input  logic [QW-1:0]   thr,
  output logic [N-1:0]    over
);

  for (genvar i = 0; i < N; i++) begin : g_q
    assign over[i] = qlen[i*QW +: QW] > thr;
  end

endmodule
