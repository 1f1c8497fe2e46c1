// Mutant top-free-off-by-one of cosim/mutation's catalogue (the threshold
// unit sees one free cell less), kept as a wrong top for the scaling table.
// occamy_expulsion: Occamy's whole expulsion path as one block (Go model:
// hw/expulsion).
//
//   u_exe.free_o -> u_thr (dt_threshold) -> threshold per class ---+
//   u_exe.qlen_o ---------------------------------------------------+-> u_sel (hd_selector) -> over
//   over -> u_arb (rr_arbiter).req_i; grant -> u_exe (hd_executor).drop_*; drop_ack_o -> u_arb.ack_i
//
// Parameters
//   N  (1..256,   default 64)    queues
//   Q  (1..min(64, N), default 8) alpha classes = queues per egress port;
//                                queue i uses class (i mod Q)'s threshold
//   QW (1..32,    default 16)    width of a queue length, a threshold, the free count
//   AW (2..8,     default 4)     width of an alpha exponent, signed
//   B  (1..65536 and at most 2^QW - 1, default 16384) buffer cells
//   P  (1..65536, default B)     packet descriptors
//
// Ports
//   clk_i, rst_ni          clock; synchronous active-low reset (all blocks)
//   alpha_i [Q*AW]         class c's exponent at [c*AW +: AW]
//   enq_valid_i, enq_qid_i [IW], enq_eop_i, enq_ready_o
//                          the executor's enqueue port (docs/executor.md)
//   drop_valid_o           a head drop happens at this edge (u_exe.drop_ack_o)
//   drop_qid_o [IW]        the granted queue (u_arb.gnt_idx_o); the dropped
//                          queue when drop_valid_o
//   IW = max(1, clog2(N)).
//
// Timing
//   Queue lengths and the free count are registers of the executor; the
//   selector registers its comparison. So the bitmap the arbiter sees in
//   cycle c compares the lengths and thresholds of cycle c-1, which reflect
//   drops made at the edge ending cycle c-2: a queue can be granted for up
//   to two cycles after the drop that brings it under its threshold, and
//   each such grant drops one more packet if the queue still holds one.
//   A grant of an empty queue is not acked and the arbiter keeps it.
//   The threshold unit sees the free count zero-extended to QW bits (B
//   below 2^QW, so it always fits).
module occamy_expulsion #(
  parameter int N  = 64,
  parameter int Q  = 8,
  parameter int QW = 16,
  parameter int AW = 4,
  parameter int B  = 16384,
  parameter int P  = B
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic [Q*AW-1:0]                      alpha_i,
  input  logic                                 enq_valid_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0] enq_qid_i,
  input  logic                                 enq_eop_i,
  output logic                                 enq_ready_o,
  output logic                                 drop_valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] drop_qid_o
);

  localparam int IW   = (N > 1) ? $clog2(N) : 1;
  localparam int FW   = $clog2(B + 1);
  localparam int QMAX = (N < 64) ? N : 64;           // Q's upper bound
  localparam int BMAX = (QW < 17) ? (1 << QW) - 1 : 65536;  // B's upper bound
  // Q clamped to 1, so a bad Q reaches the check below instead of failing
  // elaboration with a less helpful message.
  localparam int QS   = (Q > 1) ? Q : 1;

  // Elaboration checks, in the Go model's order. Icarus 11 has no
  // elaboration-time system tasks, so it checks at time 0; Verilator and
  // Yosys stop while elaborating.
`ifdef __ICARUS__
  initial begin
    if (N < 1 || N > 256) $fatal(1, "occamy_expulsion: parameter N=%0d out of range, allowed 1..256", N);
    if (Q < 1 || Q > QMAX) $fatal(1, "occamy_expulsion: parameter Q=%0d out of range, allowed 1..%0d", Q, QMAX);
    if (QW < 1 || QW > 32) $fatal(1, "occamy_expulsion: parameter QW=%0d out of range, allowed 1..32", QW);
    if (AW < 2 || AW > 8) $fatal(1, "occamy_expulsion: parameter AW=%0d out of range, allowed 2..8", AW);
    if (P < 1 || P > 65536) $fatal(1, "occamy_expulsion: parameter P=%0d out of range, allowed 1..65536", P);
    if (B < 1 || B > BMAX) $fatal(1, "occamy_expulsion: parameter B=%0d out of range, allowed 1..%0d (the free count must fit in QW bits)", B, BMAX);
  end
`else
  if (N < 1 || N > 256) begin : g_bad_n
    $fatal(1, "occamy_expulsion: parameter N=%0d out of range, allowed 1..256", N);
  end
  if (Q < 1 || Q > QMAX) begin : g_bad_q
    $fatal(1, "occamy_expulsion: parameter Q=%0d out of range, allowed 1..%0d", Q, QMAX);
  end
  if (QW < 1 || QW > 32) begin : g_bad_qw
    $fatal(1, "occamy_expulsion: parameter QW=%0d out of range, allowed 1..32", QW);
  end
  if (AW < 2 || AW > 8) begin : g_bad_aw
    $fatal(1, "occamy_expulsion: parameter AW=%0d out of range, allowed 2..8", AW);
  end
  if (P < 1 || P > 65536) begin : g_bad_p
    $fatal(1, "occamy_expulsion: parameter P=%0d out of range, allowed 1..65536", P);
  end
  if (B < 1 || B > BMAX) begin : g_bad_b
    $fatal(1, "occamy_expulsion: parameter B=%0d out of range, allowed 1..%0d (the free count must fit in QW bits)", B, BMAX);
  end
`endif

  logic [FW-1:0]   free;       // u_exe.free_o
  logic [N*QW-1:0] qlen;       // u_exe.qlen_o
  logic [Q*QW-1:0] thr_class;  // u_thr.thr_o: one threshold per class
  logic [N*QW-1:0] thr_queue;  // queue i's threshold: class (i mod Q)'s
  logic [N-1:0]    over;       // u_sel.over_o
  logic            gnt_valid;
  logic [IW-1:0]   gnt_idx;
  logic            drop_ack;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [FW-1:0]   drop_cells; // not a port of this block
  /* verilator lint_on UNUSEDSIGNAL */

  dt_threshold #(.C(Q), .QW(QW), .AW(AW)) u_thr (
    .free_i  (QW'(free) - QW'(1)),
    .alpha_i (alpha_i),
    .thr_o   (thr_class)
  );

  for (genvar i = 0; i < N; i++) begin : g_thr
    assign thr_queue[i*QW +: QW] = thr_class[(i % QS)*QW +: QW];
  end

  hd_selector #(.N(N), .QW(QW)) u_sel (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .qlen_i (qlen),
    .thr_i  (thr_queue),
    .over_o (over)
  );

  rr_arbiter #(.N(N)) u_arb (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .req_i       (over),
    .ack_i       (drop_ack),
    .gnt_valid_o (gnt_valid),
    .gnt_idx_o   (gnt_idx)
  );

  hd_executor #(.N(N), .QW(QW), .B(B), .P(P)) u_exe (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .enq_valid_i  (enq_valid_i),
    .enq_qid_i    (enq_qid_i),
    .enq_eop_i    (enq_eop_i),
    .enq_ready_o  (enq_ready_o),
    .drop_valid_i (gnt_valid),
    .drop_qid_i   (gnt_idx),
    .drop_ack_o   (drop_ack),
    .drop_cells_o (drop_cells),
    .qlen_o       (qlen),
    .free_o       (free)
  );

  assign drop_valid_o = drop_ack;
  assign drop_qid_o   = gnt_idx;

endmodule
