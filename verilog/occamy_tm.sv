// occamy_tm: the traffic manager in Verilog, cycle-exact with the Go model
// hw/tm at the port contract of docs/tm.md ("The Verilog top: occamy_tm").
//
// Scope: policies dt, occamy, occamy-lqd and pushout-ports (the ideal
// pushout, with its instant backdoor expulsion, and abm, with a divider per
// class, are not hardware as hw/tm models them); free modes cell and chain; K in {1, 2, 4, 8};
// schedulers sp and drr; the head-drop re-check; memory read latency 1 and
// the Go default budgets (pd_mem 1 read / 2 writes, cp_mem 2K / K, cd_mem
// K / K).
//
// Parameters (Verilog parameter = tm.Config field)
//   P      (1..32,  default 8)     egress ports
//   Q      (1..8,   default 8)     queues per port = alpha classes; queue i is
//                                  port i/Q, class i%Q
//   B      (1..min(65535, 2^QW-1), default 16384) buffer cells = PDs
//   K      (1, 2, 4, 8, default 4) cell-pointer sub-lists = free banks
//   QW     (2..32,  default 16)    queue length / threshold / free width
//   AW     (2..8,   default 4)     signed alpha exponent width
//   MAXPKT (1..min(B, 4095), ceil(MAXPKT/K) <= floor(B/K), default 64)
//                                  largest packet, cells (MaxPkt)
//   IN     (1..64,  default 4)     ingress slots per cycle (MaxOffers)
//   TXWIN  (1..4096, default 16)   transmit window (TxWindow)
//   SW     (1..32,  default 16)    serial bits in a cell tag (Go serials mod 2^SW)
//   PUSHOUT_WAIT (0..65535, default 256) pushout-ports: cells admitted beyond
//                                  the free ones, waiting for room
//                                  (PushoutWait), capped at B and 2^QW-1-B
//                                  (WAIT): the ingress FIFO holds
//                                  2^clog2(B+WAIT) packets
//   Derived: N = P*Q, IW = max(1, clog2(N)), LW = clog2(MAXPKT+1),
//   CW = max(1, clog2(B)), TW = SW+LW, WAIT = min(PUSHOUT_WAIT, B,
//   2^QW-1-B) (a queue length with its waiting cells fits in QW bits).
//
// Run-time configuration, constant from reset on: cfg_policy_i (0 dt,
// 1 occamy, 2 occamy-lqd, 3 pushout-ports), cfg_chain_i (FreeMode chain), cfg_drr_i (Sched
// drr), cfg_recheck_i (HDRecheck), cfg_alpha_i (Q*AW, class c's signed
// exponent at [c*AW +: AW]), cfg_quantum_i (Q*16), cfg_r_i (R, 1..1024).
//
// Ports: docs/tm.md's table. in_ok_o (for the cycle before's offers),
// eg_* and hd_* are combinational for the cycle; qlen_o, free_o and
// wait_o are the registers at the start of the cycle (hw/tm Probe after
// the previous Step); the port-use counts pd_rd_o .. cd_wr_o are the
// cycle before's (registered, 0 after reset; issue 29, usereg). The free
// count is a signed QW+1-bit register, negative only under pushout-ports
// while admitted cells wait: free_o = max(free, 0), wait_o = max(-free, 0).
//
// The thresholds' free count (tfree_q) is a second register: free_q plus
// the executor's cells unlinked and not yet freed (fly_q), so a head drop
// credits the thresholds at its unlink, when its queue's length drops
// (docs/tm.md, "The thresholds see a head drop at its unlink").
//
// One cycle (hw/tm's stage order, which is the port priority): 0 the DT
// thresholds registered a cycle before (thr_q: u_thr of the cycle before's
// thresholds' free count, hw/tm ThrLag) and the selector's compare (u_sel,
// registered); 1 admission (u_adm: this cycle's offers
// registered, the cycle before's decided, the decisions of two cycles
// before applied from u_adm's effects register);
// A the unlink of the PD read issued last cycle (u_pdl, then
// u_deq or u_hd); B the dequeue's cell round (u_deq: cd reads, cp reads on
// ports 0..); C the PD read of last cycle's grant (gv_q) and its packet
// booked at u_egress, then the scheduler's grant into the grant register
// (u_sched); D the head drop's choice (u_choice, from u_arb's grant of the
// cycle before: agv_q, agq_q) and its PD read on the port C left (u_hd);
// E the enqueue round (u_enq: free-list pops on the next cp read ports,
// cd writes, the PD write and link); F the dequeue's frees, registered in
// u_deq a cycle before (u_fl: cp writes from port 0; hw/tm DeqFreeLag);
// G the head drop's cells on what is left (u_hd);
// H egress (u_egress).
//
// Memories (sram_mp, a vendor macro can replace each): u_pd_mem the PD
// bodies {serial, cells, K heads, K tails} (tm_sram_wide, sram_mp slices),
// u_pd_link the PD links {next PD, its cells} (the Go model's partial PD
// write), u_cp_mem the ONE cell-pointer memory of the sub-lists and the
// free list (2K read and K write ports, threaded by its reset), u_cd_mem
// the cell data (K / K): each cell holds its tag {serial mod 2^SW, cell
// index}, which egress reports as read back, so a corrupted chain shows
// as a wrong tag. A PD's index is its packet's first cell (tm_pd_lists).
//
// Latency: an offer is decided the cycle after it (in_ok_o for the offers
// of the cycle before, hw/tm AdmitLag = 1), its effects are registered in
// u_adm the cycle after that and take effect (queue length, free count;
// the packet loads u_enq's next-packet register) the cycle after that
// (hw/tm AdmitSettle = 2: no path from the decision register into qlen_q,
// free_q, the PD lists, the PD read or the enqueue; docs/tm.md, "Admission
// in three stages" and "Admission's effects are a register"); its first
// round comes a cycle later still (u_enq takes only from that register,
// hw/tm EnqTakeLag, issue 29: no path from adm_* or u_ing's read data
// through the round into u_fl or u_pdl; hazard: the packet in the
// register is in its queue's length but not on its PD list, as one in the
// FIFO, so no dequeue, unlink or head drop reaches it); each round is
// decided a cycle before it pops and links (u_enq's stage X, hw/tm
// EnqGoLag, issue 29: no path from u_fl's counts through the round's go
// into u_fl, u_hd's lanes, cp_raddr or u_pdl; hazard: the decision reads
// the counts less the pops in flight, not this cycle's frees).
// A dequeue: granted in t, its PD read and booking in t+1, its unlink in
// t+2 (the grant registered, issue 29: no path from the scheduler to the
// PD read address). A dequeue round's frees reach u_fl and the free count
// a cycle after the round (u_deq's free register, hw/tm DeqFreeLag, issue
// 29: no path from u_deq's job FIFO into u_fl, u_hd or cp_mem's writes);
// hazards: a freed cell is popped two cycles after its round at the
// earliest, after its data and link were read there; stage F (those
// frees) still precedes stage G (the head drop's) on a shared bank.
// A head drop under occamy: u_arb grants in t (over_i & cand_i of t), the
// register holds the grant from t+1 until the executor takes it (its PD
// read in that cycle, while the queue is over and a candidate then), the
// unlink a cycle after the read (issue 29, arbreg: no path from the
// candidates through u_arb into the PD read address or u_arb's pointer).
// Corner cases (docs/tm.md): a head drop waits for the PD port a dequeue
// holds; a grant whose queue a head drop emptied is cancelled; a link
// behind a PD being read is forwarded; a bank's last cell is popped
// without a read; an append into an empty bank writes nothing.
// Style note: the combinational processes of occamy_tm and its tm_*
// sub-modules are `always @*` blocks, not always_comb: Icarus 11 re-ran
// several always_comb blocks of this design (loops with local variables)
// forever within one time step once traffic started; `always @*` has the
// same meaning for these blocks (each assigns every output on every pass)
// and both simulators run it (Verilator -Wall and Icarus -Wall clean).
// Assertions (`ifndef SYNTHESIS): the sub-modules' own, plus cells
// conserved at the free count (free + queued <= B) and port budgets.
`include "occamy_checks.svh"

module occamy_tm #(
  parameter int  P      = 8,
  parameter int  Q      = 8,
  parameter int  B      = 16384,
  parameter int  K      = 4,
  parameter int  QW     = 16,
  parameter int  AW     = 4,
  parameter int  MAXPKT = 64,
  parameter int  IN     = 4,
  parameter int  TXWIN  = 16,
  parameter int  SW     = 16,
  parameter int  PUSHOUT_WAIT = 256,
  // Derived, not to be set:
  localparam int N      = P * Q,                   // queues
  localparam int IW     = (N > 1) ? $clog2(N) : 1,  // queue index
  localparam int LW     = $clog2(MAXPKT + 1),       // cells of a packet
  localparam int TW     = SW + LW,                  // cell tag {serial, cell index}
  localparam int RW     = $clog2(2 * K + 1),        // cp_mem reads in a cycle, 0..2K
  localparam int WW     = $clog2(K + 1)             // a count 0..K (writes, reads of K ports)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic [1:0]        cfg_policy_i,
  input  logic              cfg_chain_i,
  input  logic              cfg_drr_i,
  input  logic              cfg_recheck_i,
  input  logic [Q*AW-1:0]   cfg_alpha_i,
  input  logic [Q*16-1:0]   cfg_quantum_i,
  input  logic [10:0]       cfg_r_i,
  input  logic [IN-1:0]     in_valid_i,
  input  logic [IN*IW-1:0]  in_qid_i,
  input  logic [IN*LW-1:0]  in_cells_i,
  output logic [IN-1:0]     in_ok_o,
  output logic [P-1:0]      eg_valid_o,
  output logic [P*IW-1:0]   eg_qid_o,
  output logic [P*TW-1:0]   eg_tag_o,
  output logic              hd_valid_o,
  output logic [IW-1:0]     hd_qid_o,
  output logic [LW-1:0]     hd_cells_o,
  output logic [N*QW-1:0]   qlen_o,
  output logic [QW-1:0]     free_o,
  output logic [QW-1:0]     wait_o,
  output logic              pd_rd_o,
  output logic [1:0]        pd_wr_o,
  output logic [RW-1:0]     cp_rd_o,
  output logic [WW-1:0]     cp_wr_o,
  output logic [WW-1:0]     cd_rd_o,
  output logic [WW-1:0]     cd_wr_o
);

  localparam int CW  = (B > 1) ? $clog2(B) : 1;
  localparam int BNW = $clog2(B + 1);
  localparam int PW  = (P > 1) ? $clog2(P) : 1;
  localparam int BW  = SW + LW + 2 * K * CW;
  localparam int NW  = $clog2(IN + 1);

  // Elaboration checks (occamy_checks.svh), in hw/tm Config.Validate's
  // order and with its messages (the registry's block name "tm"). BMAX,
  // PMAX and KS are the bounds the checks need (KS: K clamped so a bad K
  // reaches its own check).
  localparam int BMAX = (QW < 17) ? (1 << ((QW > 1) ? QW : 1)) - 1 : 65535;
  localparam int PMAX = (B < 4095) ? B : 4095;
  localparam int KS   = (K > 0) ? K : 1;
  // WAIT: PUSHOUT_WAIT capped at B and at QMAX-B (testbench/blocks/tm Wait).
  localparam int QMAX = (QW < 17) ? (1 << ((QW > 1) ? QW : 1)) - 1 : 131071;
  localparam int WAIT = (PUSHOUT_WAIT < 0 || B < 0 || QMAX < B) ? 0 :
                        (PUSHOUT_WAIT < B && PUSHOUT_WAIT < QMAX - B) ? PUSHOUT_WAIT :
                        (B < QMAX - B) ? B : QMAX - B;
  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm, P, 1, 32)
    `OCCAMY_CHECK_RANGE(tm, Q, 1, 8)
    `OCCAMY_CHECK_RANGE(tm, QW, 2, 32)
    `OCCAMY_CHECK_RANGE(tm, AW, 2, 8)
    `OCCAMY_CHECK(g_bad_b, B < 1 || B > BMAX,
      $fatal(1, "tm: parameter B=%0d out of range, allowed 1..%0d %s", B, BMAX,
             "(the free count and a queue length must fit in QW bits)"))
    `OCCAMY_CHECK(g_bad_maxpkt, MAXPKT < 1 || MAXPKT > PMAX,
      $fatal(1, "tm: parameter MAXPKT=%0d out of range, allowed 1..%0d %s", MAXPKT, PMAX,
             "(a packet must fit in the buffer)"))
    `OCCAMY_CHECK(g_bad_k, K != 1 && K != 2 && K != 4 && K != 8,
      $fatal(1, "tm: parameter K=%0d out of range, allowed 1..8 (one of 1, 2, 4, 8)", K))
    `OCCAMY_CHECK(g_bad_bank, (MAXPKT + KS - 1) / KS > B / KS,
      $fatal(1, "tm: parameter MAXPKT=%0d out of range, allowed 1..%0d %s K=%0d %s",
             MAXPKT, (B / KS) * KS, "(a packet's longest sub-list must fit in one of the", K,
             "free banks of B/K cells)"))
    `OCCAMY_CHECK_RANGE(tm, TXWIN, 1, 4096)
    `OCCAMY_CHECK_RANGE(tm, IN, 1, 64)
    `OCCAMY_CHECK_RANGE(tm, SW, 1, 32)
    `OCCAMY_CHECK_RANGE(tm, PUSHOUT_WAIT, 0, 65535)
  `OCCAMY_CHECKS_END

  // ---- Registers of the top ----
  logic [N*QW-1:0] qlen_q, qlen_d;
  logic [QW:0]     free_q, free_d;   // signed: negative while cells wait (pushout-ports)
  logic [QW:0]     tfree_q, tfree_d; // the thresholds' free count: free_q + fly_q
  logic [QW:0]     tfree_adm;        // free_adm + fly_q: pushout-ports' trigger
  logic [QW-1:0]   fly_q, fly_d;     // the executor's cells unlinked, not yet in free_q
  logic [SW-1:0]   serial_q, serial_d;
  logic            rdv_q, rdv_d;     // a head-PD read was issued last cycle
  logic            rdhd_q, rdhd_d;   // ... by the head drop (else the dequeue)
  logic [IW-1:0]   rdq_q, rdq_d;     // its queue
  logic [PW-1:0]   rdp_q, rdp_d;     // its port (dequeue)
  logic            gv_q;             // the scheduler granted last cycle: its PD read is now
  logic [IW-1:0]   gq_q;             // ... that queue
  logic [PW-1:0]   gp_q;             // ... its port
  logic [N-1:0]    rdoh_q, rdoh_d;   // the read's queue decoded: rdq_q one-hot, ungated
  logic [N-1:0]    rdo;              // the read's queue one-hot: rdv_q && rdq_q == q

  // ---- Stage 0: thresholds and selector ----
  // The class thresholds are a register (hw/tm ThrLag = 1): thr_q holds
  // u_thr's thresholds of the cycle before's tfree_q, one cycle stale, so
  // u_thr's 4 levels end at thr_q and u_sel, u_adm and u_choice start at
  // it. Reset: the thresholds of the reset free count B (u_thr_rst, a
  // shift of a constant by cfg_alpha_i, constant from reset on).
  logic [Q*QW-1:0] thr_d, thr_q, thr_rst;
  logic [N*QW-1:0] thrq;
  logic [N-1:0]    over;
  logic [QW-1:0]   free_pos;         // the free count clamped at 0
  logic [QW-1:0]   tfree_pos;        // the thresholds' free count clamped at 0

  assign free_pos  = free_q[QW] ? '0 : free_q[QW-1:0];
  assign tfree_pos = tfree_q[QW] ? '0 : tfree_q[QW-1:0];

  dt_threshold #(.C(Q), .QW(QW), .AW(AW)) u_thr (
    .free_i(tfree_pos), .alpha_i(cfg_alpha_i), .thr_o(thr_d)
  );

  dt_threshold #(.C(Q), .QW(QW), .AW(AW)) u_thr_rst (
    .free_i(QW'(B)), .alpha_i(cfg_alpha_i), .thr_o(thr_rst)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) thr_q <= thr_rst;
    else         thr_q <= thr_d;
  end

  for (genvar i = 0; i < N; i++) begin : g_thrq
    assign thrq[i*QW +: QW] = thr_q[(i % Q)*QW +: QW];
  end

  hd_selector #(.N(N), .QW(QW)) u_sel (
    .clk_i, .rst_ni, .qlen_i(qlen_q), .thr_i(thrq), .over_o(over)
  );

  // ---- Stage 1: admission ----
  logic [N*QW-1:0]          qlen_adm;
  logic [QW:0]              free_adm;
  logic [NW-1:0]            adm_n;
  logic [IN*IW-1:0]         adm_qid;
  logic [IN*LW-1:0]         adm_cells;
  logic [IN*SW-1:0]         adm_serial;
  logic [LW+NW-1:0]         adm_tot;

  tm_admission #(.N(N), .QW(QW), .LW(LW), .IN(IN), .SW(SW), .WAIT(WAIT)) u_adm (
    .clk_i, .rst_ni,
    .in_valid_i, .in_qid_i, .in_cells_i,
    .qlen_i(qlen_q), .thr_i(thrq), .pushout_i(cfg_policy_i == 2'd3), .free_i(free_q),
    .serial_i(serial_q),
    .in_ok_o, .qlen_o(qlen_adm), .free_o(free_adm), .serial_o(serial_d), .tot_o(adm_tot),
    .adm_n_o(adm_n), .adm_qid_o(adm_qid), .adm_cells_o(adm_cells), .adm_serial_o(adm_serial)
  );

  // ---- PD memory: bodies and links ----
  logic          pd_rd;
  logic [CW-1:0] pd_rd_addr;
  logic [BW-1:0] pd_body;
  logic [CW-1:0] pd_next;
  logic [LW-1:0] pd_nlen;
  logic          link, link_pred;
  logic [IW-1:0] link_qid;
  logic [CW-1:0] link_pd, link_tail;
  logic [LW-1:0] link_cells;
  logic [BW-1:0] link_body;

  /* verilator lint_off UNUSEDSIGNAL */
  logic pd_body_vld, pd_link_vld;
  /* verilator lint_on UNUSEDSIGNAL */

  tm_sram_wide #(.DEPTH(B), .WIDTH(BW), .RP(1), .WP(1), .LAT(1)) u_pd_mem (
    .clk_i, .rst_ni,
    .rd_en_i(pd_rd), .rd_addr_i(pd_rd_addr), .rd_valid_o(pd_body_vld), .rd_data_o(pd_body),
    .wr_en_i(link), .wr_addr_i(link_pd), .wr_data_i(link_body)
  );

  sram_mp #(.DEPTH(B), .WIDTH(CW + LW), .RP(1), .WP(1), .LAT(1)) u_pd_link (
    .clk_i, .rst_ni,
    .rd_en_i(pd_rd), .rd_addr_i(pd_rd_addr), .rd_valid_o(pd_link_vld),
    .rd_data_o({pd_next, pd_nlen}),
    .wr_en_i(link && link_pred), .wr_addr_i(link_tail), .wr_data_i({link_pd, link_cells})
  );

  // ---- Stage A: PD lists and the unlink ----
  logic [N-1:0]    nonempty;
  logic [N*LW-1:0] head_len;
  logic [IW-1:0]   rd_qid;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [N*BNW-1:0] pd_cnt;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LW-1:0]   unl_cells;

  assign unl_cells = pd_body[2*K*CW +: LW];

  tm_pd_lists #(.N(N), .B(B), .LW(LW)) u_pdl (
    .clk_i, .rst_ni,
    .unl_i(rdv_q), .unl_oh_i(rdo), .unl_next_i(pd_next), .unl_nlen_i(pd_nlen),
    .rd_i(pd_rd), .rd_qid_i(rd_qid),
    .link_i(link), .link_qid_i(link_qid), .link_pd_i(link_pd), .link_cells_i(link_cells),
    .nonempty_o(nonempty), .head_len_o(head_len), .rd_pd_o(pd_rd_addr),
    .link_pred_o(link_pred), .link_tail_o(link_tail), .cnt_o(pd_cnt)
  );

  // ---- Stage B, F: dequeue ----
  logic [2*K*CW-1:0] cp_rdata;
  logic [K-1:0]      deq_cp_en, deq_cd_en;
  logic [K*CW-1:0]   deq_cp_addr, deq_cd_addr;
  logic [WW-1:0]     deq_rd_n, deq_cd_n;
  logic [K-1:0]      fa;
  logic [K*CW-1:0]   fa_head, fa_tail;
  logic [K*BNW-1:0]  fa_n;
  logic [LW-1:0]     deq_freed;
  logic              deq_room;
  logic              ret_v;
  logic [PW-1:0]     ret_port;
  logic [IW-1:0]     ret_qid;
  logic [WW-1:0]     ret_cnt;
  /* verilator lint_off UNUSEDSIGNAL */
  logic              deq_busy;
  /* verilator lint_on UNUSEDSIGNAL */

  tm_dequeue #(.N(N), .P(P), .B(B), .K(K), .LW(LW), .SW(SW)) u_deq (
    .clk_i, .rst_ni, .chain_i(cfg_chain_i),
    .unl_i(rdv_q && !rdhd_q), .unl_qid_i(rdq_q), .unl_port_i(rdp_q), .unl_body_i(pd_body),
    .cp_rd_data_i(cp_rdata[K*CW-1:0]),
    .cp_rd_en_o(deq_cp_en), .cp_rd_addr_o(deq_cp_addr),
    .cd_rd_en_o(deq_cd_en), .cd_rd_addr_o(deq_cd_addr),
    .rd_n_o(deq_rd_n), .cd_n_o(deq_cd_n),
    .fa_o(fa), .fa_head_o(fa_head), .fa_tail_o(fa_tail), .fa_n_o(fa_n), .freed_o(deq_freed),
    .pend_i(gv_q), .room_o(deq_room),
    .ret_valid_o(ret_v), .ret_port_o(ret_port), .ret_qid_o(ret_qid), .ret_cnt_o(ret_cnt),
    .busy_o(deq_busy)
  );

  // ---- Stage C: egress scheduler ----
  // The grant is registered (gv_q, gq_q, gp_q): the PD read of a queue
  // granted in t is issued in t+1 (gok), and the packet is booked on its
  // port then, with the head length after that cycle's unlink; so no path
  // runs from the scheduler to the PD read address or to the head drop.
  // A head drop may read the queue in t: its unlink in t+1 leaves the next
  // head to the dequeue, or, the queue emptied, cancels the grant (no read,
  // nothing booked). In t+1 its port is not ready (gport: its port_rdy
  // does not count the packet yet), so the scheduler grants neither the
  // queue (its head is unlinked only in t+2; under drr its port's ready was
  // also dropped by the grant) nor its port; the queue is locked for the
  // head drop (glock: no head-drop candidate).
  // Depth (issue 29, schedcut, no cycle moved): the scheduler's inputs
  // carry no decode of gq_q (glock) and no OR of the N nonempty bits.
  // Under sp glock's queue is in gport's port, which is no candidate, so
  // elig_i = nonempty gives the same grant as nonempty & ~glock did;
  // en_i is the dequeue's room alone, since a grant needs an eligible queue
  // (sp: a candidate port has one; drr: a valid grant's queue is eligible
  // now), which |nonempty only repeated.
  logic          sch_valid;
  logic [IW-1:0] sch_qid;
  logic [PW-1:0] sch_port;
  logic [P-1:0]  port_rdy;
  logic [N-1:0]  glock;
  logic [P-1:0]  sch_rdy;
  logic          gok;

  assign glock    = gv_q ? N'(1) << gq_q : '0;
  assign sch_rdy  = port_rdy & ~(gv_q ? P'(1) << gp_q : '0);
  assign gok      = gv_q && nonempty[gq_q];

  tm_sched #(.P(P), .Q(Q), .LW(LW)) u_sched (
    .clk_i, .rst_ni,
    .en_i(deq_room), .drr_i(cfg_drr_i), .quantum_i(cfg_quantum_i),
    .elig_i(nonempty), .nonempty_i(nonempty), .port_rdy_i(sch_rdy), .head_len_i(head_len),
    .ack_i(1'b1), .unl_i(rdv_q), .unl_oh_i(rdo),
    .gnt_valid_o(sch_valid), .gnt_qid_o(sch_qid), .gnt_port_o(sch_port)
  );

  // ---- Stage D, G: head drop ----
  logic [N-1:0]      cand;
  logic [N-1:0]      arb_req;
  logic              arb_valid;
  /* verilator lint_off UNUSEDSIGNAL */
  logic              arb_ack;    // (u_choice's take; ag_load reads hd_take: agtake)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [IW-1:0]     arb_idx;
  logic              hd_take, hd_gnt_valid;
  logic [IW-1:0]     hd_gnt_idx;
  logic              hd_rd;
  logic [IW-1:0]     hd_rd_qid;
  logic [2*K-1:0]    hd_cp_en;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2*K-1:0]    hd_cp_ask;  // (the ports hd_cp_addr holds; a check's qualifier)
  logic [K-1:0]      cp_wask;    // (likewise u_fl's wr_addr_o)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [2*K*CW-1:0] hd_cp_addr;
  logic [RW-1:0]     hd_rd_n;
  logic [K-1:0]      ga, ga_hold;
  logic [K*CW-1:0]   ga_head, ga_tail;
  logic [K*BNW-1:0]  ga_n;
  logic [LW+WW-1:0]  hd_freed;  // lanes of several packets free up to K*ceil(MAXPKT/K) cells
  logic [LW+WW-1:0]  hdf_q;     // hd_freed registered: free_q counts them a cycle later
  logic [RW-1:0]     pop_rd_n;
  logic [WW-1:0]     f_wr_n, wr_n;
  logic [K-1:0]      ne_f;
  /* verilator lint_off UNUSEDSIGNAL */
  logic              hd_busy;
  /* verilator lint_on UNUSEDSIGNAL */

  always @* begin
    cand = nonempty & ~glock;
  end

  // u_arb's grant is registered (agv_q, agq_q; issue 29, arbreg): the
  // grant of cycle t is u_choice's arb_valid_i/arb_idx_i from t+1, while
  // its queue is over in the bitmap and a candidate (ag_ok: bit selects of
  // registers, beside each other). So no path runs from the candidates
  // through u_arb's N requests and its index into the PD read address or
  // u_arb's pointer, and the grant acts on the bitmap of the cycle it is
  // used in, as an unregistered one would. u_arb is acknowledged (its
  // pointer moves past the queue) when its grant loads, so the register
  // keeps a grant until it is used: while its queue holds a PD (ag_keep),
  // through cycles the dequeue's read locks it (glock) or the executor
  // takes nothing (lanes full, the PD port held), and while it is out of
  // the bitmap and u_arb grants no other queue (the thresholds rise as
  // the executor frees cells: a grant dropped there lost its turn, and a
  // queue starved behind the others, measured). It loads u_arb's grant
  // when it is empty or its queue emptied, when u_choice is offered the
  // grant while the executor can take one (hd_take: u_choice takes it, or
  // refuses it under recheck_i, no longer over its threshold), or when its
  // queue is out of the bitmap and u_arb grants another. A refused grant
  // is kept while the executor cannot take (stop 50, agtake: the re-check's
  // compare and 64:1 select are off ag_load, u_arb's pointer and agq_q;
  // without recheck_i nothing changes). Hazard: a grant used in t+1 or
  // later is checked against that cycle's bitmap and candidates; the
  // executor gets u_arb's next grant a cycle after the one it replaces.
  // The grant replaced while its queue is out of the bitmap (ag_drop) is
  // kept (agsv_q, agsq_q; stop 50, agsave): u_arb's pointer moved past it
  // when it loaded, so it would lose its turn, and when the queues cross
  // their thresholds a cycle apart burst after burst the same queue lost
  // it every time (testbench/tmscore's round-robin check on hw/tm's
  // golden: a queue over through 9 head drops of others at N=4). The next
  // load takes it first, while its queue is over and a candidate
  // (ags_hit), and does not acknowledge u_arb, whose grant keeps its turn.
  // It is cleared the cycle after it loads (agq_q holds it then: no test
  // of ag_load, the deepest net here, on its path) or when its queue
  // holds no PD.
  logic          agv_q, agv_d, ag_keep, ag_ok, ag_load, ag_ack;
  logic [IW-1:0] agq_q, agq_d;
  logic          agsv_q, agsv_d, ags_hit, ag_drop, ags_in;
  logic [IW-1:0] agsq_q, agsq_d;
  assign ag_keep = agv_q && nonempty[agq_q];
  assign ag_ok   = ag_keep && over[agq_q] && !glock[agq_q];
  assign ag_load = !ag_keep || (ag_ok && hd_take) || (!over[agq_q] && arb_valid);
  assign ag_drop = ag_keep && !over[agq_q] && arb_valid;
  assign ags_in  = agv_q && agq_q == agsq_q; // loaded: the register holds it
  assign ags_hit = agsv_q && !ags_in && nonempty[agsq_q] && over[agsq_q] && !glock[agsq_q];
  assign ag_ack  = ag_load && arb_valid && !ags_hit;
  assign agv_d   = ag_load ? (ags_hit || arb_valid) : agv_q;
  assign agq_d   = ag_load ? (ags_hit ? agsq_q : arb_idx) : agq_q;
  assign agsv_d  = ag_drop || (agsv_q && nonempty[agsq_q] && !ags_in);
  assign agsq_d  = ag_drop ? agq_q : agsq_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      agv_q  <= 1'b0;
      agq_q  <= '0;
      agsv_q <= 1'b0;
      agsq_q <= '0;
    end else begin
      agv_q  <= agv_d;
      agq_q  <= agq_d;
      agsv_q <= agsv_d;
      agsq_q <= agsq_d;
    end
  end

  rr_arbiter #(.N(N)) u_arb (
    .clk_i, .rst_ni, .req_i(arb_req), .ack_i(ag_ack),
    .gnt_valid_o(arb_valid), .gnt_idx_o(arb_idx)
  );

  // The policy's choice (stage D) is its own instance beside u_sel and
  // u_arb, so an executor replacing u_hd takes the same grants.
  tm_hd_choice #(.N(N), .QW(QW)) u_choice (
    .clk_i, .rst_ni,
    .policy_i(cfg_policy_i), .recheck_i(cfg_recheck_i),
    .over_i(over), .cand_i(cand), .qlen_i(qlen_q), .thr_i(thrq),
    .free_neg_i(tfree_adm[QW]), .take_i(hd_take),
    .arb_req_o(arb_req), .arb_ack_o(arb_ack), .arb_valid_i(ag_ok), .arb_idx_i(agq_q),
    .gnt_valid_o(hd_gnt_valid), .gnt_idx_o(hd_gnt_idx)
  );

  tm_hd_exec #(.N(N), .B(B), .K(K), .LW(LW), .SW(SW)) u_hd (
    .clk_i, .rst_ni,
    .chain_i(cfg_chain_i),
    .pd_free_i(!gv_q), .take_o(hd_take),
    .gnt_valid_i(hd_gnt_valid), .gnt_idx_i(hd_gnt_idx),
    .pd_rd_o(hd_rd), .pd_rd_qid_o(hd_rd_qid),
    .unl_i(rdv_q && rdhd_q), .unl_body_i(pd_body),
    .cp_rd_data_i(cp_rdata),
    .rd_left_i(RW'(2 * K) - pop_rd_n), .rd_deq_i(RW'(deq_rd_n)),
    .f_wr_n_i(f_wr_n), .ne_f_i(ne_f),
    .cp_rd_en_o(hd_cp_en), .cp_rd_ask_o(hd_cp_ask), .cp_rd_addr_o(hd_cp_addr), .rd_n_o(hd_rd_n),
    .ga_o(ga), .ga_hold_o(ga_hold), .ga_head_o(ga_head), .ga_tail_o(ga_tail), .ga_n_o(ga_n),
    .freed_o(hd_freed),
    .busy_o(hd_busy)
  );

  // The free count after admission with the executor's cells at the start
  // of the cycle credited (fly_q): pushout-ports expels while it is negative.
  // free_adm + fly_q, as tfree_q (= free_q + fly_q) less the cells u_adm's
  // effects register applies: one adder from registers (issue 29).
  assign tfree_adm = tfree_q - (QW+1)'(adm_tot);

  assign pd_rd  = gok || hd_rd;
  assign rd_qid = gv_q ? gq_q : hd_rd_qid;

  // ---- Stage E: enqueue; free list ----
  logic [K-1:0]      pop;
  logic [K*BNW-1:0]  fl_cnt;
  logic [K*CW-1:0]   fl_head;
  logic [2*K-1:0]    fl_rd_en;
  logic [2*K*CW-1:0] fl_rd_addr;
  logic [K-1:0]      cp_wen;
  logic [K*CW-1:0]   cp_waddr, cp_wdata;
  logic [K-1:0]      cd_wen;
  logic [K*CW-1:0]   cd_waddr;
  logic [K*TW-1:0]   cd_wdata;
  logic [WW-1:0]     enq_cd_n;
  /* verilator lint_off UNUSEDSIGNAL */
  logic              enq_busy;
  /* verilator lint_on UNUSEDSIGNAL */

  tm_enqueue #(.N(N), .B(B), .K(K), .LW(LW), .IN(IN), .SW(SW), .WAIT(WAIT)) u_enq (
    .clk_i, .rst_ni,
    .adm_n_i(adm_n), .adm_qid_i(adm_qid), .adm_cells_i(adm_cells), .adm_serial_i(adm_serial),
    .cnt_i(fl_cnt), .head_i(fl_head), .pop_o(pop),
    .cd_wr_en_o(cd_wen), .cd_wr_addr_o(cd_waddr), .cd_wr_data_o(cd_wdata),
    .link_o(link), .link_qid_o(link_qid), .link_pd_o(link_pd), .link_cells_o(link_cells),
    .link_body_o(link_body), .cd_wr_n_o(enq_cd_n), .busy_o(enq_busy)
  );

  tm_free_list #(.B(B), .K(K)) u_fl (
    .clk_i, .rst_ni,
    .rd_data_i(cp_rdata), .head_o(fl_head), .cnt_o(fl_cnt),
    .pop_i(pop), .pop_port_i(RW'(deq_rd_n)), .pop_rd_n_o(pop_rd_n),
    .rd_en_o(fl_rd_en), .rd_addr_o(fl_rd_addr),
    .fa_i(fa), .fa_head_i(fa_head), .fa_tail_i(fa_tail), .fa_n_i(fa_n),
    .ne_f_o(ne_f), .f_wr_n_o(f_wr_n),
    .ga_hold_i(ga_hold), .ga_i(ga), .ga_head_i(ga_head), .ga_tail_i(ga_tail), .ga_n_i(ga_n),
    .wr_en_o(cp_wen), .wr_ask_o(cp_wask), .wr_addr_o(cp_waddr), .wr_data_o(cp_wdata), .wr_n_o(wr_n)
  );

  // ---- Cell-pointer and cell-data memories ----
  logic [2*K-1:0]    cp_ren;
  logic [2*K*CW-1:0] cp_raddr;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2*K-1:0]    cp_rvld;
  logic [K-1:0]      cd_rvld;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [K*TW-1:0]   cd_rdata;

  // The read ports: the dequeue's from 0 up, the pops' after them, the
  // executor's from 2K-1 down. A port the dequeue or the pops take has
  // their address; the others the executor's asking lane's, whether it
  // goes or not (issue 29, cpdown: cp_raddr 9 -> 6 LUT6 levels, no lane's
  // decision on it; only cp_ren waits for them).
  logic [2*K-1:0]    lo_en;
  logic [2*K*CW-1:0] lo_addr;
  assign lo_en   = {{K{1'b0}}, deq_cp_en} | fl_rd_en;
  assign lo_addr = {{(K*CW){1'b0}}, deq_cp_addr} | fl_rd_addr;
  assign cp_ren  = lo_en | hd_cp_en;
  always @* begin
    for (int p = 0; p < 2 * K; p++) begin
      cp_raddr[p*CW +: CW] = lo_en[p] ? lo_addr[p*CW +: CW] : hd_cp_addr[p*CW +: CW];
    end
  end

  sram_mp #(.DEPTH(B), .WIDTH(CW), .RP(2 * K), .WP(K), .LAT(1), .INIT_STRIDE(K)) u_cp_mem (
    .clk_i, .rst_ni,
    .rd_en_i(cp_ren), .rd_addr_i(cp_raddr), .rd_valid_o(cp_rvld), .rd_data_o(cp_rdata),
    .wr_en_i(cp_wen), .wr_addr_i(cp_waddr), .wr_data_i(cp_wdata)
  );

  sram_mp #(.DEPTH(B), .WIDTH(TW), .RP(K), .WP(K), .LAT(1)) u_cd_mem (
    .clk_i, .rst_ni,
    .rd_en_i(deq_cd_en), .rd_addr_i(deq_cd_addr), .rd_valid_o(cd_rvld), .rd_data_o(cd_rdata),
    .wr_en_i(cd_wen), .wr_addr_i(cd_waddr), .wr_data_i(cd_wdata)
  );

  // ---- Stage H: egress ----
  tm_egress #(.N(N), .P(P), .K(K), .LW(LW), .SW(SW), .TXWIN(TXWIN), .MAXPKT(MAXPKT)) u_egress (
    .clk_i, .rst_ni, .r_i(cfg_r_i),
    .issue_i(gok), .issue_port_i(gp_q), .issue_cells_i(head_len[gq_q*LW +: LW]),
    .ret_i(ret_v), .ret_port_i(ret_port), .ret_qid_i(ret_qid), .ret_cnt_i(ret_cnt),
    .ret_tag_i(cd_rdata),
    .port_rdy_o(port_rdy),
    .eg_valid_o, .eg_qid_o, .eg_tag_o
  );

  // ---- Top registers ----
  // rdo (declared above) is the read's queue one-hot (rdv_q && rdq_q ==
  // q): the unlink acts per queue on it (issue 29, the unlink cut; no cycle
  // moved): u_pdl's and u_sched's unlink ports, and the qlen update, which
  // subtracts the unlinked cells from each queue's length under its bit,
  // so no 64:1 select by rdq_q sits between a register and qlen_q. The
  // decode is registered ungated (rdoh_q, from rd_qid: registers through
  // one select) and gated by rdv_q after the register (issue 29, stop 47:
  // rdoh; no cycle moved), so pd_rd, the end of the head drop's take, is
  // not on its path.
  assign rdoh_d = N'(1) << rd_qid;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) rdoh_q <= '0;
    else         rdoh_q <= rdoh_d;
  end
  assign rdo = rdv_q ? rdoh_q : '0;

  always @* begin
    qlen_d = qlen_adm;
    for (int q = 0; q < N; q++) begin
      if (rdo[q]) qlen_d[q*QW +: QW] = qlen_adm[q*QW +: QW] - QW'(unl_cells);
    end
    // The executor's frees reach the free count a cycle after the lanes
    // free them (hdf_q; issue 29, hdfree: no path from the lanes'
    // decisions into free_q; hw/tm HDFreeLag). The cells stay in fly_q
    // until then, so tfree_q = free_q + fly_q does not move.
    free_d = free_adm + (QW+1)'(deq_freed) + (QW+1)'(hdf_q);
    // The executor's cells: + the head drop unlinked now, - the frees
    // counted now. tfree_d = free_d + fly_d, with hdf_q cancelled.
    fly_d   = fly_q + QW'(hd_cells_o) - QW'(hdf_q);
    tfree_d = tfree_adm + (QW+1)'(deq_freed) + (QW+1)'(hd_cells_o);
    rdv_d  = pd_rd;
    rdhd_d = !gv_q && hd_rd;
    rdq_d  = rd_qid;
    rdp_d  = gp_q;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      qlen_q   <= '0;
      free_q   <= (QW+1)'(B);
      tfree_q  <= (QW+1)'(B);
      fly_q    <= '0;
      hdf_q    <= '0;
      serial_q <= '0;
      rdv_q    <= 1'b0;
      rdhd_q   <= 1'b0;
      rdq_q    <= '0;
      rdp_q    <= '0;
      gv_q     <= 1'b0;
      gq_q     <= '0;
      gp_q     <= '0;
    end else begin
      qlen_q   <= qlen_d;
      free_q   <= free_d;
      tfree_q  <= tfree_d;
      fly_q    <= fly_d;
      hdf_q    <= hd_freed;
      serial_q <= serial_d;
      rdv_q    <= rdv_d;
      rdhd_q   <= rdhd_d;
      rdq_q    <= rdq_d;
      rdp_q    <= rdp_d;
      gv_q     <= sch_valid;
      gq_q     <= sch_qid;
      gp_q     <= sch_port;
    end
  end

  // ---- Outputs ----
  assign hd_valid_o = rdv_q && rdhd_q;
  assign hd_qid_o   = (rdv_q && rdhd_q) ? rdq_q : '0;
  assign hd_cells_o = (rdv_q && rdhd_q) ? unl_cells : '0;
  assign qlen_o     = qlen_q;
  assign free_o     = free_pos;
  assign wait_o     = free_q[QW] ? QW'(-free_q) : '0;

  // The memories' port use (issue 29, usereg): each memory's reads and
  // writes this cycle (*_use, what hw/tm's trace calls u_*_mem's rd_use
  // and wr_use) go out a cycle later, as a switch's port counters would
  // take them. cp_mem's are counted after the register, from its
  // registered enables (one read or write per enabled port; the reads'
  // in two registers, the dequeue's and the pops' (5 levels) apart from
  // the executor's (8): one register of cp_ren measured 9): the sum of
  // the dequeue's, the pops' and the executor's reads after the lanes'
  // decisions was 11 LUT6 levels to cp_rd_o in the flat TM's cone at the
  // defaults (and would be as much into a register of the sum); cp_ren
  // and cp_wen are 8, and the counts 3 after the register. cpr_q and cpw_q
  // are not reset: live_q, rst_ni of the cycle before, zeroes their
  // counts in the first cycle after a reset instead.
  localparam int UW = 1 + 2 + 2 * WW;  // pd_mem's and cd_mem's counts
  logic              pd_rd_use;
  logic [1:0]        pd_wr_use;
  logic [RW-1:0]     cp_rd_use;
  logic [WW-1:0]     cp_wr_use, cd_rd_use, cd_wr_use;
  logic [UW-1:0]     use_d, use_q;
  logic [2*K-1:0]    cpr_q, cph_q;  // read enables: the dequeue's and the pops', the executor's
  logic [K-1:0]      cpw_q;
  logic              live_q;
  assign pd_rd_use = pd_rd;
  assign pd_wr_use = link ? (link_pred ? 2'd2 : 2'd1) : 2'd0;
  // cp_mem's (the waveform's): as many as cp_ren's and cp_wen's bits.
  assign cp_rd_use = RW'(deq_rd_n) + pop_rd_n + hd_rd_n;
  assign cp_wr_use = wr_n;
  assign cd_rd_use = deq_cd_n;
  assign cd_wr_use = enq_cd_n;
  assign use_d     = {pd_rd_use, pd_wr_use, cd_rd_use, cd_wr_use};
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      use_q <= '0;
    end else begin
      use_q <= use_d;
    end
  end
  always_ff @(posedge clk_i) begin
    live_q <= rst_ni;
    cpr_q  <= lo_en;
    cph_q  <= hd_cp_en;
    cpw_q  <= cp_wen;
  end
  always @* begin
    logic [RW-1:0] r;
    logic [WW-1:0] w;
    r = '0;
    w = '0;
    for (int p = 0; p < 2 * K; p++) r = r + RW'(cpr_q[p] || cph_q[p]);
    for (int p = 0; p < K; p++) w = w + WW'(cpw_q[p]);
    cp_rd_o = live_q ? r : '0;
    cp_wr_o = live_q ? w : '0;
  end
  assign {pd_rd_o, pd_wr_o, cd_rd_o, cd_wr_o} = use_q;

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(cp_rd_use) <= 2 * K)
        else $error("occamy_tm: cp_mem %0d reads, budget %0d", cp_rd_use, 2 * K);
      assert (32'(cp_rd_use) == 32'($countones(cp_ren))
              && 32'(cp_wr_use) == 32'($countones(cp_wen)))
        else $error("occamy_tm: cp_mem %0d reads, %0d writes counted; %0d, %0d ports enabled",
                    cp_rd_use, cp_wr_use, $countones(cp_ren), $countones(cp_wen));
      assert (!(gv_q && hd_rd)) else $error("occamy_tm: two PD reads in one cycle");
      assert (!(gv_q && sch_valid && sch_qid == gq_q))
        else $error("occamy_tm: queue %0d granted while its grant's PD read is issued", gq_q);
      assert (free_q[QW] || 32'(free_q) <= B)
        else $error("occamy_tm: free count %0d above B=%0d", free_q, B);
      assert (!free_q[QW] || 32'(wait_o) <= WAIT)
        else $error("occamy_tm: %0d cells wait, above WAIT=%0d", wait_o, WAIT);
      assert (tfree_q == free_q + (QW+1)'(fly_q))
        else $error("occamy_tm: thresholds' free count %0d, free %0d + executor's %0d",
                    tfree_q, free_q, fly_q);
    end
  end
`endif

endmodule
