// Mutant exe-ack-empty of cosim/mutation's catalogue (a drop request on an
// empty queue is acknowledged), kept as a wrong executor for the scaling table.
// hd_executor: Occamy head-drop executor with its minimal packet store.
// Contract: docs/executor.md (cycle-exact with the Go model hw/executor).
//
// Parameters
//   N  (1..256,   default 64)    queues
//   QW (1..32,    default 16)    width of a queue length; must hold B:
//                                QW >= clog2(B+1)
//   B  (1..65536, default 16384) buffer cells
//   P  (1..65536, default B)     packet descriptors (PDs)
//   Derived: IW = max(1, clog2(N)) queue index, CW = max(1, clog2(B)) cell
//   index, PW = max(1, clog2(P)) PD index, FW = clog2(B+1) cell count,
//   KW = clog2(P+1) packet count.
//
// Ports
//   clk_i, rst_ni          clock; synchronous active-low reset
//   enq_valid_i            a cell arrives this cycle
//   enq_qid_i [IW]         its packet's queue, looked at on the last cell only
//   enq_eop_i              the cell is the last of its packet
//   enq_ready_o            comb: the cell is taken at this edge if valid
//   drop_valid_i           drop the head packet of drop_qid_i (arbiter gnt_valid_o)
//   drop_qid_i [IW]        the queue (arbiter gnt_idx_o)
//   drop_ack_o             comb: the drop happens at this edge (arbiter ack_i)
//   drop_cells_o [FW]      comb: cells of the packet dropped this cycle, 0 if none
//   qlen_o [N*QW]          registered: queue i's cells (complete packets) at [i*QW +: QW]
//   free_o [FW]            registered: free cells
//
// Behaviour (docs/executor.md gives the full per-edge rules)
//   drop_ack_o   = drop_valid_i && drop_qid_i < N && q_pkts[drop_qid_i] != 0
//   drop_cells_o = drop_ack_o ? pd_cnt[q_head[drop_qid_i]] : 0
//   enq_ready_o  = free_cnt_q != 0 && (!enq_eop_i || (pd_free_cnt_q != 0 && enq_qid_i < N))
//   A drop unlinks the head PD, appends the packet's whole cell chain to the
//   free cell list with one cell_next write and the PD to the free PD list
//   with one pd_next write. Free lists pop (enqueue) before they append
//   (drop); a list empty after the pop takes the chain as the whole list
//   with no write. An eop and a drop on the same queue: the drop applies
//   first. A queue's length counts complete packets only.
//
// Latency
//   One packet of any size per cycle. A drop acked in cycle c shows in
//   qlen_o and free_o in cycle c+1; its cells and PD are usable by an
//   enqueue from cycle c+1.
//
// Reset
//   rst_ni = 0 at an edge empties every queue, chains all cells 0..B-1 on
//   the free list and all PDs 0..P-1 on the free PD list; the enqueue and
//   drop of that cycle are lost. Outputs are still computed in that cycle.
//   Before the first reset edge the outputs are X.
//
// Storage
//   The per-queue tables are packed registers (qlen_o is q_len itself). The
//   cell and PD memories (B and P entries) are register files reset by a loop.
//   Our simulator release (Verilator 5.006) rejects non-blocking writes to an
//   array inside a loop (BLKLOOPINIT), so those files are written with
//   blocking assignments at the end of the one clocked process. Nothing
//   outside this module reads them at the edge (drop_cells_o reads pd_cnt[h],
//   which an edge never writes: the PD written is a free one).
module hd_executor #(
  parameter int N  = 64,
  parameter int QW = 16,
  parameter int B  = 16384,
  parameter int P  = B
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic                                 enq_valid_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0] enq_qid_i,
  input  logic                                 enq_eop_i,
  output logic                                 enq_ready_o,
  input  logic                                 drop_valid_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0] drop_qid_i,
  output logic                                 drop_ack_o,
  output logic [$clog2(B + 1)-1:0]             drop_cells_o,
  output logic [N*QW-1:0]                      qlen_o,
  output logic [$clog2(B + 1)-1:0]             free_o
);

  localparam int IW = (N > 1) ? $clog2(N) : 1;
  localparam int CW = (B > 1) ? $clog2(B) : 1;
  localparam int PW = (P > 1) ? $clog2(P) : 1;
  // FW and KW are at least 1, so a bad B or P reaches the checks below
  // instead of failing elaboration with a less helpful message.
  localparam int FW = (B > 0) ? $clog2(B + 1) : 1;
  localparam int KW = (P > 0) ? $clog2(P + 1) : 1;

  // Elaboration checks. Icarus 11 has no elaboration-time system tasks, so it
  // checks at time 0; Verilator and Yosys stop while elaborating.
`ifdef __ICARUS__
  initial begin
    if (N < 1 || N > 256) $fatal(1, "hd_executor: parameter N=%0d out of range, allowed 1..256", N);
    if (QW < 1 || QW > 32) $fatal(1, "hd_executor: parameter QW=%0d out of range, allowed 1..32", QW);
    if (B < 1 || B > 65536) $fatal(1, "hd_executor: parameter B=%0d out of range, allowed 1..65536", B);
    if (P < 1 || P > 65536) $fatal(1, "hd_executor: parameter P=%0d out of range, allowed 1..65536", P);
    if (QW < FW) $fatal(1, "hd_executor: parameter QW=%0d out of range, allowed %0d..32 (a queue length must hold B=%0d cells)", QW, FW, B);
  end
`else
  if (N < 1 || N > 256) begin : g_bad_n
    $fatal(1, "hd_executor: parameter N=%0d out of range, allowed 1..256", N);
  end
  if (QW < 1 || QW > 32) begin : g_bad_qw
    $fatal(1, "hd_executor: parameter QW=%0d out of range, allowed 1..32", QW);
  end
  if (B < 1 || B > 65536) begin : g_bad_b
    $fatal(1, "hd_executor: parameter B=%0d out of range, allowed 1..65536", B);
  end
  if (P < 1 || P > 65536) begin : g_bad_p
    $fatal(1, "hd_executor: parameter P=%0d out of range, allowed 1..65536", P);
  end
  if (QW < FW) begin : g_bad_qw_b
    $fatal(1, "hd_executor: parameter QW=%0d out of range, allowed %0d..32 (a queue length must hold B=%0d cells)", QW, FW, B);
  end
`endif

  // ---------------------------------------------------------------------
  // Storage
  // ---------------------------------------------------------------------

  // Register files (blocking writes, see the header).
  logic [CW-1:0] cell_next [0:B-1];  // next cell of a packet or of the free list
  logic [PW-1:0] pd_next   [0:P-1];  // next PD on a queue or on the free PD list
  logic [CW-1:0] pd_first  [0:P-1];  // a PD's first cell
  logic [CW-1:0] pd_last   [0:P-1];  // a PD's last cell
  logic [FW-1:0] pd_cnt    [0:P-1];  // a PD's cells, 1..B

  // Per-queue tables, packed: entry i at [i*W +: W].
  logic [N*PW-1:0] q_head;  // first PD
  logic [N*PW-1:0] q_tail;  // last PD
  logic [N*KW-1:0] q_pkts;  // complete packets
  logic [N*QW-1:0] q_len;   // cells of complete packets: qlen_o

  // Registers.
  logic [CW-1:0] free_head_q, free_head_d;        // first free cell
  logic [CW-1:0] free_tail_q, free_tail_d;        // last free cell
  logic [FW-1:0] free_cnt_q, free_cnt_d;          // free cells: free_o
  logic [PW-1:0] pd_free_head_q, pd_free_head_d;  // first free PD
  logic [PW-1:0] pd_free_tail_q, pd_free_tail_d;  // last free PD
  logic [KW-1:0] pd_free_cnt_q, pd_free_cnt_d;    // free PDs
  logic [CW-1:0] bld_first_q, bld_first_d;        // packet under construction: first cell
  logic [CW-1:0] bld_last_q, bld_last_d;          // ... last cell received
  logic [FW-1:0] bld_cnt_q, bld_cnt_d;            // ... cells so far; 0 = none

  // ---------------------------------------------------------------------
  // One cycle: outputs, next registers, write ports
  // ---------------------------------------------------------------------

  // Queue indices; an index at or above N is no queue. The clamped copies
  // keep out-of-range reads (and their X) away from every output.
  logic          dq_ok, eq_ok;
  logic [IW-1:0] dq, eq;
  /* verilator lint_off CMPCONST */
  assign dq_ok = 32'(drop_qid_i) < N;
  assign eq_ok = 32'(enq_qid_i) < N;
  /* verilator lint_on CMPCONST */
  assign dq = dq_ok ? drop_qid_i : '0;
  assign eq = eq_ok ? enq_qid_i : '0;

  // Drop: the head PD h of the granted queue and its cell chain.
  logic          ack;
  logic [PW-1:0] h;
  logic [CW-1:0] h_first, h_last;
  logic [FW-1:0] h_cnt;
  logic [PW-1:0] h_next;

  assign ack     = drop_valid_i && dq_ok;
  assign h       = ack ? q_head[dq*PW +: PW] : '0;
  assign h_first = ack ? pd_first[h] : '0;
  assign h_last  = ack ? pd_last[h] : '0;
  assign h_cnt   = ack ? pd_cnt[h] : '0;
  assign h_next  = pd_next[h];

  assign drop_ack_o   = ack;
  assign drop_cells_o = h_cnt;

  // Enqueue: the cell c taken from the free head, the packet's first cell
  // and its cell count including c.
  logic          ready, enq, eop;
  logic [CW-1:0] c, first;
  logic [FW-1:0] cells;

  assign ready = (free_cnt_q != '0) && (!enq_eop_i || ((pd_free_cnt_q != '0) && eq_ok));
  assign enq   = enq_valid_i && ready;
  assign eop   = enq && enq_eop_i;
  assign c     = free_head_q;
  assign first = (bld_cnt_q != '0) ? bld_first_q : c;
  assign cells = bld_cnt_q + FW'(1);

  assign enq_ready_o = ready;

  // Write ports of one cycle (docs/executor.md, "Memory ports used").
  logic          cl_en, ca_en, pl_en, pa_en;   // cell link, cell append, PD link, PD append
  logic [CW-1:0] cl_addr, cl_data, ca_addr, ca_data;
  logic [PW-1:0] pl_addr, pl_data, pa_addr, pa_data;
  logic [PW-1:0] p;                            // the PD an eop takes

  // Free cell list: pop (enq), then append the chain h_first..h_last (ack).
  logic [FW-1:0] n_cnt;
  logic [CW-1:0] n_head;
  assign n_cnt  = free_cnt_q - FW'(enq);
  assign n_head = enq ? cell_next[free_head_q] : free_head_q;

  // Free PD list: pop (eop), then append the single PD h (ack).
  logic [KW-1:0] m_cnt;
  logic [PW-1:0] m_head;
  assign m_cnt  = pd_free_cnt_q - KW'(eop);
  assign m_head = eop ? pd_next[pd_free_head_q] : pd_free_head_q;
  assign p      = pd_free_head_q;

  // Queues: the drop's entry at dq, the eop's entry at eq (merged when the
  // same queue: the drop applies first).
  logic          same;
  logic          qd_en;                        // write the drop entry
  logic [PW-1:0] qd_head, qd_tail;
  logic [KW-1:0] qd_pkts;
  logic [QW-1:0] qd_len;
  logic [PW-1:0] cur_head, cur_tail;           // eq's entry before the eop
  logic [KW-1:0] cur_pkts;
  logic [QW-1:0] cur_len;
  logic [PW-1:0] qe_head;                      // eq's entry after the eop
  logic [KW-1:0] qe_pkts;
  logic [QW-1:0] qe_len;

  assign same    = ack && eop && (dq == eq);
  assign qd_en   = ack && !same;
  assign qd_head = h_next;
  assign qd_tail = q_tail[dq*PW +: PW];
  assign qd_pkts = q_pkts[dq*KW +: KW] - KW'(1);
  assign qd_len  = q_len[dq*QW +: QW] - QW'(h_cnt);

  assign cur_head = same ? qd_head : q_head[eq*PW +: PW];
  assign cur_tail = same ? qd_tail : q_tail[eq*PW +: PW];
  assign cur_pkts = same ? qd_pkts : q_pkts[eq*KW +: KW];
  assign cur_len  = same ? qd_len  : q_len[eq*QW +: QW];

  assign qe_head = (cur_pkts == '0) ? p : cur_head;
  assign qe_pkts = cur_pkts + KW'(1);
  assign qe_len  = cur_len + QW'(cells);

  always_comb begin
    // Packet under construction.
    bld_first_d = bld_first_q;
    bld_last_d  = bld_last_q;
    bld_cnt_d   = bld_cnt_q;
    cl_en       = enq && (bld_cnt_q != '0);
    cl_addr     = bld_last_q;
    cl_data     = c;
    if (enq) begin
      if (enq_eop_i) begin
        bld_cnt_d = '0;
      end else begin
        bld_first_d = first;
        bld_last_d  = c;
        bld_cnt_d   = cells;
      end
    end

    // Free cell list.
    ca_en   = 1'b0;
    ca_addr = free_tail_q;
    ca_data = h_first;
    if (ack) begin
      free_head_d = (n_cnt == '0) ? h_first : n_head;
      ca_en       = n_cnt != '0;
      free_tail_d = h_last;
      free_cnt_d  = n_cnt + h_cnt;
    end else begin
      free_head_d = n_head;
      free_tail_d = free_tail_q;
      free_cnt_d  = n_cnt;
    end

    // Free PD list.
    pa_en   = 1'b0;
    pa_addr = pd_free_tail_q;
    pa_data = h;
    if (ack) begin
      pd_free_head_d = (m_cnt == '0) ? h : m_head;
      pa_en          = m_cnt != '0;
      pd_free_tail_d = h;
      pd_free_cnt_d  = m_cnt + KW'(1);
    end else begin
      pd_free_head_d = m_head;
      pd_free_tail_d = pd_free_tail_q;
      pd_free_cnt_d  = m_cnt;
    end

    // Link the new PD behind eq's tail; no write into an empty queue.
    pl_en   = eop && (cur_pkts != '0);
    pl_addr = cur_tail;
    pl_data = p;
  end

  // ---------------------------------------------------------------------
  // The rising edge
  // ---------------------------------------------------------------------

  /* verilator lint_off BLKSEQ */
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      free_head_q    <= '0;
      free_tail_q    <= CW'(B - 1);
      free_cnt_q     <= FW'(B);
      pd_free_head_q <= '0;
      pd_free_tail_q <= PW'(P - 1);
      pd_free_cnt_q  <= KW'(P);
      bld_first_q    <= '0;
      bld_last_q     <= '0;
      bld_cnt_q      <= '0;
      q_head         <= '0;
      q_tail         <= '0;
      q_pkts         <= '0;
      q_len          <= '0;
      for (int i = 0; i < B; i++) begin
        cell_next[i] = (i == B - 1) ? '0 : CW'(i + 1);
      end
      for (int i = 0; i < P; i++) begin
        pd_next[i]  = (i == P - 1) ? '0 : PW'(i + 1);
        pd_first[i] = '0;
        pd_last[i]  = '0;
        pd_cnt[i]   = '0;
      end
    end else begin
      free_head_q    <= free_head_d;
      free_tail_q    <= free_tail_d;
      free_cnt_q     <= free_cnt_d;
      pd_free_head_q <= pd_free_head_d;
      pd_free_tail_q <= pd_free_tail_d;
      pd_free_cnt_q  <= pd_free_cnt_d;
      bld_first_q    <= bld_first_d;
      bld_last_q     <= bld_last_d;
      bld_cnt_q      <= bld_cnt_d;
      // Per-queue tables: the drop entry, then the eop entry (never the same
      // index: when dq == eq the two are merged into the eop entry).
      if (qd_en) begin
        q_head[dq*PW +: PW] <= qd_head;
        q_pkts[dq*KW +: KW] <= qd_pkts;
        q_len[dq*QW +: QW]  <= qd_len;
      end
      if (eop) begin
        q_head[eq*PW +: PW] <= qe_head;
        q_tail[eq*PW +: PW] <= p;
        q_pkts[eq*KW +: KW] <= qe_pkts;
        q_len[eq*QW +: QW]  <= qe_len;
      end
      // Register files last: every value above was sampled before them.
      // Link before append, as the Go model applies them.
      if (cl_en) cell_next[cl_addr] = cl_data;
      if (ca_en) cell_next[ca_addr] = ca_data;
      if (pl_en) pd_next[pl_addr] = pl_data;
      if (pa_en) pd_next[pa_addr] = pa_data;
      if (eop) begin
        pd_first[p] = first;
        pd_last[p]  = c;
        pd_cnt[p]   = cells;
      end
    end
  end
  /* verilator lint_on BLKSEQ */

  assign qlen_o = q_len;
  assign free_o = free_cnt_q;

`ifndef SYNTHESIS
  // Store invariants, checked at every edge out of reset (the state is X
  // before the first reset edge):
  //   - free cells never above B, free PDs never above P;
  //   - a drop frees a packet of 1..B cells, never more cells than are in
  //     use, and never a chain ending at the free tail (a cell freed twice);
  //   - a returned PD is not the free PD tail (a PD freed twice);
  //   - free + sum of queue lengths + cells under construction = B, and
  //     free PDs + sum of queue packet counts = P.
  logic        rst_seen = 1'b0;
  logic [63:0] sum_len, sum_pkts;  // sums over the queues
  always_comb begin
    sum_len  = '0;
    sum_pkts = '0;
    for (int i = 0; i < N; i++) begin
      sum_len  = sum_len + 64'(q_len[i*QW +: QW]);
      sum_pkts = sum_pkts + 64'(q_pkts[i*KW +: KW]);
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rst_seen <= 1'b1;
    end else if (rst_seen) begin
      assert (32'(free_cnt_q) <= B)
        else $error("hd_executor: free_cnt_q=%0d above B=%0d", free_cnt_q, B);
      assert (32'(pd_free_cnt_q) <= P)
        else $error("hd_executor: pd_free_cnt_q=%0d above P=%0d", pd_free_cnt_q, P);
      assert (64'(free_cnt_q) + sum_len + 64'(bld_cnt_q) == 64'(B))
        else $error("hd_executor: free %0d + queued %0d + under construction %0d != B=%0d",
                    free_cnt_q, sum_len, bld_cnt_q, B);
      assert (64'(pd_free_cnt_q) + sum_pkts == 64'(P))
        else $error("hd_executor: free PDs %0d + queued packets %0d != P=%0d",
                    pd_free_cnt_q, sum_pkts, P);
      if (ack) begin
        assert (h_cnt != '0 && 32'(h_cnt) + 32'(free_cnt_q) <= B)
          else $error("hd_executor: drop of queue %0d frees %0d cells with %0d free of B=%0d",
                      dq, h_cnt, free_cnt_q, B);
        assert (n_cnt == '0 || (h_last != free_tail_q && h_first != free_tail_q))
          else $error("hd_executor: drop of queue %0d frees cell %0d twice (it is the free tail)",
                      dq, free_tail_q);
        assert (m_cnt == '0 || h != pd_free_tail_q)
          else $error("hd_executor: drop of queue %0d frees PD %0d twice (it is the free PD tail)",
                      dq, h);
      end
    end
  end
`endif

endmodule
