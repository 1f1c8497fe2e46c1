// tm_hd_exec: the traffic manager's head-drop executor (hw/tm stages D and
// G: hdIssue, hdCellsStage, and the head-drop half of the unlink): it
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
//   ga_o [K], ga_head_o, ga_tail_o [K*CW], ga_n_o [K*BNW], freed_o [LW]
//                        comb: its appends (stage G) and the cells they free
//   gnt_valid_o, gnt_idx_o   comb: the policy's choice (trace)
//   busy_o               registered: a packet's cells are being freed
//
// Behaviour (docs/tm.md, "BM policies"): occamy takes u_arb's grant over
// over_i & cand_i and acknowledges it only when the executor takes it (idle:
// no packet in its cell stage, the unlink of this cycle included, and the
// PD port free); occamy-lqd takes the longest queue of over_i & cand_i
// (start-of-cycle lengths, lowest index on ties). With recheck_i a grant
// whose queue is no longer over its threshold this cycle issues nothing
// and leaves u_arb's pointer. Stage G: per cell, one round of min(K, left)
// cells (reads of the links whose sub-list goes on), all or nothing on the
// reads and writes left; chain, one append per sub-list as writes allow
// (an append to an empty bank needs none), in the unlink's cycle already.
// Latency: PD read in t, unlink in t+1, the first round or appends in t+1.
// Corner cases: a grant taken while the dequeue holds the PD port waits
// (not acknowledged); the bitmap lags a cycle, so a queue just brought
// under its threshold may be granted again (stale head drop).
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
  output logic [LW-1:0]                                 freed_o,
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
  logic          busy_q, busy_d, busy_a;
  logic          idle;
  logic          any_over;
  logic          lqd_valid;
  logic [IW-1:0] lqd_idx;
  logic          over_gnt;   // the re-check comparator on the choice

  assign busy_a   = busy_q || unl_i;
  assign idle     = !busy_a && pd_free_i;
  assign any_over = |over_i;
  assign arb_req_o = (policy_i == 2'd1 && any_over) ? (over_i & cand_i) : '0;

  // Longest candidate over its threshold (ideal maximum finder).
  always @* begin
    logic [QW-1:0] best;
    logic [N-1:0]  c;
    c         = over_i & cand_i;
    lqd_valid = 1'b0;
    lqd_idx   = '0;
    best      = '0;
    for (int i = 0; i < N; i++) begin
      if (c[i] && (!lqd_valid || qlen_i[i*QW +: QW] > best)) begin
        lqd_valid = 1'b1;
        lqd_idx   = IW'(i);
        best      = qlen_i[i*QW +: QW];
      end
    end
  end

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

  // ---- Stage G: the cells ----
  logic [LW-1:0]   n_q, n_d, done_q, done_d;
  logic [K-1:0]    chains_q, chains_d;
  logic [K*CW-1:0] heads_q, heads_d, tails_q, tails_d, cur_q, cur_d;
  logic            curp_q, curp_d;
  logic [RW-1:0]   base_q, base_d;

  logic [LW-1:0]   n, done, left, cnt, rds;
  logic [K-1:0]    chains;
  logic [K*CW-1:0] heads, tails, cur;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [SW-1:0]   unl_ser;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LW-1:0]   unl_n;
  logic [K*CW-1:0] unl_heads, unl_tails;

  assign {unl_ser, unl_n, unl_heads, unl_tails} = unl_body_i;
  assign n      = unl_i ? unl_n : n_q;
  assign done   = unl_i ? '0 : done_q;
  assign heads  = unl_i ? unl_heads : heads_q;
  assign tails  = unl_i ? unl_tails : tails_q;
  assign left   = n - done;
  assign cnt    = (32'(left) < K) ? left : LW'(K);
  // Constant when MAXPKT <= K (then no round reads a link).
  /* verilator lint_off CMPCONST */
  assign rds    = (32'(left) > K) ? (((32'(left) - K) < K) ? LW'(32'(left) - K) : LW'(K)) : '0;
  /* verilator lint_on CMPCONST */

  always @* begin
    for (int s = 0; s < K; s++) begin
      if (done == '0) begin
        cur[s*CW +: CW] = heads[s*CW +: CW];
      end else if (curp_q) begin
        cur[s*CW +: CW] = cp_rd_data_i[(32'(base_q) + s)*CW +: CW];
      end else begin
        cur[s*CW +: CW] = cur_q[s*CW +: CW];
      end
    end
  end

  always @* begin
    logic [WW-1:0]  wl;
    logic [CW-1:0]  h;
    logic           need;
    logic           go;
    h            = '0;
    need         = 1'b0;
    go           = 1'b0;
    chains       = unl_i ? K'((1 << ((32'(unl_n) < K) ? 32'(unl_n) : K)) - 1) : chains_q;
    chains_d     = chains;
    ga_o         = '0;
    ga_head_o    = '0;
    ga_tail_o    = '0;
    ga_n_o       = '0;
    freed_o      = '0;
    cp_rd_en_o   = '0;
    cp_rd_addr_o = '0;
    rd_n_o       = '0;
    done_d       = done;
    busy_d       = busy_a;
    curp_d       = 1'b0;
    cur_d        = cur;
    base_d       = rd_base_i;
    wl           = wr_left_i;
    if (busy_a && chain_i) begin
      for (int s = 0; s < K; s++) begin
        h    = heads[s*CW +: CW];
        need = cnt_f_i[(32'(h) & (K - 1))*BNW +: BNW] != '0;
        if (chains[s] && (!need || wl != '0)) begin
          ga_o[s]              = 1'b1;
          ga_head_o[s*CW +: CW] = h;
          ga_tail_o[s*CW +: CW] = tails[s*CW +: CW];
          ga_n_o[s*BNW +: BNW]  = BNW'((32'(n) - s + K - 1) / K);
          freed_o              = freed_o + LW'((32'(n) - s + K - 1) / K);
          chains_d[s]          = 1'b0;
          if (need) wl = wl - WW'(1);
        end
      end
      if (chains_d == '0) busy_d = 1'b0;
    end else if (busy_a) begin
      // rds is constant 0 when MAXPKT <= K (no sub-list goes on).
      /* verilator lint_off UNSIGNED */
      go = (32'(rds) <= 32'(rd_left_i)) && (32'(cnt) <= 32'(wr_left_i));
      if (go) begin
        for (int s = 0; s < K; s++) begin
          if (32'(s) < 32'(cnt)) begin
            ga_o[s]              = 1'b1;
            ga_head_o[s*CW +: CW] = cur[s*CW +: CW];
            ga_tail_o[s*CW +: CW] = cur[s*CW +: CW];
            ga_n_o[s*BNW +: BNW]  = BNW'(1);
          end
          if (32'(s) < 32'(rds)) begin
            /* verilator lint_on UNSIGNED */
            cp_rd_en_o[32'(rd_base_i) + s]                = 1'b1;
            cp_rd_addr_o[(32'(rd_base_i) + s)*CW +: CW]  = cur[s*CW +: CW];
          end
        end
        rd_n_o  = RW'(rds);
        freed_o = cnt;
        done_d  = done + cnt;
        curp_d  = rds != '0;
        if (done + cnt == n) busy_d = 1'b0;
      end
    end
  end

  assign n_d     = n;
  assign heads_d = heads;
  assign tails_d = tails;
  assign busy_o  = busy_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q   <= 1'b0;
      n_q      <= '0;
      done_q   <= '0;
      chains_q <= '0;
      heads_q  <= '0;
      tails_q  <= '0;
      cur_q    <= '0;
      curp_q   <= 1'b0;
      base_q   <= '0;
    end else begin
      busy_q   <= busy_d;
      n_q      <= n_d;
      done_q   <= done_d;
      chains_q <= chains_d;
      heads_q  <= heads_d;
      tails_q  <= tails_d;
      cur_q    <= cur_d;
      curp_q   <= curp_d;
      base_q   <= base_d;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (unl_i) begin
        assert (!busy_q) else $error("tm_hd_exec: unlink while the executor is busy");
      end
      if (pd_rd_o) begin
        assert (cand_i[pd_rd_qid_o]) else $error("tm_hd_exec: head-drop read of queue %0d, not a candidate", pd_rd_qid_o);
      end
    end
  end
`endif

endmodule
