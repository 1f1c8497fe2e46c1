// pd_lists: per-queue linked lists of packet descriptors with the link
// forwarding of hw/mem.PDLists (cycle-exact with the port-level Go model
// hw/memports.PDLists).
//
// Parameters
//   N   (1..64,   default 4)  queues
//   P   (1..4096, default 16) PDs
//   LAT (1..16,   default 1)  PD-memory read latency
//   LW  (1..16,   default 4)  width of a packet's cell count (mem.PD.Cells)
//   DW  (1..32,   default 8)  width of the rest of a PD, opaque here
//                             (mem.PD.Serial; heads and tails of a full PD)
//   Derived: IW = max(1, clog2(N)), PW = max(1, clog2(P)), KW = clog2(P+1).
//
// Ports
//   clk_i, rst_ni        clock; synchronous active-low reset
//   link_i               link a new packet at the tail of queue link_qid_i
//   link_qid_i [IW]      its queue
//   link_cells_i [LW]    its cells
//   link_data_i [DW]     the rest of its PD
//   link_ok_o            comb: link_qid_i < N and a PD is free; the link
//                        happens iff link_i && link_ok_o
//   link_pd_o [PW]       comb: the PD it takes (the free FIFO's head), 0 if !link_ok_o
//   rd_i                 read the head PD of queue rd_qid_i (dequeue or head drop)
//   rd_qid_i [IW]        its queue
//   rd_ok_o              comb: rd_qid_i < N, the queue holds a PD and has no
//                        read in flight, after this cycle's unlink; the read
//                        happens iff rd_i && rd_ok_o
//   rd_pd_o [PW]         comb: the head PD read (after this cycle's unlink), 0 if !rd_ok_o
//   unl_valid_o          registered: the read issued LAT cycles ago returns and
//                        its PD is unlinked in this cycle
//   unl_qid_o, unl_pd_o, unl_cells_o, unl_data_o   its queue, PD and contents
//                        (0 when !unl_valid_o)
//   cnt_o [N*KW]         comb: PDs per queue after this cycle's unlink
//   head_len_o [N*LW]    comb: the head PD's cells per queue after this cycle's
//                        unlink, 0 when empty
//   free_o [KW]          comb: free PDs, the one unlinked this cycle included
//
// A cycle, in this order (mem.PDLists calls, hw/memports.PDLists):
//   1. Unlink of the returning read: the head moves to the forwarded PD if
//      one was recorded, else to the link read with the PD (the memory's
//      output, combinationally); the PD goes to the back of the free FIFO
//      at the edge (usable by a link from the next cycle).
//   2. ReadHead on the lists after the unlink: the head PD is read (1 read)
//      and the queue locked.
//   3. Alloc and Link: the link takes the free FIFO's head; the PD is
//      written (1 write) and, if the queue is not empty, the old tail's link
//      and the new PD's length (a second, partial write). A link behind the
//      PD whose read is in flight (issued this cycle or earlier) is recorded
//      in the queue's forwarding register.
//   A queue read in cycle t is unlinked in cycle t+LAT and can be read
//   again in that cycle (docs/tm.md: unlink and next PD read at t + L_pd).
//   Longest path: PD memory output -> next head -> read address.
//
// Memories: the PD memory is two sram_mp halves with one read and one write
// port each: u_body {cells, data} and u_link {next, next length}. The full
// PD write of a link is the body write, the partial link write is the link
// half's write: mem.PDLists' two write ports. A head read reads both halves
// at one address: its one read. The new PD's own link is not written (the
// Go model writes Nil): it is only read once a successor was linked behind
// it, which wrote it, or forwarded. The free FIFO is a register ring.
//
// Reset: rst_ni = 0 at an edge empties every queue and puts PDs 0..P-1 on
// the free FIFO in order; that cycle's requests are dropped. Before the
// first reset edge outputs are X.
//
// Assertions (`ifndef SYNTHESIS, after the first reset edge): free PDs plus
// the PDs on the queues equal P (registers); a returning read belongs to a locked
// queue; at most one write per memory half per cycle (by construction).
`include "occamy_checks.svh"

module pd_lists #(
  parameter int  N   = 4,
  parameter int  P   = 16,
  parameter int  LAT = 1,
  parameter int  LW  = 4,
  parameter int  DW  = 8,
  // Derived, not to be set:
  localparam int IW  = (N > 1) ? $clog2(N) : 1,     // queue index
  localparam int PW  = (P > 1) ? $clog2(P) : 1,     // PD index
  localparam int KW  = (P > 0) ? $clog2(P + 1) : 1  // PD count
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            link_i,
  input  logic [IW-1:0]   link_qid_i,
  input  logic [LW-1:0]   link_cells_i,
  input  logic [DW-1:0]   link_data_i,
  output logic            link_ok_o,
  output logic [PW-1:0]   link_pd_o,
  input  logic            rd_i,
  input  logic [IW-1:0]   rd_qid_i,
  output logic            rd_ok_o,
  output logic [PW-1:0]   rd_pd_o,
  output logic            unl_valid_o,
  output logic [IW-1:0]   unl_qid_o,
  output logic [PW-1:0]   unl_pd_o,
  output logic [LW-1:0]   unl_cells_o,
  output logic [DW-1:0]   unl_data_o,
  output logic [N*KW-1:0] cnt_o,
  output logic [N*LW-1:0] head_len_o,
  output logic [KW-1:0]   free_o
);

  localparam int L  = (LAT > 0) ? LAT : 1;

  // Elaboration checks (occamy_checks.svh).
  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(pd_lists, N, 1, 64)
    `OCCAMY_CHECK_RANGE(pd_lists, P, 1, 4096)
    `OCCAMY_CHECK_RANGE(pd_lists, LAT, 1, 16)
    `OCCAMY_CHECK_RANGE(pd_lists, LW, 1, 16)
    `OCCAMY_CHECK_RANGE(pd_lists, DW, 1, 32)
  `OCCAMY_CHECKS_END

  // ---------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------
  // Per queue, packed: entry q at [q*W +: W].
  logic [N*PW-1:0] head_q, head_d, tail_q, tail_d, rpd_q, rpd_d, fpd_q, fpd_d;
  logic [N*KW-1:0] cnt_q, cnt_d;
  logic [N*LW-1:0] hlen_q, hlen_d, flen_q, flen_d;
  logic [N-1:0]    busy_q, busy_d;  // a head read is in flight (rpd_q is its PD)
  logic [N-1:0]    fwd_q, fwd_d;    // a link was forwarded to it (fpd_q, flen_q)
  // Free FIFO: ring_q[(fr_q + i) mod P] for i < fn_q.
  logic [PW-1:0]   ring_q [0:P-1];
  logic [PW-1:0]   fr_q, fr_d;
  logic [KW-1:0]   fn_q, fn_d;
  // Queue of the reads in flight, stage LAT-1 returning.
  logic [L*IW-1:0] rq_q, rq_d;

  // ---------------------------------------------------------------------
  // PD memory halves
  // ---------------------------------------------------------------------
  logic                  rd_en, rd_valid, body_we, link_we;
  logic [PW-1:0]         rd_addr, body_wa, link_wa;
  logic [LW+DW-1:0]      body_rd, body_wd;
  logic [PW+LW-1:0]      link_rd, link_wd;
  logic                  link_valid;

  sram_mp #(.DEPTH(P), .WIDTH(LW + DW), .RP(1), .WP(1), .LAT(L)) u_body (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rd_en_i    (rd_en),
    .rd_addr_i  (rd_addr),
    .rd_valid_o (rd_valid),
    .rd_data_o  (body_rd),
    .wr_en_i    (body_we),
    .wr_addr_i  (body_wa),
    .wr_data_i  (body_wd)
  );

  sram_mp #(.DEPTH(P), .WIDTH(PW + LW), .RP(1), .WP(1), .LAT(L)) u_link (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rd_en_i    (rd_en),
    .rd_addr_i  (rd_addr),
    .rd_valid_o (link_valid),
    .rd_data_o  (link_rd),
    .wr_en_i    (link_we),
    .wr_addr_i  (link_wa),
    .wr_data_i  (link_wd)
  );

  // ---------------------------------------------------------------------
  // Requests of this cycle
  // ---------------------------------------------------------------------
  logic          lq_ok, rq_ok, link, rd, rd_ok;
  logic [IW-1:0] lq, rq, uq;
  logic [PW-1:0] new_pd, rd_pd;

  /* verilator lint_off CMPCONST */
  assign lq_ok = 32'(link_qid_i) < N;
  assign rq_ok = 32'(rd_qid_i) < N;
  /* verilator lint_on CMPCONST */
  assign lq = lq_ok ? link_qid_i : '0;
  assign rq = rq_ok ? rd_qid_i : '0;
  assign uq = rq_q[(L-1)*IW +: IW];

  assign link_ok_o = lq_ok && (fn_q != '0);
  assign new_pd    = ring_q[fr_q];
  assign link_pd_o = link_ok_o ? new_pd : '0;
  assign link      = link_i && link_ok_o;

  assign unl_valid_o = rd_valid;
  assign unl_qid_o   = rd_valid ? uq : '0;
  assign unl_pd_o    = rd_valid ? rpd_q[uq*PW +: PW] : '0;
  assign unl_cells_o = body_rd[DW +: LW];
  assign unl_data_o  = body_rd[DW-1:0];

  assign rd_en   = rd;
  assign rd_addr = rd_pd;
  assign rd_ok_o = rd_ok;
  assign rd_pd_o = rd_ok ? rd_pd : '0;

  // ---------------------------------------------------------------------
  // Next state: Unlink, ReadHead, Alloc and Link, in this order
  // ---------------------------------------------------------------------
  logic [PW-1:0]   ltail, unl_pd, nxt;
  logic [LW-1:0]   nxt_len;
  logic [KW-1:0]   lcnt, ucnt;
  logic [PW-1:0]   rel_at;  // ring index the unlinked PD is written to
  logic [PW-1:0]   mem_nxt;
  logic [LW-1:0]   mem_nxt_len;
  logic [L*IW-1:0] rq_shift;
  logic [N*KW-1:0] cnt_u;   // after this cycle's unlink: cnt_o
  logic [N*LW-1:0] hlen_u;  // after this cycle's unlink: head lengths

  assign mem_nxt     = link_rd[LW +: PW];
  assign mem_nxt_len = link_rd[LW-1:0];
  if (L > 1) begin : g_rq_shift
    assign rq_shift = {rq_q[(L-1)*IW-1:0], rq};
  end else begin : g_rq_one
    assign rq_shift = rq;
  end

  always_comb begin
    head_d = head_q;
    tail_d = tail_q;
    cnt_d  = cnt_q;
    hlen_d = hlen_q;
    busy_d = busy_q;
    rpd_d  = rpd_q;
    fwd_d  = fwd_q;
    fpd_d  = fpd_q;
    flen_d = flen_q;
    fr_d   = fr_q;
    fn_d   = fn_q;
    rq_d   = rq_shift;

    // 1. Unlink of the returning read: the head moves to the forwarded PD or
    //    to the link read with the PD; the PD goes back to the free FIFO at
    //    the edge (after this cycle's Alloc).
    unl_pd  = rpd_q[uq*PW +: PW];
    nxt     = fwd_q[uq] ? fpd_q[uq*PW +: PW] : mem_nxt;
    nxt_len = fwd_q[uq] ? flen_q[uq*LW +: LW] : mem_nxt_len;
    ucnt    = cnt_q[uq*KW +: KW] - KW'(1);
    rel_at  = PW'((32'(fr_q) + 32'(fn_q)) % P);
    if (rd_valid) begin
      fwd_d[uq]          = 1'b0;
      busy_d[uq]         = 1'b0;
      cnt_d[uq*KW +: KW] = ucnt;
      if (ucnt == '0) begin
        head_d[uq*PW +: PW] = '0;
        tail_d[uq*PW +: PW] = '0;
      end else begin
        head_d[uq*PW +: PW] = nxt;
        hlen_d[uq*LW +: LW] = nxt_len;
      end
      fn_d = fn_d + KW'(1);
    end
    cnt_u  = cnt_d;
    hlen_u = hlen_d;

    // 2. ReadHead, on the lists after the unlink.
    rd_ok = rq_ok && (cnt_d[rq*KW +: KW] != '0) && !busy_d[rq];
    rd_pd = head_d[rq*PW +: PW];
    rd    = rd_i && rd_ok;
    if (rd) begin
      busy_d[rq]         = 1'b1;
      rpd_d[rq*PW +: PW] = rd_pd;
    end

    // 3. Alloc and Link.
    if (link) begin
      fr_d = (32'(fr_q) == P - 1) ? '0 : fr_q + PW'(1);
      fn_d = fn_d - KW'(1);
    end
    body_we = link;
    body_wa = new_pd;
    body_wd = {link_cells_i, link_data_i};
    ltail   = tail_d[lq*PW +: PW];
    lcnt    = cnt_d[lq*KW +: KW];
    link_we = link && (lcnt != '0);
    link_wa = ltail;
    link_wd = {new_pd, link_cells_i};
    if (link) begin
      if (lcnt == '0) begin
        head_d[lq*PW +: PW] = new_pd;
        hlen_d[lq*LW +: LW] = link_cells_i;
      end else if (busy_d[lq] && rpd_d[lq*PW +: PW] == ltail) begin
        fwd_d[lq]           = 1'b1;
        fpd_d[lq*PW +: PW]  = new_pd;
        flen_d[lq*LW +: LW] = link_cells_i;
      end
      tail_d[lq*PW +: PW] = new_pd;
      cnt_d[lq*KW +: KW]  = lcnt + KW'(1);
    end
  end

  /* verilator lint_off BLKSEQ */
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q <= '0;
      tail_q <= '0;
      cnt_q  <= '0;
      hlen_q <= '0;
      busy_q <= '0;
      rpd_q  <= '0;
      fwd_q  <= '0;
      fpd_q  <= '0;
      flen_q <= '0;
      fr_q   <= '0;
      fn_q   <= KW'(P);
      rq_q   <= '0;
      for (int i = 0; i < P; i++) ring_q[i] = PW'(i);
    end else begin
      head_q <= head_d;
      tail_q <= tail_d;
      cnt_q  <= cnt_d;
      hlen_q <= hlen_d;
      busy_q <= busy_d;
      rpd_q  <= rpd_d;
      fwd_q  <= fwd_d;
      fpd_q  <= fpd_d;
      flen_q <= flen_d;
      fr_q   <= fr_d;
      fn_q   <= fn_d;
      rq_q   <= rq_d;
      // The ring last: new_pd above read it before this write.
      if (rd_valid) ring_q[rel_at] = unl_pd;
    end
  end
  /* verilator lint_on BLKSEQ */

  for (genvar q = 0; q < N; q++) begin : g_out
    assign head_len_o[q*LW +: LW] = (cnt_u[q*KW +: KW] != '0) ? hlen_u[q*LW +: LW] : '0;
  end
  assign cnt_o  = cnt_u;
  assign free_o = fn_q + KW'(rd_valid);

`ifndef SYNTHESIS
  logic        rst_seen = 1'b0;
  logic [31:0] sum_cnt;
  always_comb begin
    sum_cnt = '0;
    for (int q = 0; q < N; q++) sum_cnt = sum_cnt + 32'(cnt_q[q*KW +: KW]);
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rst_seen <= 1'b1;
    end else if (rst_seen) begin
      assert (sum_cnt + 32'(fn_q) == P)
        else $error("pd_lists: free PDs %0d + queued PDs %0d != P=%0d", fn_q, sum_cnt, P);
      assert (rd_valid == link_valid)
        else $error("pd_lists: PD memory halves return reads in different cycles");
      if (rd_valid) begin
        assert (busy_q[uq])
          else $error("pd_lists: read of queue %0d returns but the queue is not locked", uq);
      end
    end
  end
`endif

endmodule
