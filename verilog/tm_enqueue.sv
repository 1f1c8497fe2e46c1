// tm_enqueue: the traffic manager's ingress FIFO and enqueue engine (hw/tm
// stage E, enqueueRound): one allocation round a cycle for the oldest
// admitted packet.
//
// Parameters
//   N (1..256, default 64) queues; B (1..65535, default 16384) cells;
//   K (1, 2, 4, 8, default 4) sub-lists = free banks; LW (1..13, default 7)
//   cell-count width; IN (1..64, default 4) admissions per cycle; SW (1..32,
//   default 16) serial bits; WAIT (0..65535, default 0) cells that may be
//   admitted beyond the free ones (pushout-ports: they wait for room).
//   Derived: IW = max(1, clog2(N)), CW = max(1, clog2(B)), BNW = clog2(B+1),
//   TW = SW+LW (a cell-data tag), EW = IW+LW+SW (a FIFO entry), D =
//   2^clog2(B+WAIT) FIFO entries (an admitted packet holds a cell, so at
//   most B+WAIT wait), BW = SW+LW+2K*CW (a PD body: serial, cells, K heads,
//   K tails).
//
// Ports
//   adm_n_i, adm_qid_i, adm_cells_i, adm_serial_i  this cycle's admitted
//                        packets, packed from entry 0 (tm_admission)
//   cnt_i [K*BNW]        free cells per bank (start of cycle, tm_free_list)
//   head_i [K*CW]        each bank's head cell
//   pop_o [K]            comb: banks popped this round
//   cd_wr_en_o [K], cd_wr_addr_o [K*CW], cd_wr_data_o [K*TW]  comb: cell
//                        data writes, port j for sub-list j: the tag
//                        {serial mod 2^SW, cell index}
//   link_o               comb: the packet's last round: link its PD
//   link_qid_o, link_pd_o [CW], link_cells_o, link_body_o [BW]  its queue,
//                        PD index (its first cell), cells and PD body (0
//                        without link_o)
//   cd_wr_n_o [clog2(K+1)]  comb: cell-data writes this cycle
//   busy_o               registered: a packet is being allocated
//
// Behaviour (hw/tm enqueueRound): the next-packet register (nv_q, nx_q)
// loads the oldest admitted packet (this cycle's first admission when the
// FIFO is empty) when it is empty or taken; when idle, the engine takes
// the register's packet and the bank rotation (sub-list 0's bank; the
// rotation advances on every take). A round pops one cell per sub-list
// j < min(K, cells left), from bank (j + rot) mod K, and writes its data;
// it is all or nothing and waits while a bank is empty or, in the
// packet's first round, while a bank holds fewer cells than that
// sub-list's whole length (so each sub-list is a run of one bank's chain
// and no pointer is written). The round that pops the
// last cell links the PD. Port budgets never stop a round (the dequeue
// takes at most K of cp_mem's 2K reads, no cell-data write, no PD write).
// Latency: a packet admitted in cycle t can do its first round in t+1
// (hw/tm EnqTakeLag); packets still go back to back (the register reloads
// in the cycle it is taken).
// Hazards of the next-packet register (issue 29, enqcut): the packet in
// nx_q is already in its queue's length (admission counts it) but not on
// its PD list, like a packet in the FIFO: the dequeue, the unlink and the
// head-drop choice see only the PD lists (nonempty, the PD read), so none
// can reach it; its link comes a cycle later than before, and a grant,
// unlink or head drop on its queue in the meantime acts on the PDs
// already linked, with tm_pd_lists' lock and forward unchanged. Each
// packet passes the register exactly once and in order: the FIFO pops on
// the load (ld), not on the take.
// FIFO: an sram_mp (u_ing, IN write ports, one read) read every cycle at
// the next head, with a bypass register for an entry written in the same
// cycle.
// Depth (issue 29): the engine reads no FIFO read data and no adm_*: only
// registers and cnt_i/head_i (before: adm_* and u_ing's read data ran
// through the first round's pops and link into u_fl and u_pdl, 12 LUT6
// levels flat at the small set). A round's go is computed for the packet
// taken now (from nx_q) and for the packet in allocation side by side and
// picked by take; a bank's
// first-round test is the compare {count, j} >= n (count*K + j >= n), no
// divider; derived registers keep, a cycle ahead, the FIFO's non-emptiness
// (fne_q) and the packet in allocation's sub-lists with a cell left
// (needk_q per sub-list, needb_q per bank), first round (first_q) and last
// round (lastk_q): 11 LUT6 levels at the defaults before, 8 after (the
// module alone, Yosys 0.23, u_ing a black box).
// Depth (issue 29, enqact, no cycle moved): the bypass reads the derived
// flag eo_q (en_q == 1) and ld, not rp_d - wp_q; the engine's cells left
// are the derived register left_q (n_q - done_q), its round count need's
// thermometer count, done_d = last ? n : done + K: the module alone at the
// defaults 8 -> 5 levels (1226 -> 1141 LUT6).
// Assertions (`ifndef SYNTHESIS): the FIFO never overflows; the derived
// flags fne_q, eo_q match en_q; the bypass is the pointers' (rp_d - wp_q <
// adm_n_i).
`include "occamy_checks.svh"

module tm_enqueue #(
  parameter int  N    = 64,
  parameter int  B    = 16384,
  parameter int  K    = 4,
  parameter int  LW   = 7,
  parameter int  IN   = 4,
  parameter int  SW   = 16,
  parameter int  WAIT = 0,
  // Derived, not to be set:
  localparam int IW   = (N > 1) ? $clog2(N) : 1,  // queue index
  localparam int CW   = (B > 1) ? $clog2(B) : 1,  // cell index
  localparam int BNW  = $clog2(B + 1),            // cell count
  localparam int TW   = SW + LW,                  // cell-data tag
  localparam int BW   = SW + LW + 2 * K * CW,     // PD body {serial, cells, K heads, K tails}
  localparam int NW   = $clog2(IN + 1),           // admitted-packet count
  localparam int WW   = $clog2(K + 1)             // a count 0..K (cell-data writes)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [NW-1:0]    adm_n_i,
  input  logic [IN*IW-1:0] adm_qid_i,
  input  logic [IN*LW-1:0] adm_cells_i,
  input  logic [IN*SW-1:0] adm_serial_i,
  input  logic [K*BNW-1:0] cnt_i,
  input  logic [K*CW-1:0]  head_i,
  output logic [K-1:0]     pop_o,
  output logic [K-1:0]     cd_wr_en_o,
  output logic [K*CW-1:0]  cd_wr_addr_o,
  output logic [K*TW-1:0]  cd_wr_data_o,
  output logic             link_o,
  output logic [IW-1:0]    link_qid_o,
  output logic [CW-1:0]    link_pd_o,
  output logic [LW-1:0]    link_cells_o,
  output logic [BW-1:0]    link_body_o,
  output logic [WW-1:0]    cd_wr_n_o,
  output logic             busy_o
);

  localparam int KW  = (K > 1) ? $clog2(K) : 1;
  localparam int EW  = IW + LW + SW;
  localparam int DAW = (B + WAIT > 1) ? $clog2(B + WAIT) : 1;
  localparam int D   = 1 << DAW;
  localparam int DNW = DAW + 1;

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK(g_bad_k, K != 1 && K != 2 && K != 4 && K != 8,
      $fatal(1, "tm_enqueue: parameter K=%0d out of range, allowed 1, 2, 4, 8", K))
    `OCCAMY_CHECK_RANGE(tm_enqueue, IN, 1, 64)
    `OCCAMY_CHECK(g_bad_ew, EW > 64, $fatal(1, "tm_enqueue: IW+LW+SW=%0d above 64", EW))
  `OCCAMY_CHECKS_END

  // ---- Ingress FIFO ----
  logic [DAW-1:0] wp_q, wp_d, rp_q, rp_d;
  logic [DNW-1:0] en_q, en_d;
  logic           byp_q, byp_d;
  logic [EW-1:0]  bdat_q, bdat_d;
  logic [EW-1:0]  mem_rd;
  logic [IN-1:0]  ing_wen;
  logic [IN*DAW-1:0] ing_waddr;
  logic [IN*EW-1:0]  ing_wdata;
  logic [EW-1:0]  hd;      // the oldest packet waiting
  logic           avail;
  logic           ld;      // the FIFO head moves into the next-packet register
  logic           take;

  for (genvar r = 0; r < IN; r++) begin : g_ing
    assign ing_wen[r]                = NW'(r) < adm_n_i;
    assign ing_waddr[r*DAW +: DAW]   = wp_q + DAW'(r);
    assign ing_wdata[r*EW +: EW]     = {adm_qid_i[r*IW +: IW], adm_cells_i[r*LW +: LW],
                                        adm_serial_i[r*SW +: SW]};
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic ing_vld;
  /* verilator lint_on UNUSEDSIGNAL */
  sram_mp #(.DEPTH(D), .WIDTH(EW), .RP(1), .WP(IN), .LAT(1)) u_ing (
    .clk_i, .rst_ni,
    .rd_en_i(1'b1), .rd_addr_i(rp_d), .rd_valid_o(ing_vld), .rd_data_o(mem_rd),
    .wr_en_i(ing_wen), .wr_addr_i(ing_waddr), .wr_data_i(ing_wdata)
  );

  // fne_q is derived: en_q != 0, kept a cycle ahead (issue 29: the
  // count's compare sat before the FIFO head's select).
  logic fne_q, fne_d;
  assign avail = fne_q || (adm_n_i != '0);
  assign hd    = fne_q ? (byp_q ? bdat_q : mem_rd) : ing_wdata[0 +: EW];

  // The next-packet register (issue 29, enqcut): the engine takes its
  // packet from nv_q/nx_q, never from the FIFO head or this cycle's
  // admissions, so a round starts from registers. It loads the FIFO head
  // when empty or taken.
  logic          act_q, act_d;
  logic          nv_q, nv_d;
  logic [EW-1:0] nx_q, nx_d;
  assign take = !act_q && nv_q;
  assign ld   = avail && (!nv_q || take);
  assign nv_d = ld || (nv_q && !take);
  assign nx_d = ld ? hd : nx_q;

  // The bypass (issue 29, enqact): the next head rp_d is an entry written
  // this cycle (rp_d - wp_q < adm_n_i) only when at most one entry waits:
  // with none, rp_d is entry ld of this cycle's writes, so it bypasses
  // when adm_n_i > ld; with one, only after a load (entry 0, adm_n_i > 0);
  // with en_q >= 2 entries (or one not loaded) rp_d - wp_q = D - en_q + ld
  // >= adm_n_i, as the FIFO never overflows (en_q + adm_n_i <= B + WAIT
  // <= D, asserted). So the bypass and its data need the derived flags
  // fne_q and eo_q (en_q == 1, kept a cycle ahead), not the pointers'
  // difference; bdat_q is read only with byp_q (else not defined).
  logic eo_q, eo_d;
  always @* begin
    en_d  = en_q + DNW'(adm_n_i) - DNW'(ld);
    fne_d = 32'(en_q) + 32'(adm_n_i) != 32'(ld);
    eo_d  = fne_q ? (eo_q ? adm_n_i == NW'(ld) : en_q == DNW'(2) && adm_n_i == '0 && ld)
                  : 32'(adm_n_i) == 32'(ld) + 1;
    wp_d  = wp_q + DAW'(adm_n_i);
    rp_d  = rp_q + DAW'(ld);
    byp_d = fne_q ? eo_q && ld && adm_n_i != '0 : 32'(adm_n_i) > 32'(ld);
    bdat_d = ing_wdata[0 +: EW];
    if (IN > 1 && !fne_q && ld) bdat_d = ing_wdata[(IN > 1 ? 1 : 0)*EW +: EW];
  end

  // ---- Allocation engine ----
  logic [IW-1:0]   q_q, q_d, q_c;
  logic [LW-1:0]   n_q, n_d, n_c, done_q, done_d, done_c;
  logic [SW-1:0]   ser_q, ser_d, ser_c;
  logic [KW-1:0]   arot_q, arot_d, arot_c, rot_q, rot_d;
  logic [K*CW-1:0] heads_q, heads_d, tails_q, tails_d;
  logic            go, last;
  logic [LW-1:0]   left, left_q, left_d;  // cells left; left_q derived: n_q - done_q
  logic [WW-1:0]   cnt;                   // cells this round, min(left, K)

  assign q_c    = take ? nx_q[LW+SW +: IW] : q_q;
  assign n_c    = take ? nx_q[SW +: LW] : n_q;
  assign ser_c  = take ? nx_q[0 +: SW] : ser_q;
  assign done_c = take ? '0 : done_q;
  assign arot_c = take ? rot_q : arot_q;
  // Depth (issue 29, enqact): the cells left are a derived register
  // (left_q = n_q - done_q, kept in step), not a subtraction after the
  // take's select; the round's count min(left, K) is the thermometer
  // need's (sub-list j goes iff j < left), not a compare of left.
  assign left   = take ? nx_q[SW +: LW] : left_q;

  // Whether a round goes, computed for the packet taken now (from the
  // FIFO head, rotation rot_q, its first round) and for the packet in
  // allocation (registers) side by side, then picked by take (issue 29:
  // the head's select and the rotation sat before every bank's compare).
  // Sub-list j, in bank b = (j + rotation) mod K, needs b not empty and,
  // in the packet's first round, holding the sub-list's ceil((n-j)/K)
  // cells: c >= ceil((n-j)/K) is c*K + j >= n, and c*K + j is {c, j}: a
  // compare, no divider; it holds by itself for a sub-list with no cell
  // (j >= n), so a first round is the AND of every bank's compare.
  // The packet in allocation's derived registers, kept a cycle ahead:
  // needk_q[j] = done_q + j < n_q (sub-list j has a cell left), needb_q[b]
  // the same for the sub-list in bank b, first_q = (done_q == 0), lastk_q
  // = (n_q - done_q <= K).
  localparam int KB = $clog2(K);
  logic [K-1:0] need_t, need, needk_q, needk_d;  // sub-list j goes this round
  logic [K-1:0] needb_t, needb, needb_q, needb_d;  // the sub-list in bank b goes
  logic         first_q, first_d, lastk_q, lastk_d;
  always @* begin
    logic [LW-1:0]  hn;
    logic [BNW-1:0] c;
    logic [KW-1:0]  jt, jk;
    logic           go_t, go_f, go_l;
    hn   = nx_q[SW +: LW];
    go_t = 1'b1;  // the taken packet's first round
    go_f = 1'b1;  // the packet in allocation's first round
    go_l = 1'b1;  // its later round
    for (int j = 0; j < K; j++) begin
      need_t[j] = 32'(j) < 32'(hn);
    end
    for (int b = 0; b < K; b++) begin
      c  = cnt_i[b*BNW +: BNW];
      jt = KW'(b - 32'(rot_q)) & KW'(K - 1);
      jk = KW'(b - 32'(arot_q)) & KW'(K - 1);
      needb_t[b] = 32'(jt) < 32'(hn);
      if (((32'(c) << KB) | 32'(jt)) < 32'(hn)) go_t = 1'b0;
      if (((32'(c) << KB) | 32'(jk)) < 32'(n_q)) go_f = 1'b0;
      if (needb_q[b] && c == '0) go_l = 1'b0;
    end
    go    = take ? go_t : (act_q && (first_q ? go_f : go_l));
    need  = take ? need_t : needk_q;
    needb = take ? needb_t : needb_q;
  end

  always @* begin
    cnt = '0;
    for (int j = 0; j < K; j++) begin
      if (need[j]) cnt = WW'(j + 1);
    end
  end

  assign last = go && (take ? 32'(nx_q[SW +: LW]) <= K : lastk_q);

  // The derived registers' next values, from n_d = n_c and done_d =
  // done_c + cnt after a round (left - cnt = max(0, left - K)).
  always @* begin
    logic [KW-1:0] jc;
    for (int j = 0; j < K; j++) begin
      needk_d[j] = go ? 32'(left) > K + j : need[j];
    end
    for (int b = 0; b < K; b++) begin
      jc         = KW'(b - 32'(arot_c)) & KW'(K - 1);
      needb_d[b] = go ? 32'(left) > K + 32'(jc) : needb[b];
    end
    first_d = (take || first_q) && (!go || n_c == '0);
    lastk_d = go ? 32'(left) <= 2 * K : take ? 32'(nx_q[SW +: LW]) <= K : lastk_q;
  end

  always @* begin
    logic [KW-1:0] b;
    logic [CW-1:0] x;
    cd_wr_en_o   = '0;
    cd_wr_addr_o = '0;
    cd_wr_data_o = '0;
    heads_d      = take ? '0 : heads_q;
    tails_d      = take ? '0 : tails_q;
    for (int j = 0; j < K; j++) begin
      b = KW'(j + 32'(arot_c)) & KW'(K - 1);
      x = head_i[32'(b)*CW +: CW];
      if (go && need[j]) begin
        cd_wr_en_o[j]             = 1'b1;
        cd_wr_addr_o[j*CW +: CW]  = x;
        cd_wr_data_o[j*TW +: TW]  = {ser_c, LW'(done_c + LW'(j))};
        if (done_c == '0) heads_d[j*CW +: CW] = x;
        tails_d[j*CW +: CW] = x;
      end
    end
  end

  assign pop_o        = go ? needb : '0;
  assign cd_wr_n_o    = go ? cnt : '0;
  assign link_o       = last;
  assign link_qid_o   = last ? q_c : '0;
  assign link_pd_o    = last ? heads_d[0 +: CW] : '0;
  assign link_cells_o = last ? n_c : '0;
  assign link_body_o  = last ? {ser_c, n_c, heads_d, tails_d} : '0;
  assign busy_o       = act_q;

  always @* begin
    act_d  = act_q;
    q_d    = q_c;
    n_d    = n_c;
    ser_d  = ser_c;
    arot_d = arot_c;
    done_d = done_c;
    rot_d  = rot_q + KW'(take);
    if (K == 1) rot_d = '0;
    if (take) act_d = 1'b1;
    left_d = left;
    // done_c + cnt: K cells in a round that is not the last, all of them
    // (n_c) in the last; the cells left after it, left - cnt.
    if (go) done_d = last ? n_c : done_c + LW'(K);
    if (go) left_d = last ? '0 : left - LW'(K);
    if (last) act_d = 1'b0;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wp_q    <= '0;
      rp_q    <= '0;
      en_q    <= '0;
      fne_q   <= 1'b0;
      eo_q    <= 1'b0;
      byp_q   <= 1'b0;
      bdat_q  <= '0;
      act_q   <= 1'b0;
      nv_q    <= 1'b0;
      nx_q    <= '0;
      q_q     <= '0;
      n_q     <= '0;
      ser_q   <= '0;
      done_q  <= '0;
      left_q  <= '0;
      arot_q  <= '0;
      rot_q   <= '0;
      heads_q <= '0;
      tails_q <= '0;
      needk_q <= '0;
      needb_q <= '0;
      first_q <= 1'b1;
      lastk_q <= 1'b1;
    end else begin
      wp_q    <= wp_d;
      rp_q    <= rp_d;
      en_q    <= en_d;
      fne_q   <= fne_d;
      eo_q    <= eo_d;
      byp_q   <= byp_d;
      bdat_q  <= bdat_d;
      act_q   <= act_d;
      nv_q    <= nv_d;
      nx_q    <= nx_d;
      q_q     <= q_d;
      n_q     <= n_d;
      ser_q   <= ser_d;
      done_q  <= done_d;
      left_q  <= left_d;
      arot_q  <= arot_d;
      rot_q   <= rot_d;
      heads_q <= heads_d;
      tails_q <= tails_d;
      needk_q <= needk_d;
      needb_q <= needb_d;
      first_q <= first_d;
      lastk_q <= lastk_d;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(en_q) + 32'(adm_n_i) <= B + WAIT)
        else $error("tm_enqueue: ingress FIFO overflow: %0d waiting, %0d admitted, %0d entries",
                    en_q, adm_n_i, B + WAIT);
      assert (left_q == n_q - done_q)
        else $error("tm_enqueue: derived left_q %0d, n_q %0d, done_q %0d", left_q, n_q, done_q);
      assert (eo_q == (en_q == DNW'(1)) && fne_q == (en_q != '0))
        else $error("tm_enqueue: derived flags eo_q %0d fne_q %0d, %0d waiting", eo_q, fne_q, en_q);
      assert (byp_d == (32'(DAW'(rp_d - wp_q)) < 32'(adm_n_i)))
        else $error("tm_enqueue: bypass %0d, next head %0d, write pointer %0d, %0d admitted",
                    byp_d, rp_d, wp_q, adm_n_i);
    end
  end
`endif

endmodule
