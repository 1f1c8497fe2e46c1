// tm_admission: the traffic manager's ingress admission (hw/admission, DT
// and Pushout rules; hw/tm Admission), pipelined in three stages: up to IN
// packets a cycle, each slot decided on its own against its queue's DT
// threshold and the free count, or, with pushout_i, against the free
// count, the wait allowance and whether its queue is the longest.
//
// Parameters
//   N      (1..256, default 64)  queues
//   QW     (2..32,  default 16)  width of a queue length, threshold, free count
//   LW     (1..13,  default 7)   width of a packet's cell count
//   IN     (1..64,  default 4)   ingress slots per cycle
//   SW     (1..32,  default 16)  serial bits kept
//   WAIT   (0..2^QW-1, default 0) Pushout: cells that may wait for room (the
//                                 free count goes down to -WAIT)
//   Derived: IW = max(1, clog2(N)), NW = clog2(IN+1); the free count is
//   QW+1 bits, signed (two's complement).
//
// Ports
//   in_valid_i [IN], in_qid_i [IN*IW], in_cells_i [IN*LW]   the offers of
//                 the cycle; slot order is arrival (Offer) order
//   qlen_i [N*QW]  start-of-cycle queue lengths (the caller's registers)
//   thr_i  [N*QW]  queue i's DT threshold this cycle
//   pushout_i      the Pushout rule (policy pushout-ports), else DT
//   free_i [QW+1]  start-of-cycle free count, signed
//   serial_i [SW]  serial of the last admitted packet (0 after reset)
//   in_ok_o [IN]   slot i of the PREVIOUS cycle's offers admitted
//   qlen_o [N*QW]  qlen_i plus the cells of the batch decided two cycles
//                  before (its effects registered, s3)
//   free_o         free_i less them; serial_o: serial_i plus their count
//   tot_o [LW+NW]  their cells in all (s3's register: the caller's free
//                  counts less it, without free_o's adder)
//   adm_n_o, adm_qid_o, adm_cells_o, adm_serial_o  that batch's admitted
//                  packets packed from entry 0 in slot order (entries >=
//                  adm_n_o are 0)
//
// Latency: offers of cycle c are decided at c+1 (in_ok_o; hw/tm AdmitLag
// = 1), their effects registered at c+2 and applied at c+3 (qlen_o,
// free_o, serial_o, adm_*; the caller registers them: hw/tm AdmitSettle
// = 2, issue 29: no path from the decision into the caller's lengths,
// free count, PD lists or enqueue).
//   Stage 1 (c), registered per slot: the room, thr(q) - qlen(q) less n,
//     the cells of earlier valid slots of the cycle to its queue (same),
//     admitted or not, and the cells of the batch taking effect at c (s3)
//     and of the batch whose effects are registered at c (s2) to its
//     queue: one carry-save tree of these 2*IN+4 terms (the subtracted
//     ones complemented, their +1s one constant), kept as its two vectors,
//     no add (csa); the cells of earlier valid slots in all (all); its
//     queue compared with the batch being decided at c; for each subset of the
//     first min(IN,4) slots being decided at c, all + n + the subset's
//     cells (and less WAIT); Pushout: qlen(q) + same and a copy of qlen_i.
//     No stage-1 register depends on the decisions of c (s2's admitted
//     cells in all are s3_tot_q at c+1, taken from the free count there).
//   Stage 2 (c+1), the decision: DT admits iff the slot's cells plus those
//     of the three batches before it to its queue fit thr(q) - qlen(q) (the
//     sign of the registered room's two vectors less the cells of the
//     batch decided at c, in carry-save form: le3), and
//     all + n + the subset the registered decisions select <= free_i
//     less the two batches not in it (s3's cells in all, and s2's slots
//     past the fourth, summed in one tree); Pushout admits iff that
//     fits, or else iff some copied length exceeds qlen(q) + same and the
//     same sum less WAIT fits the same.
//   Stage 3 (c+2): the effects of the registered decisions (balanced
//     sums), decoded per queue and packed, into registers s3.
//   Stage 4 (c+3): s3 applied: qlen_i + s3's cells per queue, free_i less
//     s3's in all, s3's packets with their serials.
//   The simulators do only what can matter (docs/tm.md): the subsets'
//   sums once for all slots, an empty slot's stage 1 and 2 skipped (its
//   registers hold: an enable), Pushout's differences only under Pushout,
//   stage 4's sum only for a queue admitted to.
// Staleness: length and threshold are those of cycle c (every admitted
// cell counted; the unlinks of cycle c are not, so a length is too long:
// errs on refusing; the threshold may be one cycle high); the free count
// is exact (free_i of c+1 less the batch in flight); Pushout compares the
// lengths of cycle c (the batches in flight not in them).
// Depth (Yosys 0.23, synth -lut 6, this module alone): docs/tm.md,
// "Admission in three stages".
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
  localparam int NW   = $clog2(IN + 1),           // admitted-packet count
  localparam int EW   = LW + NW                   // cells of one batch
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
  output logic [EW-1:0]    tot_o,
  output logic [NW-1:0]    adm_n_o,
  output logic [IN*IW-1:0] adm_qid_o,
  output logic [IN*LW-1:0] adm_cells_o,
  output logic [IN*SW-1:0] adm_serial_o
);

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm_admission, N, 1, 256)
    `OCCAMY_CHECK_RANGE(tm_admission, QW, 2, 32)
    `OCCAMY_CHECK_RANGE(tm_admission, IN, 1, 64)
    `OCCAMY_CHECK(g_bad_wait, WAIT < 0 || (QW < 31 && WAIT > (1 << QW) - 1),
      $fatal(1, "tm_admission: parameter WAIT=%0d out of range, allowed 0..2^QW-1", WAIT))
  `OCCAMY_CHECKS_END

  localparam int BS   = (IN < 4) ? IN : 4;         // in-flight slots bypassed by subset
  localparam int NS   = 1 << BS;                   // their subsets
  localparam int RN   = (IN > BS) ? IN - BS : 1;   // in-flight slots summed at stage 2
  localparam int CW   = LW + $clog2(4 * IN + 1);   // cells of up to 4 batches
  localparam int XW   = ((QW > CW) ? QW : CW) + 3; // signed: free, room, sums
  localparam int DW   = QW + 1;                    // qlen(p) - qlen(q), signed
  localparam int GW   = (DW > CW + 1) ? DW : CW + 1; // its compare with same
  localparam int TMAX = 2 * IN + 2;                // terms of a sum
  localparam int AMAX = 2 * IN + 4;                // terms of stage 1's room sum
  // above any free count, and low enough that le4's difference stays in range
  localparam logic [XW-1:0] NEVER = XW'(1) << (XW - 3);

  // A sum as a balanced tree of the first nt terms of v (a running sum
  // stays a chain through Yosys 0.23 and ABC: 7 LUT6 levels for 4 terms of
  // 7 bits instead of 4). nt is a constant at every call (the terms past it
  // are not read); unused terms below it are 0 and vanish. Under Verilator
  // the tree spans all TMAX terms, those from nt on zeroed: the same sum
  // (addition mod 2^XW), but a constant bound, which it unrolls (the tree
  // over nt, a variable in the function, ran as loops over wide slices:
  // most of the Verilated TM's time). Not for synthesis: Yosys and ABC
  // give 2.5% more LUT6 at the small set for that form (occamy synth --block tm --small).
  function automatic logic [XW-1:0] tsum(input logic [TMAX*XW-1:0] v, input int nt);
    logic [TMAX*XW-1:0] t;
`ifdef VERILATOR
    for (int k = 0; k < TMAX; k++) t[k*XW +: XW] = (k < nt) ? v[k*XW +: XW] : '0;
    for (int w = TMAX; w > 1; w = (w + 1) / 2) begin
`else
    t = v;
    for (int w = nt; w > 1; w = (w + 1) / 2) begin
`endif
      for (int k = 0; k < w / 2; k++) t[k*XW +: XW] = t[2*k*XW +: XW] + t[(2*k+1)*XW +: XW];
      if (w % 2 == 1) t[(w/2)*XW +: XW] = t[(w-1)*XW +: XW];
    end
    tsum = t[0 +: XW];
  endfunction

  // Entry s of NS words of XW bits (NS <= 16), as halvings: each bit of
  // s, from the top, keeps the half of the words it names (2:1 muxes, a
  // LUT6 level per two bits; a few word copies in the Verilated model). An
  // indexed part-select v[s*XW +: XW] would put s*XW, an add of shifted
  // copies of s, before the mux; the index of a slot's entry, (i*NS +
  // s)*XW, is a multiply-add (Yosys 0.23's $macc).
  function automatic logic [XW-1:0] pick(input logic [NS*XW-1:0] v, input logic [BS-1:0] s);
    logic [16*XW-1:0] t;
    logic [3:0]       k;
    t = (16*XW)'(v);
    k = 4'(s);
    if (k[3]) t[0 +: 8*XW] = t[8*XW +: 8*XW];
    if (k[2]) t[0 +: 4*XW] = t[4*XW +: 4*XW];
    if (k[1]) t[0 +: 2*XW] = t[2*XW +: 2*XW];
    if (k[0]) t[0 +: XW]   = t[XW +: XW];
    pick = t[0 +: XW];
  endfunction

  // One carry-save level: three terms to two whose sum is theirs, {the
  // carries one bit up, the bitwise sums} (one LUT level, no carry chain;
  // csa's tree, le3's and le4's levels).
  function automatic logic [2*XW-1:0] fa3(input logic [XW-1:0] a, input logic [XW-1:0] b,
                                          input logic [XW-1:0] c);
    logic [XW-1:0] k;
    k   = ((a & b) | (a & c) | (b & c)) << 1;
    fa3 = {k, a ^ b ^ c};
  endfunction

  // A sum (mod 2^XW) of all AMAX terms as a carry-save tree: each level
  // replaces every three terms by their bitwise sum and their carries (one
  // LUT level, no carry chain), down to two terms, returned as they are
  // ({carries, sums}: their sum is the sum; no add, stage 2's length test
  // takes both). tsum's tree of adds costs an add's depth per level
  // (stage 1's room sum: docs/tm.md, "Admission's sums in carry-save form",
  // "Admission's stage 1 in carry-save form").
  function automatic logic [2*XW-1:0] csa(input logic [AMAX*XW-1:0] v);
    logic [AMAX*XW-1:0] t;
    logic [XW-1:0]      a, b, c;
    t = v;
    for (int w = AMAX; w > 2; w = 2 * (w / 3) + w % 3) begin
      for (int k = 0; k < w / 3; k++) begin
        a = t[(3*k)*XW +: XW];
        b = t[(3*k+1)*XW +: XW];
        c = t[(3*k+2)*XW +: XW];
        {t[(2*k+1)*XW +: XW], t[(2*k)*XW +: XW]} = fa3(a, b, c);
      end
      for (int k = 0; k < w % 3; k++) t[(2*(w/3)+k)*XW +: XW] = t[(3*(w/3)+k)*XW +: XW];
    end
    csa = {t[XW +: XW], t[0 +: XW]};
  endfunction

  // c + d <= x + y, signed, x + y a room in carry-save form (stage 1's
  // register), as the sign of x + y - c - d = x + y + ~c + ~d + 2 (mod
  // 2^XW; exact: XW has room for every value): two carry-save levels (the
  // constant folds into them) and one add's carry, not an add and a
  // compare (stage 2's length test).
  function automatic logic le3(input logic [XW-1:0] x0, input logic [XW-1:0] y0,
                               input logic [XW-1:0] c, input logic [XW-1:0] d);
    logic [XW-1:0] s, k;
    {k, s} = fa3(x0, y0, ~c);
    {k, s} = fa3(s, k, ~d);
    {k, s} = fa3(s, k, XW'(2));
    s = s + k;
    le3 = !s[XW-1];
  endfunction

  // c + d + r <= x, signed (mod 2^XW, exact: XW has room for every value,
  // NEVER included), as the sign of x + ~d + ~r + 3 + ~c: three carry-save
  // levels, c last (the subset's need arrives through its select, the
  // rest from registers), and one add's carry; a sum and a compare before
  // (stage 2's free test).
  function automatic logic le4(input logic [XW-1:0] x, input logic [XW-1:0] r,
                               input logic [XW-1:0] d, input logic [XW-1:0] c);
    logic [XW-1:0] s, k;
    {k, s} = fa3(x, ~d, ~r);
    {k, s} = fa3(s, k, XW'(3));
    {k, s} = fa3(s, k, ~c);
    s = s + k;
    le4 = !s[XW-1];
  endfunction

  // ---- Registers: stage 1 (offers of c-1) and stage 2 (decided at c-1) ----
  // Stage 1 folds the policy and the slot's valid bit into its registers:
  // under Pushout the room is too large to matter (the DT length always
  // fits); under DT and for an empty slot the wait sum is NEVER (no
  // Pushout wait); for an empty slot s1_v_q gates the fit.
  logic [IN-1:0]       s1_v_q, s1_v_d;
  logic [IN*IW-1:0]    s1_qid_q, s1_qid_d;
  logic [IN*LW-1:0]    s1_n_q, s1_n_d;
  logic [IN*NS*CW-1:0] s1_c_q, s1_c_d;        // per subset: its in-flight cells to q
  // thr(q) - qlen(q) - (n + same + s2's and s3's cells to q), signed, in
  // carry-save form: s1_room_q + s1_roomc_q (mod 2^XW)
  logic [IN*XW-1:0]    s1_room_q, s1_room_d;
  logic [IN*XW-1:0]    s1_roomc_q, s1_roomc_d;
  logic [IN*NS*CW-1:0] s1_need_q, s1_need_d;  // per subset: all + n + its cells
  logic [IN*NS*XW-1:0] s1_needw_q, s1_needw_d; // the same less WAIT, signed
  logic [IN*CW-1:0]    s1_same_q, s1_same_d;  // Pushout: same
  logic [IN*N*DW-1:0]  s1_pd_q, s1_pd_d;      // Pushout: qlen(p) - qlen(q), per p
  /* verilator lint_off UNUSEDSIGNAL */
  logic [IN*RN-1:0]    s1_eq_q, s1_eq_d;      // [i*RN+j]: q == in-flight slot BS+j's
  /* verilator lint_on UNUSEDSIGNAL */
  logic [IN-1:0]       s2_ok_q, s2_ok_d;
  logic [IN*IW-1:0]    s2_qid_q, s2_qid_d;
  logic [IN*LW-1:0]    s2_n_q, s2_n_d;
  // Stage 3's registers: the effects of s2's decisions, decoded.
  logic [N-1:0]        s3_hit_q, s3_hit_d;    // queues the batch admits to
  logic [N*EW-1:0]     s3_add_q, s3_add_d;    // per queue: its admitted cells
  logic [EW-1:0]       s3_tot_q, s3_tot_d;    // admitted cells in all
  logic [NW-1:0]       s3_n_q, s3_n_d;        // admitted packets
  logic [IN*IW-1:0]    s3_qid_q, s3_qid_d;    // their queues, packed from entry 0
  logic [IN*LW-1:0]    s3_cells_q, s3_cells_d; // their cells

  // ---- Stage 1 ----
  // The subsets of the first BS slots being decided, shared by every slot:
  // their cells in all (sub), and the same less WAIT (subw).
  logic [NS*XW-1:0] sub, subw;
  always @* begin
    logic [TMAX*XW-1:0] t;
    for (int s = 0; s < NS; s++) begin
      t = '0;
      for (int j = 0; j < BS; j++) begin
        if (s[j]) t[j*XW +: XW] = XW'(s1_n_q[j*LW +: LW]);
      end
      sub[s*XW +: XW]  = tsum(t, BS);
      t[BS*XW +: XW]   = XW'(0) - XW'(WAIT);
      subw[s*XW +: XW] = tsum(t, BS + 1);
    end
  end

  // Per slot, only for a valid one: an empty slot's registers keep their
  // values (an enable, no gate), but for the wait sum, NEVER, so stage 2
  // refuses it whatever they hold; the simulators skip its work.
  always @* begin
    logic [IW-1:0]      q;
    logic [QW-1:0]      ql;
    logic [XW-1:0]      base;
    logic [AMAX*XW-1:0] tab;
    logic [TMAX*XW-1:0] tall, tsm;
    logic [BS-1:0]      m, sm;
    s1_v_d     = in_valid_i;
    s1_qid_d   = in_qid_i;
    s1_n_d     = in_cells_i;
    s1_c_d     = s1_c_q;
    s1_room_d  = s1_room_q;
    s1_roomc_d = s1_roomc_q;
    s1_need_d  = s1_need_q;
    s1_same_d  = s1_same_q;
    s1_pd_d    = s1_pd_q;
    s1_eq_d    = s1_eq_q;
    {q, ql, base} = '0;
    tab  = '0;
    tall = '0;
    tsm  = '0;
    m    = '0;
    sm   = '0;
    for (int i = 0; i < IN; i++) begin
      for (int s = 0; s < NS; s++) s1_needw_d[(i*NS + s)*XW +: XW] = NEVER;
      if (in_valid_i[i]) begin
        q    = in_qid_i[i*IW +: IW];
        ql   = qlen_i[q*QW +: QW];
        tab  = '0;  // n, same, s2's and s3's cells to q, qlen(q); thr(q)
        tsm  = '0;  // same
        tall = '0;  // all + n
        tab[0 +: XW]  = XW'(in_cells_i[i*LW +: LW]);
        tall[i*XW +: XW] = XW'(in_cells_i[i*LW +: LW]);
        for (int j = 0; j < i; j++) begin
          if (in_valid_i[j]) begin
            tall[j*XW +: XW] = XW'(in_cells_i[j*LW +: LW]);
            if (in_qid_i[j*IW +: IW] == q) begin
              tab[(j+1)*XW +: XW] = XW'(in_cells_i[j*LW +: LW]);
              tsm[j*XW +: XW]     = XW'(in_cells_i[j*LW +: LW]);
            end
          end
        end
        for (int j = 0; j < IN; j++) begin
          if (s2_ok_q[j] && s2_qid_q[j*IW +: IW] == q)
            tab[(IN+1+j)*XW +: XW] = XW'(s2_n_q[j*LW +: LW]);
        end
        tab[(2*IN+1)*XW +: XW] = XW'(s3_add_q[q*EW +: EW]);
        for (int j = BS; j < IN; j++) begin
          s1_eq_d[i*RN + j - BS] = s1_v_q[j] && s1_qid_q[j*IW +: IW] == q;
        end
        tab[IN*XW +: XW] = XW'(ql);
        // the room: thr(q) less the terms above (each complemented, the
        // +1s in the constant: n, same's i, qlen, s2's IN and s3's), in
        // carry-save form; under Pushout thr + 2^(XW-3), which no sum of
        // cells reaches (a bit set)
        for (int k = 0; k < 2 * IN + 2; k++) begin
          if (k <= i || k >= IN) tab[k*XW +: XW] = ~tab[k*XW +: XW];
        end
        tab[(2*IN+2)*XW +: XW] = {2'b00, pushout_i, (XW-3)'(thr_i[q*QW +: QW])};
        tab[(2*IN+3)*XW +: XW] = XW'(32'(i + IN + 3));
        {s1_roomc_d[i*XW +: XW], s1_room_d[i*XW +: XW]} = csa(tab);
        s1_same_d[i*CW +: CW] = CW'(tsum(tsm, i));
        // Pushout's differences only under Pushout (under DT the wait sum
        // is NEVER, so stage 2 never reads them: their registers hold)
        if (pushout_i) begin
          for (int p = 0; p < N; p++) begin
            s1_pd_d[(i*N + p)*DW +: DW] = DW'(qlen_i[p*QW +: QW]) - DW'(ql);
          end
        end
        // the subset s of the slots being decided: their cells to q (the
        // subset's slots to q, s & m, in sub: a select of sums made once
        // for all slots, no sum after the queue compare), and all + n +
        // their cells in all (base + sub), the latter less WAIT (base + subw)
        base = tsum(tall, IN);
        m    = '0;
        for (int j = 0; j < BS; j++) m[j] = s1_v_q[j] && s1_qid_q[j*IW +: IW] == q;
        for (int s = 0; s < NS; s++) begin
          sm = BS'(s) & m;
          s1_c_d[(i*NS + s)*CW +: CW]    = CW'(sub[32'(sm)*XW +: XW]);
          s1_need_d[(i*NS + s)*CW +: CW] = CW'(base + sub[s*XW +: XW]);
          if (pushout_i) s1_needw_d[(i*NS + s)*XW +: XW] = base + subw[s*XW +: XW];
        end
      end
    end
  end

  // ---- Stage 2: the decision ----
  // The in-flight batch (its effects apply this cycle) is s2_*: the subset
  // of its first BS slots that s2_ok_q selects, the rest summed here.
  logic [BS-1:0] sel;
  assign sel = s2_ok_q[BS-1:0];

  logic [IN-1:0] ok;
  always @* begin
    logic [TMAX*XW-1:0] tr, tq;
    logic [XW-1:0] need, needw, fx, st, rr, rq;
    logic [NS*XW-1:0] nv, nw;
    logic [NS-1:0] le;
    logic [N-1:0]  gt;
    logic          fits, slack, lg, lenok;
    // The free count and what it does not hold yet, kept apart (le4 takes
    // them in carry-save form): free_i; s3's admitted cells in all (the
    // batch decided last cycle, a register: not added into stage 1's need
    // from s2's decisions); s2's admitted slots past the first BS (the
    // rest, 0 when IN <= 4).
    fx = XW'($signed(free_i));  // sign-extended
    st = XW'(s3_tot_q);
    tr = '0;
    for (int j = BS; j < IN; j++) begin
      if (s2_ok_q[j]) tr[(j-BS)*XW +: XW] = XW'(s2_n_q[j*LW +: LW]);
    end
    rr = tsum(tr, RN);
    {tq, rq} = '0;
    for (int i = 0; i < IN; i++) begin
      // An empty slot is refused (fits is 0, and lg with gt); its length
      // and Pushout compares are skipped (0), their registers not read.
      le = '0;
      gt = '0;
      if (s1_v_q[i]) begin
        tq = '0;  // the rest's cells to q
        for (int j = BS; j < IN; j++) begin
          if (s2_ok_q[j] && s1_eq_q[i*RN + j - BS]) tq[j*XW +: XW] = XW'(s2_n_q[j*LW +: LW]);
        end
        rq = tsum(tq, IN);
        for (int s = 0; s < NS; s++) begin
          le[s] = le3(s1_room_q[i*XW +: XW], s1_roomc_q[i*XW +: XW],
                      XW'(s1_c_q[(i*NS + s)*CW +: CW]), rq);
        end
        for (int p = 0; p < N; p++) begin
          gt[p] = $signed(GW'($signed(s1_pd_q[(i*N + p)*DW +: DW])))
                  > $signed(GW'({1'b0, s1_same_q[i*CW +: CW]}));
        end
      end
      for (int s = 0; s < NS; s++) nv[s*XW +: XW] = XW'(s1_need_q[(i*NS + s)*CW +: CW]);
      nw    = s1_needw_q[i*NS*XW +: NS*XW];
      lenok = le[sel];
      need  = pick(nv, sel);
      needw = pick(nw, sel);
      fits  = s1_v_q[i] && le4(fx, rr, st, need);
      slack = le4(fx, rr, st, needw);
      lg    = |gt;
      ok[i] = (fits && lenok) || (lg && slack);
    end
    s2_ok_d  = ok;
    s2_qid_d = s1_qid_q;
    s2_n_d   = s1_n_q;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s1_v_q     <= '0;
      s1_qid_q   <= '0;
      s1_n_q     <= '0;
      s1_room_q  <= '0;
      s1_roomc_q <= '0;
      s1_same_q  <= '0;
      // The wide ones by entry (Verilator -Wall: no fill wider than 8k bits).
      for (int k = 0; k < IN * NS; k++) begin
        s1_c_q[k*CW +: CW]     <= '0;
        s1_need_q[k*CW +: CW]  <= '0;
        s1_needw_q[k*XW +: XW] <= NEVER;
      end
      for (int k = 0; k < IN * N; k++) s1_pd_q[k*DW +: DW] <= '0;
      s1_eq_q    <= '0;
      s2_ok_q    <= '0;
      s2_qid_q   <= '0;
      s2_n_q     <= '0;
      s3_hit_q   <= '0;
      s3_add_q   <= '0;
      s3_tot_q   <= '0;
      s3_n_q     <= '0;
      s3_qid_q   <= '0;
      s3_cells_q <= '0;
    end else begin
      s1_v_q     <= s1_v_d;
      s1_qid_q   <= s1_qid_d;
      s1_n_q     <= s1_n_d;
      s1_c_q     <= s1_c_d;
      s1_room_q  <= s1_room_d;
      s1_roomc_q <= s1_roomc_d;
      s1_need_q  <= s1_need_d;
      s1_needw_q <= s1_needw_d;
      s1_same_q  <= s1_same_d;
      s1_pd_q    <= s1_pd_d;
      s1_eq_q    <= s1_eq_d;
      s2_ok_q    <= s2_ok_d;
      s2_qid_q   <= s2_qid_d;
      s2_n_q     <= s2_n_d;
      s3_hit_q   <= s3_hit_d;
      s3_add_q   <= s3_add_d;
      s3_tot_q   <= s3_tot_d;
      s3_n_q     <= s3_n_d;
      s3_qid_q   <= s3_qid_d;
      s3_cells_q <= s3_cells_d;
    end
  end

  // ---- Stage 3: the effects of the batch decided last cycle, registered ----
  // Decoded per queue (s3_add) and packed (s3_qid, s3_cells), so that no
  // path runs from the decision into the caller's lengths, free count,
  // PD lists or enqueue (issue 29).
  logic [IN*NW-1:0] nbef;  // per slot: admitted slots before it
  always @* begin
    logic [NW-1:0] c;
    c = '0;
    for (int i = 0; i < IN; i++) begin
      nbef[i*NW +: NW] = c;
      c = c + NW'(s2_ok_q[i]);
    end
  end

  always @* begin
    logic [TMAX*XW-1:0] ta, tt;
    s3_hit_d = '0;
    for (int i = 0; i < IN; i++) begin
      if (s2_ok_q[i]) s3_hit_d[s2_qid_q[i*IW +: IW]] = 1'b1;
    end
    ta = '0;
    tt = '0;
    // a queue the batch admits nothing to gets 0 (the simulators skip its
    // sum)
    s3_add_d = '0;
    for (int k = 0; k < N; k++) begin
      if (s3_hit_d[k]) begin
        for (int i = 0; i < IN; i++) begin
          ta[i*XW +: XW] = '0;
          if (s2_ok_q[i] && 32'(s2_qid_q[i*IW +: IW]) == k)
            ta[i*XW +: XW] = XW'(s2_n_q[i*LW +: LW]);
        end
        s3_add_d[k*EW +: EW] = EW'(tsum(ta, IN));
      end
    end
    for (int i = 0; i < IN; i++) begin
      if (s2_ok_q[i]) tt[i*XW +: XW] = XW'(s2_n_q[i*LW +: LW]);
    end
    s3_tot_d = EW'(tsum(tt, IN));
  end

  always @* begin
    s3_n_d     = nbef[(IN-1)*NW +: NW] + NW'(s2_ok_q[IN-1]);
    s3_qid_d   = '0;
    s3_cells_d = '0;
    for (int k = 0; k < IN; k++) begin
      for (int i = k; i < IN; i++) begin
        if (s2_ok_q[i] && 32'(nbef[i*NW +: NW]) == k) begin
          s3_qid_d[k*IW +: IW]   = s2_qid_q[i*IW +: IW];
          s3_cells_d[k*LW +: LW] = s2_n_q[i*LW +: LW];
        end
      end
    end
  end

  // ---- Stage 4: s3 applied ----
  // a queue s3 admits nothing to keeps its length (the same as its sum;
  // the simulators copy the lengths whole and skip the sum)
  always @* begin
    qlen_o = qlen_i;
    for (int k = 0; k < N; k++) begin
      if (s3_hit_q[k]) qlen_o[k*QW +: QW] = qlen_i[k*QW +: QW] + QW'(s3_add_q[k*EW +: EW]);
    end
    free_o = free_i - (QW+1)'(s3_tot_q);
    tot_o  = s3_tot_q;
  end

  always @* begin
    in_ok_o      = ok;
    serial_o     = serial_i + SW'(s3_n_q);
    adm_n_o      = s3_n_q;
    adm_qid_o    = s3_qid_q;
    adm_cells_o  = s3_cells_q;
    adm_serial_o = '0;
    for (int k = 0; k < IN; k++) begin
      if (32'(s3_n_q) > k) adm_serial_o[k*SW +: SW] = serial_i + SW'(k + 1);
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
