// tm_admission: the traffic manager's ingress admission (hw/admission, DT
// and Pushout rules; hw/tm stage 1): up to IN packets a cycle, decided in
// slot order against the queue's DT threshold and the free count, or, with
// pushout_i, against the free count, the wait allowance and the longest
// queue (u_maxq, a tm_maxfind over every queue).
//
// Parameters
//   N      (1..256, default 64)  queues
//   QW     (2..32,  default 16)  width of a queue length, threshold, free count
//   LW     (1..13,  default 7)   width of a packet's cell count
//   IN     (1..64,  default 4)   ingress slots per cycle
//   SW     (1..32,  default 16)  serial bits kept
//   WAIT   (0..2^QW-1, default 0) Pushout: cells that may wait for room (the
//                                 free count goes down to -WAIT)
//   Derived: IW = max(1, clog2(N)), NW = clog2(IN+1), FW = QW+1 (a signed
//   free count, two's complement).
//
// Ports
//   in_valid_i [IN], in_qid_i [IN*IW], in_cells_i [IN*LW]   the offers; slot
//                 order is arrival (Offer) order
//   qlen_i [N*QW]  start-of-cycle queue lengths (registers)
//   thr_i  [N*QW]  queue i's DT threshold this cycle (its class's, from the
//                  start-of-cycle free count)
//   pushout_i      the Pushout rule (policy pushout-ports), else DT
//   free_i [FW]    start-of-cycle free count, signed (negative only under
//                  Pushout: admitted cells waiting for room)
//   serial_i [SW]  serial of the last admitted packet (0 after reset)
//   in_ok_o [IN]   comb: slot i admitted
//   qlen_o [N*QW]  comb: queue lengths after this cycle's admissions
//   free_o [FW]    comb: free count after them, signed
//   serial_o [SW]  comb: serial of the last packet admitted so far
//   adm_n_o [NW]   comb: packets admitted this cycle
//   adm_qid_o, adm_cells_o, adm_serial_o  comb: the admitted packets packed
//                  from entry 0 in slot order (entries >= adm_n_o are 0)
//
// Behaviour. DT (policies dt, occamy, occamy-lqd): slot i with queue q and
// n cells is admitted iff qlen(q) + n <= thr(q) and n <= free, where
// qlen(q) and free are the running values (earlier admissions of the cycle
// included) and thr is the start-of-cycle threshold. Pushout (pushout_i,
// pushout-ports): admitted iff n <= free, or else iff qlen(q) < the longest
// start-of-cycle queue length (u_maxq.max_o: q is not the longest) and
// free - n >= -WAIT; the head-drop executor then makes room. Admission
// takes the cells from the free count and adds them to the queue at once.
// Serials count admissions from 1 (mod 2^SW).
//
// Latency: combinational; the caller registers qlen_o/free_o/serial_o.
// Corner cases: a packet exactly at the threshold (qlen + n == thr) is
// admitted; a saturated threshold (all ones) still needs n <= free.
// Assertions (`ifndef SYNTHESIS): a valid slot names a queue below N and
// 1.. cells (its MAXPKT bound is the caller's).
`include "occamy_checks.svh"

module tm_admission #(
  parameter int  N    = 64,
  parameter int  QW   = 16,
  parameter int  LW   = 7,
  parameter int  IN   = 4,
  parameter int  SW   = 16,
  parameter int  WAIT = 0,
  // Derived, not to be set:
  localparam int IW   = (N > 1) ? $clog2(N) : 1,  // queue index
  localparam int NW   = $clog2(IN + 1)            // admitted-packet count
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [IN-1:0]    in_valid_i,
  input  logic [IN*IW-1:0] in_qid_i,
  input  logic [IN*LW-1:0] in_cells_i,
  input  logic [N*QW-1:0]  qlen_i,
  input  logic [N*QW-1:0]  thr_i,
  input  logic             pushout_i,
  input  logic [QW:0]      free_i,
  input  logic [SW-1:0]    serial_i,
  output logic [IN-1:0]    in_ok_o,
  output logic [N*QW-1:0]  qlen_o,
  output logic [QW:0]      free_o,
  output logic [SW-1:0]    serial_o,
  output logic [NW-1:0]    adm_n_o,
  output logic [IN*IW-1:0] adm_qid_o,
  output logic [IN*LW-1:0] adm_cells_o,
  output logic [IN*SW-1:0] adm_serial_o
);

  localparam int XW = QW + 2;  // free - n, and + WAIT, without overflow

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm_admission, N, 1, 256)
    `OCCAMY_CHECK_RANGE(tm_admission, QW, 2, 32)
    `OCCAMY_CHECK_RANGE(tm_admission, IN, 1, 64)
    `OCCAMY_CHECK(g_bad_wait, WAIT < 0 || (QW < 31 && WAIT > (1 << QW) - 1),
      $fatal(1, "tm_admission: parameter WAIT=%0d out of range, allowed 0..2^QW-1", WAIT))
  `OCCAMY_CHECKS_END

  // Pushout's "is the arrival's queue the longest?": the longest start-of-
  // cycle queue, a real maximum finder over every queue (its index unused);
  // every queue is a candidate under pushout_i, none otherwise (max_o is then
  // unused; no candidate skips the compares in the Verilated model).
  logic [QW-1:0] maxq;
  /* verilator lint_off UNUSEDSIGNAL */
  logic          maxq_valid;
  logic [IW-1:0] maxq_idx;
  /* verilator lint_on UNUSEDSIGNAL */

  tm_maxfind #(.N(N), .QW(QW)) u_maxq (
    .cand_i  ({N{pushout_i}}),
    .qlen_i  (qlen_i),
    .valid_o (maxq_valid),
    .idx_o   (maxq_idx),
    .max_o   (maxq)
  );

  always @* begin
    logic [IW-1:0] q;
    logic [QW:0]   need;
    logic [QW:0]   fr;
    logic [XW-1:0] room;   // free - n, signed
    logic [XW-1:0] slack;  // free - n + WAIT, signed
    logic          fits, ok;
    logic [NW-1:0] cnt;
    logic [SW-1:0] ser;
    qlen_o       = qlen_i;
    fr           = free_i;
    cnt          = '0;
    ser          = serial_i;
    in_ok_o      = '0;
    adm_qid_o    = '0;
    adm_cells_o  = '0;
    adm_serial_o = '0;
    for (int i = 0; i < IN; i++) begin
      q    = in_qid_i[i*IW +: IW];
      need  = {1'b0, qlen_o[q*QW +: QW]} + (QW+1)'(in_cells_i[i*LW +: LW]);
      room  = {fr[QW], fr} - XW'(in_cells_i[i*LW +: LW]);
      slack = room + XW'(WAIT);
      fits  = !room[XW-1];
      if (pushout_i) begin
        ok = fits || (qlen_o[q*QW +: QW] < maxq && !slack[XW-1]);
      end else begin
        ok = need <= {1'b0, thr_i[q*QW +: QW]} && fits;
      end
      if (in_valid_i[i] && ok) begin
        in_ok_o[i]              = 1'b1;
        qlen_o[q*QW +: QW]      = QW'(need);
        fr                      = fr - (QW+1)'(in_cells_i[i*LW +: LW]);
        ser                     = ser + SW'(1);
        adm_qid_o[cnt*IW +: IW] = q;
        adm_cells_o[cnt*LW +: LW] = in_cells_i[i*LW +: LW];
        adm_serial_o[cnt*SW +: SW] = ser;
        cnt                     = cnt + NW'(1);
      end
    end
    free_o   = fr;
    serial_o = ser;
    adm_n_o  = cnt;
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      for (int i = 0; i < IN; i++) begin
        if (in_valid_i[i]) begin
          assert (32'(in_qid_i[i*IW +: IW]) < N)
            else $error("tm_admission: slot %0d queue %0d outside 0..%0d",
                        i, in_qid_i[i*IW +: IW], N - 1);
          assert (in_cells_i[i*LW +: LW] != '0)
            else $error("tm_admission: slot %0d offers 0 cells", i);
        end
      end
    end
  end
`endif

endmodule
