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
//   rd_base_i, rd_left_i [RW]  first free cp_mem read port, reads left
//   wr_left_i [WW]       cp_mem writes left after stage F
//   cnt_f_i [K*BNW]      free cells per bank after stage F
//   cp_rd_en_o [2K], cp_rd_addr_o [2K*CW], rd_n_o   comb: its link reads
//   ga_o [K], ga_head_o, ga_tail_o [K*CW], ga_n_o [K*BNW], freed_o [LW+WW]
//                        comb: its appends (stage G, slot b = lane b) and the
//                        cells they free (lanes of several packets: up to
//                        K*ceil(MAXPKT/K) cells, hence LW+WW bits)
//   busy_o               registered: a lane holds work
//
// Behaviour (docs/tm.md, "BM policies"): a grant is taken when take_o; a
// grant the executor cannot take waits (tm_hd_choice then does not
// acknowledge u_arb).
// Pipeline (hw/tm HDExec, docs/tm.md "The head-drop executor's lanes"):
// one lane per free-list bank, each a FIFO of LD = 4 entries {cur, tail,
// left} (localparam LD = hw/tm HDLaneDepth). At the unlink (unl_i) each
// sub-list s < min(n, K) is pushed on the lane of its bank (head mod K).
// The executor is idle (take_o with pd_free_i) while every lane holds fewer than
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
  input  logic [RW-1:0]     rd_base_i,
  input  logic [RW-1:0]     rd_left_i,
  input  logic [WW-1:0]     wr_left_i,
  input  logic [K*BNW-1:0]  cnt_f_i,
  output logic [2*K-1:0]    cp_rd_en_o,
  output logic [2*K*CW-1:0] cp_rd_addr_o,
  output logic [RW-1:0]     rd_n_o,
  output logic [K-1:0]      ga_o,
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
  localparam int LD  = 4;                          // = hw/tm HDLaneDepth
  localparam int LPW = $clog2(LD);                 // lane entry index
  localparam int LCW = $clog2(LD + 1);             // lane fill count

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
        fcur  = curp_q[b] ? cp_rd_data_i[32'(port_q[b*RW +: RW])*CW +: CW]
                          : ecur_q[(b*LD + 32'(r))*CW +: CW];
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
          assert (32'(cnt_q[b*LCW +: LCW]) < LD)
            else $error("tm_hd_exec: unlink into full lane %0d", b);
        end
      end
    end
  end
`endif

endmodule
