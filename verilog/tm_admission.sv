// tm_admission: the traffic manager's ingress admission (hw/admission, DT
// and Pushout rules; hw/tm stage 1): up to IN packets a cycle, each slot
// decided on its own (no slot waits for another's decision) against its
// queue's DT threshold and the free count, or, with pushout_i, against the
// free count, the wait allowance and whether its queue is the longest.
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
// Behaviour. Slot i (queue q, n cells) sees the start-of-cycle length
// and free count less the cells of every EARLIER VALID slot of the cycle
// (to q: same_i; in all: all_i), admitted or not: len = qlen(q) + same_i,
// fr = free - all_i. This breaks the slot-to-slot chain and is
// conservative: a refused earlier slot still counts (docs/tm.md, "Admission
// decides every slot on its own"). DT (policies dt, occamy, occamy-lqd):
// admitted iff len + n <= thr(q) and n <= fr. Pushout (pushout_i,
// pushout-ports): admitted iff n <= fr, or else iff some start-of-cycle
// queue is longer than len (len < the longest length: one comparator per
// queue and an OR, not a maximum finder) and fr - n >= -WAIT; the head-
// drop executor then makes room. The admitted cells are taken from the
// free count and added to their queues (qlen_o, free_o: balanced sums);
// serials count admissions from 1 (mod 2^SW) in slot order.
//
// Latency: combinational; the caller registers qlen_o/free_o/serial_o.
// Depth (Yosys 0.23, synth -lut 6; docs/tm.md): the slot's N:1 length mux
// and prefix sums, one comparison, then the sums of the admitted cells.
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

  // The slot chain is broken: slot i is decided against the start-of-cycle
  // length and free count less the cells of every EARLIER VALID slot (to
  // its queue, and in all), as if each had been admitted, so no decision
  // waits for another (conservative: a refused earlier slot still counts).
  // Per slot: its queue's length (an N:1 mux), the prefix sums (slot-queue
  // compares and an adder over at most IN-1 terms), one comparison each.
  localparam int SUMW = LW + NW;       // a prefix sum of at most IN cells counts
  localparam int VW   = QW + SUMW + 1; // a length plus a prefix sum, unsigned
  localparam int DW   = XW + SUMW;     // free less a prefix sum, signed

  logic [IN-1:0] ok;

  // Pushout's "is the arrival's queue not the longest?": some start-of-
  // cycle length exceeds len (the same as len < the longest length), one
  // comparator per queue and an OR, in parallel, not a maximum finder.
  function automatic logic longer(input logic [VW-1:0] len);
    longer = 1'b0;
    for (int p = 0; p < N; p++) longer = longer | (VW'(qlen_i[p*QW +: QW]) > len);
  endfunction

  always @* begin
    logic [IW-1:0]   q;
    logic [SUMW-1:0] same, all;
    logic [VW-1:0]   len;   // qlen(q) + earlier same-queue cells
    logic [DW-1:0]   room;  // free - earlier cells - n, signed
    logic [DW-1:0]   slack; // room + WAIT, signed
    logic            fits;  // n <= fr
    ok = '0;
    for (int i = 0; i < IN; i++) begin
      q    = in_qid_i[i*IW +: IW];
      same = '0;
      all  = '0;
      for (int j = 0; j < i; j++) begin
        if (in_valid_i[j]) begin
          all = all + SUMW'(in_cells_i[j*LW +: LW]);
          if (in_qid_i[j*IW +: IW] == q) same = same + SUMW'(in_cells_i[j*LW +: LW]);
        end
      end
      len   = VW'(qlen_i[q*QW +: QW]) + VW'(same);
      room  = DW'($signed(free_i)) - DW'(all) - DW'(in_cells_i[i*LW +: LW]);
      slack = room + DW'(WAIT);
      fits  = !room[DW-1];
      if (pushout_i) begin
        ok[i] = in_valid_i[i] && (fits || (longer(len) && !slack[DW-1]));
      end else begin
        ok[i] = in_valid_i[i] && fits &&
                len + VW'(in_cells_i[i*LW +: LW]) <= VW'(thr_i[q*QW +: QW]);
      end
    end
  end

  // The admitted slots' effects, from ok, each a balanced sum or select
  // rather than a slot-by-slot update: each queue's length grows by its
  // admitted cells, the free count falls by all of them, slot i's serial
  // and place in the packed list are the admitted slots before it.
  logic [IN*NW-1:0] nbef;  // per slot: admitted slots before it

  always @* begin
    logic [NW-1:0] c;
    c = '0;
    for (int i = 0; i < IN; i++) begin
      nbef[i*NW +: NW] = c;
      c = c + NW'(ok[i]);
    end
  end

  always @* begin
    logic [SUMW-1:0] add, tot;
    tot = '0;
    for (int k = 0; k < N; k++) begin
      add = '0;
      for (int i = 0; i < IN; i++) begin
        if (ok[i] && 32'(in_qid_i[i*IW +: IW]) == k) add = add + SUMW'(in_cells_i[i*LW +: LW]);
      end
      qlen_o[k*QW +: QW] = qlen_i[k*QW +: QW] + QW'(add);
    end
    for (int i = 0; i < IN; i++) begin
      if (ok[i]) tot = tot + SUMW'(in_cells_i[i*LW +: LW]);
    end
    free_o = free_i - (QW+1)'(tot);
  end

  always @* begin
    in_ok_o      = ok;
    serial_o     = serial_i + SW'(nbef[(IN-1)*NW +: NW]) + SW'(ok[IN-1]);
    adm_n_o      = nbef[(IN-1)*NW +: NW] + NW'(ok[IN-1]);
    adm_qid_o    = '0;
    adm_cells_o  = '0;
    adm_serial_o = '0;
    for (int k = 0; k < IN; k++) begin
      for (int i = k; i < IN; i++) begin
        if (ok[i] && 32'(nbef[i*NW +: NW]) == k) begin
          adm_qid_o[k*IW +: IW]    = in_qid_i[i*IW +: IW];
          adm_cells_o[k*LW +: LW]  = in_cells_i[i*LW +: LW];
          adm_serial_o[k*SW +: SW] = serial_i + SW'(k + 1);
        end
      end
    end
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
