// tm_hd_exec: the traffic manager's head-drop executor (hw/tm stages D and
// G: the PD read of stage D, hdCellsStage, and the head-drop half of the
// unlink): it takes a grant (a queue to expel from, tm_hd_choice's
// gnt_valid_o/gnt_idx_o), reads its head PD on the PD read port the dequeue
// left idle, and returns the packet's cells to the free list with the cell-
// pointer ports the dequeue and the enqueue left idle. It never reads cell
// data. The policy's choice is tm_hd_choice (u_choice in occamy_tm), so an
// executor replacing this one keeps the same choice.
//
// Parameters
//   N (1..256, default 64) queues; B (1..65535, default 16384) cells;
//   K (1, 2, 4, 8, default 4) sub-lists; LW (1..13, default 7) cell-count
//   width; SW (1..32, default 16) serial bits.
//   Derived: IW = max(1, clog2(N)), CW = max(1, clog2(B)), BNW = clog2(B+1),
//   BW = SW+LW+2K*CW (a PD body), RW = clog2(2K+1), WW = clog2(K+1),
//   FW = LW+WW (freed_o).
//
// Ports
//   chain_i              free mode chain
//   pd_free_i            the PD read port is still free (no dequeue read)
//   take_o               comb: the executor takes a grant this cycle (idle:
//                        no read in flight, every lane with room after this
//                        cycle's unlink push, and pd_free_i)
//   gnt_valid_i, gnt_idx_i   the policy's grant (tm_hd_choice)
//   pd_rd_o, pd_rd_qid_o comb: issue the head-drop PD read of that queue
//                        (gnt_valid_i and take_o)
//   unl_i, unl_body_i    the head-drop PD read returns: unlink (stage A)
//   cp_rd_data_i [2K*CW] cp_mem read data, all ports
//   rd_left_i [RW]       cp_mem reads left after the free list's pops
//                        (from registers: known early; at least K, the
//                        pops reading K links at most: asserted while a
//                        lane asks for a read)
//   rd_deq_i [RW]        the dequeue's cp_mem reads (known late: from the
//                        PD read data); the lanes' reads fit in rd_left_i
//                        less rd_deq_i (issue 29, cpdown)
//   f_wr_n_i [WW]        cp_mem writes of stage F (the lanes' fit in K less it)
//   ne_f_i [K]           free-list bank b holds a cell after stage F (so an
//                        append to it writes a link); one bit, not the count
//                        (issue 29, flcut: no adder on the lanes' path)
//   cp_rd_en_o [2K], rd_n_o   comb: its link reads, on the ports from
//                        2K-1 down (issue 29, cpdown)
//   cp_rd_ask_o [2K], cp_rd_addr_o [2K*CW]   comb: the ports the lanes ask
//                        for, whether they go or not, and their cells (0 on
//                        a port no lane asks for; cp_rd_en_o is within
//                        cp_rd_ask_o): occamy_tm takes a port's address
//                        where the dequeue and the pops leave it, so no
//                        lane's decision sits on the address
//   ga_hold_o [K]        comb: lane b holds a front (it asks for a write
//                        when its bank is not empty after stage F: ne_f_i;
//                        tm_free_list gives those asks their write ports)
//   ga_o [K], ga_head_o, ga_tail_o [K*CW], ga_n_o [K*BNW], freed_o [LW+WW]
//                        comb: its appends (stage G, slot b = lane b, a
//                        chain of bank b) and the cells they free (lanes of
//                        several packets: up to K*ceil(MAXPKT/K) cells, hence
//                        LW+WW bits); ga_head_o, ga_tail_o, ga_n_o are lane
//                        b's front chain whenever the lane holds one, whether
//                        it goes or not, else 0 (issue 29, flg: off the go
//                        decision; occamy_tm reads them only under ga_o)
//   busy_o               registered: a lane holds work
//
// Behaviour (docs/tm.md, "BM policies"): a grant is taken when take_o; a
// grant the executor cannot take waits (tm_hd_choice then does not
// acknowledge u_arb).
// Pipeline (hw/tm HDExec, docs/tm.md "The head-drop executor's lanes" and
// "The executor's pipeline"): 7 LUT6 levels at the defaults (21 before
// the pipeline; 9 while freed_o added pair sums), 5 at the small set;
// one lane per free-list
// bank, each a FIFO of LD = 4 entries {cur, tail, left} (localparam LD =
// hw/tm HDLaneDepth) with a copy of its front entry in registers (fcur_q,
// ftail_q, fleft_q, fmul_q = left > 1):
//   D  (t)   take_o from registers only: every lane's entries, plus stage
//            A's push (sv_q), plus one for the unlink of this cycle (unl_i,
//            on every lane: its banks are not decoded here), below LD; the
//            grant's PD read (pd_rd_o).
//   A1 (t+1) the PD is back (unl_i, unl_body_i; the top unlinks the queue):
//            each sub-list s < min(n, K), q + (s < r) cells for n = qK + r,
//            is decoded onto the lane of its bank (head mod K) into stage
//            A's register s*_q (sv_q, scur_q, stail_q, sleft_q, smul_q).
//   A2/G (t+2) s*_q joins its lane; an empty lane serves it at once.
//            Lanes serve their front with the ports left (rd_left_i,
//            rd_deq_i, f_wr_n_i): lane b goes when its write fits behind
//            the writes the lanes before it ask for and its link read
//            behind their reads (granted or not), its read on port 2K-1
//            less the reads asked before it (a port asked for by a lane
//            that does not go stays idle). Chain: the whole sub-list
//            is appended (one write, none into an empty bank: ne_f_i).
//            Per cell: the front's cell is freed and, when the sub-list
//            goes on, its link read; next cycle the front's cell is that
//            read's data (port_q/curp_q), latched if the lane is blocked.
// Latency: PD read in t, unlink in t+1, the first cells freed in t+2 (one
// cycle later than before stage A was registered); with every port idle a
// read per cycle (chain: one packet per clock; per cell: K cells per
// clock, one per lane).
// Hazards (docs/tm.md "The executor's pipeline"; each has a mutant):
//   two head drops back to back: A1 of the second while A2 of the first:
//     s*_q is rewritten each cycle, and take_o counts sv_q and unl_i, so
//     the second's push fits (tm-hd-stage-room, tm-hd-stage-unl);
//   a push into an empty lane: served from s*_q in its cycle (the bypass);
//   a front that leaves: the copy takes entry rp+1, or the push when it
//     was the only one (tm-hd-front-next, tm-hd-front-mul);
//   a lane blocked after its link read: the read data latched into the
//     copy (tm-hd-lane-latch);
//   a blocked lane's ports: counted against the lanes after it
//     (tm-hd-asks-granted);
//   a dequeue and a head drop on one queue, an enqueue behind them: the
//     queue's PD list is unlinked in A1 as before (tm_pd_lists locks it
//     while a read is in flight, forwards a link behind the read); the
//     executor holds only cells already off the queue, which return to the
//     free list in G (an enqueue pops them from stage E of a later cycle).
// Corner cases: a grant taken while the dequeue holds the PD port waits
// (not acknowledged); the bitmap lags a cycle, so a queue just brought
// under its threshold may be granted again (stale head drop); a read of
// the queue unlinked in the same cycle reads its new head (tm_pd_lists'
// rd_pd_o is after the unlink, with its forward).
`include "occamy_checks.svh"

module tm_hd_exec #(
  parameter int  N   = 64,
  parameter int  B   = 16384,
  parameter int  K   = 4,
  parameter int  LW  = 7,
  parameter int  SW  = 16,
  // Derived, not to be set:
  localparam int IW  = (N > 1) ? $clog2(N) : 1,  // queue index
  localparam int CW  = (B > 1) ? $clog2(B) : 1,  // cell index
  localparam int BNW = $clog2(B + 1),            // cell count
  localparam int BW  = SW + LW + 2 * K * CW,     // PD body {serial, cells, K heads, K tails}
  localparam int RW  = $clog2(2 * K + 1),        // a read-port number or count
  localparam int WW  = $clog2(K + 1),            // a write count
  localparam int FW  = LW + WW                   // freed_o width
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              chain_i,
  input  logic              pd_free_i,
  output logic              take_o,
  input  logic              gnt_valid_i,
  input  logic [IW-1:0]     gnt_idx_i,
  output logic              pd_rd_o,
  output logic [IW-1:0]     pd_rd_qid_o,
  input  logic              unl_i,
  input  logic [BW-1:0]     unl_body_i,
  input  logic [2*K*CW-1:0] cp_rd_data_i,
  input  logic [RW-1:0]     rd_left_i,
  input  logic [RW-1:0]     rd_deq_i,
  input  logic [WW-1:0]     f_wr_n_i,
  input  logic [K-1:0]      ne_f_i,
  output logic [2*K-1:0]    cp_rd_en_o,
  output logic [2*K-1:0]    cp_rd_ask_o,
  output logic [2*K*CW-1:0] cp_rd_addr_o,
  output logic [RW-1:0]     rd_n_o,
  output logic [K-1:0]      ga_o,
  output logic [K-1:0]      ga_hold_o,
  output logic [K*CW-1:0]   ga_head_o,
  output logic [K*CW-1:0]   ga_tail_o,
  output logic [K*BNW-1:0]  ga_n_o,
  output logic [FW-1:0]     freed_o,
  output logic              busy_o
);

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK(g_bad_k, K != 1 && K != 2 && K != 4 && K != 8,
      $fatal(1, "tm_hd_exec: parameter K=%0d out of range, allowed 1, 2, 4, 8", K))
  `OCCAMY_CHECKS_END

  // ---- Stage D: take the grant, the PD read ----
  logic          room;       // stage G: every lane has room after this cycle's unlink
  logic          idle;

  assign idle        = room && pd_free_i;
  assign take_o      = idle;
  assign pd_rd_o     = gnt_valid_i && idle;
  assign pd_rd_qid_o = gnt_idx_i;

  // ---- Stage A, G: the lanes ----
  // Lane b holds the sub-lists of bank b (cells x with x mod K = b), LD
  // entries {cur, tail, left}, oldest at rp_q[b]. The front's cur is the
  // link read last cycle (cp_rd_data_i on port port_q[b]) when curp_q[b].
  localparam int LK  = $clog2(K);                  // log2 K
  localparam int LD  = 4;                          // = hw/tm HDLaneDepth
  localparam int LPW = $clog2(LD);                 // lane entry index
  localparam int LCW = $clog2(LD + 1);             // lane fill count

  logic [K*LD*CW-1:0] ecur_q, ecur_d, etail_q, etail_d;
  logic [K*LD*LW-1:0] eleft_q, eleft_d;
  logic [K*LPW-1:0]   rp_q, rp_d;
  logic [K*LCW-1:0]   cnt_q, cnt_d;
  logic [K-1:0]       curp_q, curp_d;
  logic [K*RW-1:0]    port_q, port_d;
  // The front entry of each lane, a copy of entry rp_q (its cur stale while
  // curp_q), and fmul_q: its cells left > 1.
  logic [K*CW-1:0]    fcur_q, fcur_d, ftail_q, ftail_d;
  logic [K*LW-1:0]    fleft_q, fleft_d;
  logic [K-1:0]       fmul_q, fmul_d;

  // The read data of port p (p < 2K <= 16), as halvings: each bit of p,
  // from the top, keeps the half of the ports it names (2:1 muxes; a few
  // word copies in the Verilated model). The indexed part-select
  // cp_rd_data_i[p*CW +: CW] put p*CW, a multiply-add to Yosys 0.23,
  // before the select.
  function automatic logic [CW-1:0] port_data(input logic [2*K*CW-1:0] v,
                                              input logic [RW-1:0] p);
    logic [16*CW-1:0] t;
    logic [3:0]       k;
    t = (16*CW)'(v);
    k = 4'(32'(p) & (2 * K - 1));
    if (k[3]) t[0 +: 8*CW] = t[8*CW +: 8*CW];
    if (k[2]) t[0 +: 4*CW] = t[4*CW +: 4*CW];
    if (k[1]) t[0 +: 2*CW] = t[2*CW +: 2*CW];
    if (k[0]) t[0 +: CW]   = t[CW +: CW];
    port_data = t[0 +: CW];
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */
  logic [SW-1:0]   unl_ser;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LW-1:0]   unl_n;
  logic [K*CW-1:0] unl_heads, unl_tails;
  // Stage A1 (the unlink's cycle): the unlinked packet's sub-lists, decoded
  // per lane, go into the stage register s*_q; stage A2 (the next cycle):
  // s*_q is this cycle's push, joining its lane (and served at once by an
  // empty lane).
  logic [K-1:0]    sv_q, sv_d;    // lane b receives an entry from s*_q this cycle
  logic [K*CW-1:0] scur_q, scur_d, stail_q, stail_d;
  logic [K*LW-1:0] sleft_q, sleft_d;
  logic [K-1:0]    smul_q, smul_d;  // sleft_q > 1
  logic [K-1:0]    push;          // this cycle's push on lane b (= sv_q)
  logic [K*CW-1:0] push_cur, push_tail;
  logic [K*LW-1:0] push_left;
  logic [K-1:0]    full;          // lane b may not take the push of a read issued now

  assign {unl_ser, unl_n, unl_heads, unl_tails} = unl_body_i;

  // Stage A1: sub-list s < min(n, K) of the unlinked packet goes to the lane
  // of its bank (a packet's sub-lists are in distinct banks). With n = qK +
  // r (r < K) sub-list s holds q + (s < r) cells: no subtraction. Each lane
  // ORs the sub-lists of its bank (one at most).
  always @* begin
    logic [CW-1:0] h;
    logic [LW-1:0] q, rr, len;
    q       = unl_n >> LK;
    rr      = unl_n & LW'(K - 1);
    sv_d    = '0;
    scur_d  = '0;
    stail_d = '0;
    sleft_d = '0;
    smul_d  = '0;
    for (int b = 0; b < K; b++) begin
      for (int s = 0; s < K; s++) begin
        h   = unl_heads[s*CW +: CW];
        len = q + LW'(32'(s) < 32'(rr));
        if (unl_i && 32'(s) < 32'(unl_n) && (32'(h) & (K - 1)) == b) begin
          sv_d[b]                 = 1'b1;
          scur_d[b*CW +: CW]      |= h;
          stail_d[b*CW +: CW]     |= unl_tails[s*CW +: CW];
          sleft_d[b*LW +: LW]     |= len;
          smul_d[b]               |= 32'(len) > 1;
        end
      end
    end
  end

  assign push      = sv_q;
  assign push_cur  = scur_q;
  assign push_tail = stail_q;
  assign push_left = sleft_q;

  // Stage D's room, from registers only: a read issued now pushes in two
  // cycles, behind this cycle's push (sv_q) and the unlink's (counted on
  // every lane when unl_i: its banks are not decoded here).
  for (genvar b = 0; b < K; b++) begin : g_full
    assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(push[b]) + 32'(unl_i) >= LD;
  end
  assign room = !(|full);

  logic [K*FW-1:0]    lval;    // chain: lane b frees this many cells if it goes
  logic [K-1:0]       wgo;     // lane b's front and its write fit (chain: it goes)
  logic [K-1:0]       rd_go;   // lane b reads its front's link ...
  logic [K*2*K-1:0]   rd_pm;   // ... on this port (one-hot) ...
  logic [K*CW-1:0]    rd_cur;  // ... at this cell

  // Stage G: lanes in bank order serve their front with the ports left.
  // Lane b goes when its write fits behind the writes the lanes before it
  // ask for (f_wr_n_i + wreq < K) and its link read behind the reads they
  // ask for (rd_deq_i + rreq < rd_left_i), granted or not; its read is on
  // port 2K-1 - rreq (a port asked for by a lane that does not go stays
  // idle). So no lane waits for another's decision: each decides from
  // registers and this cycle's budgets. Depth (issue 29, cpdown): the
  // ports are counted from the top, so a lane's port and address come
  // from registers (the first free port, rd_deq_i + the pops, was on
  // them); the fits subtract the asks from the early term (K - wreq,
  // rd_left_i - rreq: registers) and compare the late one (f_wr_n_i,
  // rd_deq_i) with it, one compare after the late term, no adder. The
  // front entry is read from its copy f*_q (not through rp_q), whether it
  // needs a link read from fmul_q/smul_q (cells left > 1).
  always @* begin
    logic [2*K-1:0] pm;     // one-hot: the port the next lane asking for a read gets (from the top)
    logic [WW-1:0]  wreq;   // writes asked for by the lanes before (< K)
    logic [RW-1:0]  rreq;   // reads asked for by the lanes before (< K)
    logic [RW-1:0]  rp, nrd;
    logic           wfit, rfit;
    logic [LPW-1:0] r, r1;
    logic [LCW-1:0] c, ca;
    logic [CW-1:0]  fcur, ftail;
    logic [LW-1:0]  fleft;
    logic           fmul, need, rdn;
    ecur_d       = ecur_q;
    etail_d      = etail_q;
    eleft_d      = eleft_q;
    rp_d         = rp_q;
    cnt_d        = cnt_q;
    curp_d       = curp_q;
    port_d       = port_q;
    fcur_d       = fcur_q;
    ftail_d      = ftail_q;
    fleft_d      = fleft_q;
    fmul_d       = fmul_q;
    ga_o         = '0;
    ga_hold_o    = '0;
    ga_head_o    = '0;
    ga_tail_o    = '0;
    ga_n_o       = '0;
    lval         = '0;
    wgo          = '0;
    rd_go        = '0;
    rd_pm        = '0;
    rd_cur       = '0;
    pm           = (2*K)'(1) << (2 * K - 1);
    wreq         = '0;
    rreq         = '0;
    nrd          = '0;
    for (int b = 0; b < K; b++) begin
      r  = rp_q[b*LPW +: LPW];
      r1 = LPW'(32'(r) + 1);
      c  = cnt_q[b*LCW +: LCW];
      ca = c + LCW'(push[b]);
      if (push[b]) begin
        ecur_d[(b*LD + 32'(LPW'(32'(r) + 32'(c))))*CW +: CW]  = push_cur[b*CW +: CW];
        etail_d[(b*LD + 32'(LPW'(32'(r) + 32'(c))))*CW +: CW] = push_tail[b*CW +: CW];
        eleft_d[(b*LD + 32'(LPW'(32'(r) + 32'(c))))*LW +: LW] = push_left[b*LW +: LW];
      end
      cnt_d[b*LCW +: LCW] = ca;
      if (c != '0) begin
        fcur  = curp_q[b] ? port_data(cp_rd_data_i, port_q[b*RW +: RW])
                          : fcur_q[b*CW +: CW];
        ftail = ftail_q[b*CW +: CW];
        fleft = fleft_q[b*LW +: LW];
        fmul  = fmul_q[b];
      end else begin
        fcur  = push_cur[b*CW +: CW];
        ftail = push_tail[b*CW +: CW];
        fleft = push_left[b*LW +: LW];
        fmul  = smul_q[b];
      end
      need = ne_f_i[b];
      rdn  = !chain_i && fmul;
      lval[b*FW +: FW] = FW'(fleft);
      wfit = !need || f_wr_n_i < WW'(K) - wreq;
      rfit = !rdn || rd_deq_i < rd_left_i - rreq;  // rreq < K <= rd_left_i
      wgo[b] = ca != '0 && wfit;
      rp   = RW'(2 * K - 1) - rreq;
      if (ca != '0) begin
        // The front's chain, whether the lane goes or not (flg): the free
        // list adds ga_n_o to its count beside this decision and ga_o
        // selects the sum, so no adder follows the budgets.
        ga_hold_o[b]          = 1'b1;
        ga_head_o[b*CW +: CW] = fcur;
        ga_tail_o[b*CW +: CW] = chain_i ? ftail : fcur;
        ga_n_o[b*BNW +: BNW]  = chain_i ? BNW'(fleft) : BNW'(1);
        // The port the lane asks for and its cell, whether it goes or not.
        if (rdn) begin
          rd_pm[b*2*K +: 2*K] = pm;
          rd_cur[b*CW +: CW]  = fcur;
        end
        if (wfit && rfit) begin
          ga_o[b]               = 1'b1;
          if (rdn) begin
            rd_go[b]                     = 1'b1;
            port_d[b*RW +: RW]           = rp;
            curp_d[b]                    = 1'b1;
            // The front stays, one cell less (its next cell is the read's data).
            fcur_d[b*CW +: CW]           = fcur;
            ftail_d[b*CW +: CW]          = ftail;
            fleft_d[b*LW +: LW]          = fleft - LW'(1);
            // Constant when MAXPKT <= 2 (LW <= 2).
            /* verilator lint_off CMPCONST */
            fmul_d[b]                    = 32'(fleft) > 2;
            /* verilator lint_on CMPCONST */
            nrd                          = nrd + RW'(1);
          end else begin
            // The front leaves: the next entry (the push when c = 1) is the front.
            rp_d[b*LPW +: LPW]  = r1;
            cnt_d[b*LCW +: LCW] = ca - LCW'(1);
            curp_d[b]           = 1'b0;
            if (c > LCW'(1)) begin
              fcur_d[b*CW +: CW]  = ecur_q[(b*LD + 32'(r1))*CW +: CW];
              ftail_d[b*CW +: CW] = etail_q[(b*LD + 32'(r1))*CW +: CW];
              fleft_d[b*LW +: LW] = eleft_q[(b*LD + 32'(r1))*LW +: LW];
              /* verilator lint_off CMPCONST */
              fmul_d[b]           = 32'(eleft_q[(b*LD + 32'(r1))*LW +: LW]) > 1;
              /* verilator lint_on CMPCONST */
            end else begin
              fcur_d[b*CW +: CW]  = push_cur[b*CW +: CW];
              ftail_d[b*CW +: CW] = push_tail[b*CW +: CW];
              fleft_d[b*LW +: LW] = push_left[b*LW +: LW];
              fmul_d[b]           = smul_q[b];
            end
          end
        end else begin
          // Blocked: the front (the push when c = 0) stays, its cell latched.
          fcur_d[b*CW +: CW]  = fcur;
          ftail_d[b*CW +: CW] = ftail;
          fleft_d[b*LW +: LW] = fleft;
          fmul_d[b]           = fmul;
          curp_d[b]           = 1'b0;
        end
        if (need) wreq = wreq + WW'(1);
        if (rdn) begin
          rreq = rreq + RW'(1);
          pm   = pm >> 1;
        end
      end
    end
    rd_n_o = nrd;
  end

  // freed_o: the cells of the lanes that go. Per cell one each (a count
  // of ga_o). Chain: each lane's cells (lval) come from registers, so
  // every subset's sum of a group of GL lanes is formed while the lanes
  // decide, and the lanes that go select one; in chain mode no lane reads,
  // so those are wgo, the lanes whose write fits. GL = min(K, 4): at K <= 4
  // one 2^K-way select and no adder after it (9 -> 8 LUT6 levels at the
  // defaults; pairs and their sum before).
  localparam int GL  = (K < 4) ? K : 4;            // lanes per group
  // A sub-list holds at most ceil(MAXPKT/K) <= 2^(LW-LK) cells (MAXPKT <
  // 2^LW): SLW bits; a group's sum SGW bits.
  localparam int SLW = (LW - LK + 1 < 1) ? 1 : (LW - LK + 1 < LW) ? LW - LK + 1 : LW;
  localparam int SGW = SLW + $clog2(GL + 1);
  always @* begin
    logic [(1 << GL)*SGW-1:0] sums;
    logic [K*SLW-1:0]         lv;
    logic [SGW-1:0]           sm;
    logic [FW-1:0]            sum, cnt;
    sum = '0;
    cnt = '0;
    // Per cell the sums are 0 (lv), so freed_o = sum | cnt needs no select
    // after the sum's select.
    for (int b = 0; b < K; b++) begin
      cnt              = cnt + FW'(ga_o[b]);
      lv[b*SLW +: SLW] = chain_i ? lval[b*FW +: SLW] : '0;
    end
    for (int g = 0; g < K; g += GL) begin
      for (int m = 0; m < (1 << GL); m++) begin
        sm = '0;
        for (int j = 0; j < GL; j++) begin
          if (((m >> j) & 1) != 0) sm = sm + SGW'(lv[(g + j)*SLW +: SLW]);
        end
        sums[m*SGW +: SGW] = sm;
      end
      sum = sum + FW'(sums[32'(wgo[g +: GL])*SGW +: SGW]);
    end
    freed_o = sum | (chain_i ? '0 : cnt);
  end

  // The link reads: the lanes' ports are distinct, so each port's enable
  // and address are ORs over the lanes (no lane's choice overrides
  // another's; rd_pm is 0 for a lane asking for no read). The address is
  // the asking lane's (cpdown): only the enable waits for its decision.
  // No per-lane test around the port loop (the Verilated model skipped a
  // lane's ports with one, some 340 instructions a cycle at stop 40):
  // under it Yosys 0.23 chains the lanes' terms, cp_ren 9 LUT6 levels in
  // the flat TM's cone with the enables ORed or assigned (10 with the read
  // fit's wrap guard as well), 8 without it and ORed.
  always @* begin
    cp_rd_en_o   = '0;
    cp_rd_ask_o  = '0;
    cp_rd_addr_o = '0;
    for (int b = 0; b < K; b++) begin
      for (int p = 0; p < 2 * K; p++) begin
        if (rd_pm[b*2*K + p]) begin
          cp_rd_en_o[p]             = cp_rd_en_o[p] | rd_go[b];
          cp_rd_ask_o[p]            = 1'b1;
          cp_rd_addr_o[p*CW +: CW]  = cp_rd_addr_o[p*CW +: CW] | rd_cur[b*CW +: CW];
        end
      end
    end
  end

  assign busy_o = |cnt_q || |sv_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ecur_q  <= '0;
      etail_q <= '0;
      eleft_q <= '0;
      rp_q    <= '0;
      cnt_q   <= '0;
      curp_q  <= '0;
      port_q  <= '0;
      sv_q    <= '0;
      scur_q  <= '0;
      stail_q <= '0;
      sleft_q <= '0;
      smul_q  <= '0;
      fcur_q  <= '0;
      ftail_q <= '0;
      fleft_q <= '0;
      fmul_q  <= '0;
    end else begin
      ecur_q  <= ecur_d;
      etail_q <= etail_d;
      eleft_q <= eleft_d;
      rp_q    <= rp_d;
      cnt_q   <= cnt_d;
      curp_q  <= curp_d;
      port_q  <= port_d;
      sv_q    <= sv_d;
      scur_q  <= scur_d;
      stail_q <= stail_d;
      sleft_q <= sleft_d;
      smul_q  <= smul_d;
      fcur_q  <= fcur_d;
      ftail_q <= ftail_d;
      fleft_q <= fleft_d;
      fmul_q  <= fmul_d;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (cp_rd_ask_o != '0) begin
        assert (32'(rd_left_i) >= K)
          else $error("tm_hd_exec: a lane asks for a read with rd_left_i=%0d, below K=%0d",
                      rd_left_i, K);
      end
      for (int b = 0; b < K; b++) begin
        if (push[b]) begin
          assert (32'(cnt_q[b*LCW +: LCW]) < LD)
            else $error("tm_hd_exec: unlink into full lane %0d", b);
        end
      end
    end
  end
`endif

endmodule
