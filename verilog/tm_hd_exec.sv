// tm_hd_exec: the traffic manager's head-drop executor (hw/tm HDExec:
// stages D and G and the head-drop half of the unlink, stage A): it
// chooses a queue, reads its head PD on the PD read port the dequeue left
// idle, and returns the packet's cells to the free list with the cell-
// pointer ports the dequeue and the enqueue left idle. It never reads cell
// data.
//
// Parameters
//   N (1..256, default 64) queues; QW (2..32, default 16) length width;
//   B (1..65535, default 16384) cells; K (1, 2, 4, 8, default 4) sub-lists;
//   LW (1..13, default 7) cell-count width; SW (1..32, default 16) serial bits.
//   Derived: IW = max(1, clog2(N)), CW = max(1, clog2(B)), BNW = clog2(B+1),
//   RW = clog2(2K+1), WW = clog2(K+1).
//
// Ports
//   policy_i [2]         0 dt (never expels), 1 occamy, 2 occamy-lqd
//   recheck_i            re-check the granted queue against its threshold now
//   chain_i              free mode chain
//   over_i [N]           the selector's registered bitmap (u_sel)
//   cand_i [N]           queues with a linked PD not read this cycle
//   qlen_i, thr_i [N*QW] start-of-cycle lengths and this cycle's thresholds
//   pd_free_i            the PD read port is still free (no dequeue read)
//   arb_req_o [N], arb_ack_o    comb: u_arb's request and acknowledge
//   arb_valid_i, arb_idx_i      u_arb's grant
//   pd_rd_o, pd_rd_qid_o comb: issue the head-drop PD read of that queue
//   unl_i, unl_body_i    the head-drop PD read returns: unlink (stage A)
//   cp_rd_data_i [2K*CW] cp_mem read data, all ports
//   rd_base_i, rd_left_i [RW]  first free cp_mem read port, reads left
//   wr_left_i [WW]       cp_mem writes left after stage F
//   cnt_f_i [K*BNW]      free cells per bank after stage F
//   cp_rd_en_o [2K], cp_rd_addr_o [2K*CW], rd_n_o   comb: its link reads
//   ga_o [K], ga_head_o, ga_tail_o [K*CW], ga_n_o [K*BNW], freed_o [LW+WW]
//                        comb: its appends (stage G, slot b = lane b) and the
//                        cells they free (lanes of several packets: up to
//                        K*ceil(MAXPKT/K) cells, hence LW+WW bits)
//   gnt_valid_o, gnt_idx_o   comb: the policy's choice (trace)
//   busy_o               registered: a lane holds work
//
// Behaviour (docs/tm.md, "BM policies"): occamy takes u_arb's grant over
// over_i & cand_i and acknowledges it only when the executor takes it (idle:
// no packet in its cell stage, the unlink of this cycle included, and the
// PD port free); occamy-lqd takes the longest queue of over_i & cand_i
// (u_maxfind, a tm_maxfind instance)
// (start-of-cycle lengths, lowest index on ties). With recheck_i a grant
// whose queue is no longer over its threshold this cycle issues nothing
// and leaves u_arb's pointer.
// Pipeline (hw/tm HDExec, docs/tm.md "The head-drop executor's lanes"):
// one lane per free-list bank, each a FIFO of LD = 4 entries {cur, tail,
// left} (localparam LD = hw/tm HDLaneDepth). At the unlink (unl_i) each
// sub-list s < min(n, K) is pushed on the lane of its bank (head mod K).
// The executor is idle (can take a grant) while every lane holds fewer than
// LD entries after this cycle's push; a read issued in t unlinks in t+1
// (latency 1), so one read in flight at most and its push always fits.
// Stage G: lanes in bank order serve their front entry with the ports left
// (rd_base_i/rd_left_i, wr_left_i); a lane that does not fit is skipped,
// later lanes may still go. Chain: the whole sub-list is appended (one
// write, none into an empty bank: cnt_f_i), the entry leaves. Per cell: the
// front's cell is freed (one write unless the bank is empty) and, when the
// sub-list goes on, its link is read on the next free read port; next
// cycle the front's cell is that read's data (port_q/curp_q), latched into
// the entry if the lane is blocked. An entry pushed in t can be served in t.
// Latency: PD read in t, unlink and the first cells in t+1; with every
// port idle a read per cycle (chain: one packet per clock; per cell: K
// cells per clock, one per lane).
// Corner cases: a grant taken while the dequeue holds the PD port waits
// (not acknowledged); the bitmap lags a cycle, so a queue just brought
// under its threshold may be granted again (stale head drop); a read of
// the queue unlinked in the same cycle reads its new head (tm_pd_lists'
// rd_pd_o is after the unlink, with its forward).
module tm_hd_exec #(
  parameter int N  = 64,
  parameter int QW = 16,
  parameter int B  = 16384,
  parameter int K  = 4,
  parameter int LW = 7,
  parameter int SW = 16
) (
  input  logic                                          clk_i,
  input  logic                                          rst_ni,
  input  logic [1:0]                                    policy_i,
  input  logic                                          recheck_i,
  input  logic                                          chain_i,
  input  logic [N-1:0]                                  over_i,
  input  logic [N-1:0]                                  cand_i,
  input  logic [N*QW-1:0]                               qlen_i,
  input  logic [N*QW-1:0]                               thr_i,
  input  logic                                          pd_free_i,
  output logic [N-1:0]                                  arb_req_o,
  output logic                                          arb_ack_o,
  input  logic                                          arb_valid_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0]          arb_idx_i,
  output logic                                          pd_rd_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0]          pd_rd_qid_o,
  input  logic                                          unl_i,
  input  logic [SW+LW+2*K*((B > 1) ? $clog2(B) : 1)-1:0] unl_body_i,
  input  logic [2*K*((B > 1) ? $clog2(B) : 1)-1:0]      cp_rd_data_i,
  input  logic [$clog2(2 * K + 1)-1:0]                  rd_base_i,
  input  logic [$clog2(2 * K + 1)-1:0]                  rd_left_i,
  input  logic [$clog2(K + 1)-1:0]                      wr_left_i,
  input  logic [K*$clog2(B + 1)-1:0]                    cnt_f_i,
  output logic [2*K-1:0]                                cp_rd_en_o,
  output logic [2*K*((B > 1) ? $clog2(B) : 1)-1:0]      cp_rd_addr_o,
  output logic [$clog2(2 * K + 1)-1:0]                  rd_n_o,
  output logic [K-1:0]                                  ga_o,
  output logic [K*((B > 1) ? $clog2(B) : 1)-1:0]        ga_head_o,
  output logic [K*((B > 1) ? $clog2(B) : 1)-1:0]        ga_tail_o,
  output logic [K*$clog2(B + 1)-1:0]                    ga_n_o,
  output logic [LW+$clog2(K + 1)-1:0]                   freed_o,
  output logic                                          gnt_valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0]          gnt_idx_o,
  output logic                                          busy_o
);

  localparam int IW  = (N > 1) ? $clog2(N) : 1;
  localparam int CW  = (B > 1) ? $clog2(B) : 1;
  localparam int BNW = $clog2(B + 1);
  localparam int RW  = $clog2(2 * K + 1);
  localparam int WW  = $clog2(K + 1);

`ifdef __ICARUS__
  initial begin
    if (K != 1 && K != 2 && K != 4 && K != 8) $fatal(1, "tm_hd_exec: parameter K=%0d out of range, allowed 1, 2, 4, 8", K);
  end
`else
  if (K != 1 && K != 2 && K != 4 && K != 8) begin : g_bad_k
    $fatal(1, "tm_hd_exec: parameter K=%0d out of range, allowed 1, 2, 4, 8", K);
  end
`endif

  // ---- Stage D: the choice and the PD read ----
  logic          room;       // stage G: every lane has room after this cycle's unlink
  logic          idle;
  logic          any_over;
  logic          lqd_valid;
  logic [IW-1:0] lqd_idx;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [QW-1:0] lqd_len;    // the winner's length (the choice is the index)
  /* verilator lint_on UNUSEDSIGNAL */
  logic          over_gnt;   // the re-check comparator on the choice

  assign idle     = room && pd_free_i;
  assign any_over = |over_i;
  assign arb_req_o = (policy_i == 2'd1 && any_over) ? (over_i & cand_i) : '0;

  // Longest candidate over its threshold: tm_maxfind (the lowest index on
  // ties), combinational as hw/tm assumes; its golden model is hw/maxfind.
  tm_maxfind #(.N(N), .QW(QW)) u_maxfind (
    .cand_i  (over_i & cand_i),
    .qlen_i  (qlen_i),
    .valid_o (lqd_valid),
    .idx_o   (lqd_idx),
    .max_o   (lqd_len)
  );

  always @* begin
    logic [IW-1:0] g;
    g           = (policy_i == 2'd2) ? lqd_idx : arb_idx_i;
    over_gnt    = qlen_i[g*QW +: QW] > thr_i[g*QW +: QW];
    gnt_valid_o = 1'b0;
    gnt_idx_o   = '0;
    arb_ack_o   = 1'b0;
    if (policy_i == 2'd1 && any_over) begin
      if (recheck_i) begin
        if (arb_valid_i && over_gnt) begin
          gnt_valid_o = 1'b1;
          gnt_idx_o   = arb_idx_i;
          arb_ack_o   = idle;
        end
      end else begin
        arb_ack_o   = idle;
        gnt_valid_o = arb_valid_i;
        gnt_idx_o   = arb_valid_i ? arb_idx_i : '0;
      end
    end else if (policy_i == 2'd2 && any_over) begin
      if (lqd_valid && (!recheck_i || over_gnt)) begin
        gnt_valid_o = 1'b1;
        gnt_idx_o   = lqd_idx;
      end
    end
  end

  assign pd_rd_o     = gnt_valid_o && idle;
  assign pd_rd_qid_o = gnt_idx_o;

  // ---- Stage A, G: the lanes ----
  // Lane b holds the sub-lists of bank b (cells x with x mod K = b), LD
  // entries {cur, tail, left}, oldest at rp_q[b]. The front's cur is the
  // link read last cycle (cp_rd_data_i on port port_q[b]) when curp_q[b].
  localparam int LD  = 4;                          // = hw/tm HDLaneDepth
  localparam int LPW = $clog2(LD);                 // lane entry index
  localparam int LCW = $clog2(LD + 1);             // lane fill count
  localparam int FW  = LW + WW;                    // freed_o width

  logic [K*LD*CW-1:0] ecur_q, ecur_d, etail_q, etail_d;
  logic [K*LD*LW-1:0] eleft_q, eleft_d;
  logic [K*LPW-1:0]   rp_q, rp_d;
  logic [K*LCW-1:0]   cnt_q, cnt_d;
  logic [K-1:0]       curp_q, curp_d;
  logic [K*RW-1:0]    port_q, port_d;

  /* verilator lint_off UNUSEDSIGNAL */
  logic [SW-1:0]   unl_ser;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LW-1:0]   unl_n;
  logic [K*CW-1:0] unl_heads, unl_tails;
  logic [K-1:0]    push;          // this cycle's unlink pushes an entry on lane b
  logic [K*CW-1:0] push_cur, push_tail;
  logic [K*LW-1:0] push_left;
  logic [K-1:0]    full;          // lane b holds LD entries after the push

  assign {unl_ser, unl_n, unl_heads, unl_tails} = unl_body_i;

  // Stage A: sub-list s < min(n, K) of the unlinked packet goes to the lane
  // of its bank (a packet's sub-lists are in distinct banks).
  always @* begin
    logic [CW-1:0] h;
    push      = '0;
    push_cur  = '0;
    push_tail = '0;
    push_left = '0;
    for (int s = 0; s < K; s++) begin
      h = unl_heads[s*CW +: CW];
      if (unl_i && 32'(s) < 32'(unl_n)) begin
        push[32'(h) & (K - 1)]                        = 1'b1;
        push_cur[(32'(h) & (K - 1))*CW +: CW]         = h;
        push_tail[(32'(h) & (K - 1))*CW +: CW]        = unl_tails[s*CW +: CW];
        push_left[(32'(h) & (K - 1))*LW +: LW]        = LW'((32'(unl_n) - s + K - 1) / K);
      end
    end
  end

  for (genvar b = 0; b < K; b++) begin : g_full
    assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(push[b]) >= LD;
  end
  assign room = !(|full);

  // Stage G: lanes in bank order serve their front with the ports left;
  // a lane that does not fit is skipped, later lanes may still go.
  always @* begin
    logic [WW-1:0]  wl;
    logic [RW-1:0]  rl;
    int             rp;
    logic [LPW-1:0] r;
    logic [LCW-1:0] c, ca;
    logic [CW-1:0]  fcur, ftail;
    logic [LW-1:0]  fleft;
    logic           need, rdn;
    ecur_d       = ecur_q;
    etail_d      = etail_q;
    eleft_d      = eleft_q;
    rp_d         = rp_q;
    cnt_d        = cnt_q;
    curp_d       = curp_q;
    port_d       = port_q;
    ga_o         = '0;
    ga_head_o    = '0;
    ga_tail_o    = '0;
    ga_n_o       = '0;
    freed_o      = '0;
    cp_rd_en_o   = '0;
    cp_rd_addr_o = '0;
    wl           = wr_left_i;
    rl           = rd_left_i;
    rp           = 32'(rd_base_i);
    for (int b = 0; b < K; b++) begin
      r  = rp_q[b*LPW +: LPW];
      c  = cnt_q[b*LCW +: LCW];
      ca = c + LCW'(push[b]);
      if (push[b]) begin
        ecur_d[(b*LD + 32'(LPW'(32'(r) + 32'(c))))*CW +: CW]  = push_cur[b*CW +: CW];
        etail_d[(b*LD + 32'(LPW'(32'(r) + 32'(c))))*CW +: CW] = push_tail[b*CW +: CW];
        eleft_d[(b*LD + 32'(LPW'(32'(r) + 32'(c))))*LW +: LW] = push_left[b*LW +: LW];
      end
      cnt_d[b*LCW +: LCW] = ca;
      if (c != '0) begin
        fcur  = curp_q[b] ? cp_rd_data_i[32'(port_q[b*RW +: RW])*CW +: CW] : ecur_q[(b*LD + 32'(r))*CW +: CW];
        ftail = etail_q[(b*LD + 32'(r))*CW +: CW];
        fleft = eleft_q[(b*LD + 32'(r))*LW +: LW];
      end else begin
        fcur  = push_cur[b*CW +: CW];
        ftail = push_tail[b*CW +: CW];
        fleft = push_left[b*LW +: LW];
      end
      need = cnt_f_i[b*BNW +: BNW] != '0;
      // Constant when MAXPKT = 1 (LW = 1: no sub-list goes on).
      /* verilator lint_off CMPCONST */
      rdn  = !chain_i && 32'(fleft) > 1;
      /* verilator lint_on CMPCONST */
      if (ca != '0) begin
        if ((!need || wl != '0) && (!rdn || rl != '0)) begin
          ga_o[b]               = 1'b1;
          ga_head_o[b*CW +: CW] = fcur;
          ga_tail_o[b*CW +: CW] = chain_i ? ftail : fcur;
          ga_n_o[b*BNW +: BNW]  = chain_i ? BNW'(fleft) : BNW'(1);
          freed_o               = freed_o + (chain_i ? FW'(fleft) : FW'(1));
          if (need) wl = wl - WW'(1);
          if (rdn) begin
            cp_rd_en_o[rp]               = 1'b1;
            cp_rd_addr_o[rp*CW +: CW]    = fcur;
            port_d[b*RW +: RW]           = RW'(rp);
            curp_d[b]                    = 1'b1;
            eleft_d[(b*LD + 32'(r))*LW +: LW] = fleft - LW'(1);
            rp                           = rp + 1;
            rl                           = rl - RW'(1);
          end else begin
            rp_d[b*LPW +: LPW]  = LPW'(32'(r) + 1);
            cnt_d[b*LCW +: LCW] = ca - LCW'(1);
            curp_d[b]           = 1'b0;
          end
        end else begin
          ecur_d[(b*LD + 32'(r))*CW +: CW] = fcur;
          curp_d[b]                        = 1'b0;
        end
      end
    end
    rd_n_o = RW'(rp - 32'(rd_base_i));
  end

  assign busy_o = |cnt_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ecur_q  <= '0;
      etail_q <= '0;
      eleft_q <= '0;
      rp_q    <= '0;
      cnt_q   <= '0;
      curp_q  <= '0;
      port_q  <= '0;
    end else begin
      ecur_q  <= ecur_d;
      etail_q <= etail_d;
      eleft_q <= eleft_d;
      rp_q    <= rp_d;
      cnt_q   <= cnt_d;
      curp_q  <= curp_d;
      port_q  <= port_d;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      for (int b = 0; b < K; b++) begin
        if (push[b]) begin
          assert (32'(cnt_q[b*LCW +: LCW]) < LD) else $error("tm_hd_exec: unlink into full lane %0d", b);
        end
      end
      if (pd_rd_o) begin
        assert (cand_i[pd_rd_qid_o]) else $error("tm_hd_exec: head-drop read of queue %0d, not a candidate", pd_rd_qid_o);
      end
    end
  end
`endif

endmodule
