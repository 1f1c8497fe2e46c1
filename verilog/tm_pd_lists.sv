// tm_pd_lists: the per-queue PD list registers of the traffic manager
// (hw/mem.PDLists as hw/tm uses it): head, tail, packet count, head length
// and the one-entry link forwarding, around a PD memory the top owns.
//
// Why not pd_lists: pd_lists owns its PD memory (N <= 64 queues, P <= 4096
// PDs, a register free FIFO of P entries, 32 opaque bits per PD); the TM
// needs B PDs (16384 at the defaults) holding K sub-list heads and tails,
// its memories as sram_mp instances at the top, and no PD free FIFO: a
// packet's PD index is the index of its first cell (cell 0, head of
// sub-list 0), unique while the PD is linked because the cell is held from
// its pop to after the unlink. Which PD a packet gets is invisible at the
// TM's ports (hw/tm takes them from a FIFO); everything the ports show
// (counts, lengths, timing) is the same.
//
// Parameters
//   N (1..256, default 64) queues; B (1..65535, default 16384) PDs = cells;
//   LW (1..13, default 7) cell-count width.
//   Derived: IW = max(1, clog2(N)), CW = max(1, clog2(B)), CNW = clog2(B+1).
//
// Ports
//   unl_i, unl_oh_i [N]  a head-PD read returns this cycle: unlink the queue
//                        whose bit unl_oh_i sets (one-hot with unl_i, zero
//                        without: the per-queue logic reads unl_oh_i alone)
//   unl_next_i, unl_nlen_i  the link half of that PD (next PD, its cells)
//   rd_i, rd_qid_i       a head-PD read of queue rd_qid_i is issued this cycle
//                        (after the unlink): the read of a tail PD arms forwarding
//   link_i, link_qid_i, link_pd_i, link_cells_i   link a new PD at the tail
//   nonempty_o [N]       comb: queue holds a PD after this cycle's unlink
//   head_len_o [N*LW]    comb: head PD's cells after the unlink (0 when empty)
//   rd_pd_o [CW]         comb: head PD of rd_qid_i after the unlink (0 without rd_i)
//   link_pred_o          comb: link_qid_i is not empty after the unlink, so a
//                        link writes the tail's link (the second PD write)
//   link_tail_o [CW]     comb: that tail (0 when link_pred_o is 0)
//   cnt_o [N*CNW]        registered: PDs per queue
//
// Cycle order (hw/tm stages A, C/D, E): unlink (the head moves to the
// forwarded PD if one was recorded, else to the PD's link), then the head
// read (locks the queue until the unlink next cycle; read latency 1), then
// the link. A link behind a PD whose read is issued in the same cycle
// is forwarded: the unlink of the next cycle takes the new PD and its
// length (lk_q, lpd_q, lcells_q) instead of the sampled link (stale).
//
// Depth (issue 29): one_q[i] = (cnt_q[i] == 1) is a derived register, so
// "the unlink empties its queue" is a bit per queue, and the unlink's and
// the link's effects on the packed words are computed per queue, not behind
// the 64:1 mux of a decremented count: 14 LUT6 levels at the defaults
// before, 6 after (the module alone, Yosys 0.23, memories black boxes).
//
// Depth (issue 29, the unlink cut): the unlinked queue comes one-hot
// (occamy_tm's rdo_q, decoded when the read was issued), and every effect
// of the unlink is computed per queue from that queue's own registers: no
// select by the unlinked queue's index sits between a register (or the PD
// read data) and an update. The head read's address and the link's tests
// select by their own queue (rd_qid_i, link_qid_i) among per-queue values
// that already carry the unlink.
//
// Depth (issue 29, flenlink, no cycle moved): the forwarding is not
// recorded per queue from this cycle's head read (the read's queue
// against the link's, from the head-drop choice's grant, ran into the
// 448-bit flen_q and the 896-bit fpd_q at 14 LUT6 levels flat at the
// defaults). The read of cycle t is unlinked in t+1 with unl_oh_i its
// one-hot (occamy_tm's rdo_q, read latency 1), so "a link in t behind a
// PD whose read is issued in t" is "a link in t into a queue of one PD
// after t's unlink" (lk_q, per queue from link_qid_i and one_a alone)
// with "the unlink of t+1 is of that queue" (unl_oh_i): fu = lk_q & ud,
// what fwd_q & ud was. The forwarded PD and its cells are the link of
// t, one link a cycle: two registers (lpd_q, lcells_q), not a PD and a
// length per queue. The module relies on that port contract (asserted).
//
// Reset: every queue empty. Assertions (`ifndef SYNTHESIS): an unlink of a
// non-empty queue; a head read of a non-empty queue; an unlink in t+1
// exactly when a head read was issued in t, of its queue.
`include "occamy_checks.svh"

module tm_pd_lists #(
  parameter int  N   = 64,
  parameter int  B   = 16384,
  parameter int  LW  = 7,
  // Derived, not to be set:
  localparam int IW  = (N > 1) ? $clog2(N) : 1,  // queue index
  localparam int CW  = (B > 1) ? $clog2(B) : 1,  // PD (cell) index
  localparam int CNW = $clog2(B + 1)             // PD count of a queue
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             unl_i,
  input  logic [N-1:0]     unl_oh_i,
  input  logic [CW-1:0]    unl_next_i,
  input  logic [LW-1:0]    unl_nlen_i,
  input  logic             rd_i,
  input  logic [IW-1:0]    rd_qid_i,
  input  logic             link_i,
  input  logic [IW-1:0]    link_qid_i,
  input  logic [CW-1:0]    link_pd_i,
  input  logic [LW-1:0]    link_cells_i,
  output logic [N-1:0]     nonempty_o,
  output logic [N*LW-1:0]  head_len_o,
  output logic [CW-1:0]    rd_pd_o,
  output logic             link_pred_o,
  output logic [CW-1:0]    link_tail_o,
  output logic [N*CNW-1:0] cnt_o
);

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm_pd_lists, N, 1, 256)
    `OCCAMY_CHECK_RANGE(tm_pd_lists, B, 1, 65535)
  `OCCAMY_CHECKS_END

  // The per-queue words are register files (one entry per queue) written
  // through two ports, the unlink's (one-hot unl_oh_i) and the link's
  // (link_qid_i): a cycle changes at most two entries, so nothing copies
  // the whole state (docs/perf.md). ne_q, hl_q and lk_q are packed
  // because their outputs are: ne_q[i] = (cnt_q[i] != 0), hl_q holds the
  // head PD's cells of a non-empty queue and 0 for an empty one.
  logic [CW-1:0]   head_q [N];
  logic [CW-1:0]   tail_q [N];
  logic [CNW-1:0]  cnt_q  [N];
  logic [N-1:0]    ne_q, ne_d, ne_a;
  logic [N*LW-1:0] hl_q, hl_d, hl_a;

  // The forwarding (flenlink): lk_q[i], last cycle's link went into queue
  // i holding one PD after that cycle's unlink (behind the PD a head read
  // of that cycle reads); lpd_q, lcells_q that link's PD and cells.
  logic [N-1:0]    lk_q, lk_d;
  logic [CW-1:0]   lpd_q;
  logic [LW-1:0]   lcells_q;

  // one_q is derived, one_q[i] = (cnt_q[i] == 1), kept a cycle ahead so
  // that "the unlink empties its queue" is a bit, not a 15-bit decrement
  // and compare behind a 64:1 mux (issue 29: 14 LUT6 levels at the
  // defaults before, that chain into head_len_o and the link's tests).
  logic [N-1:0]    one_q, one_d;

  logic [CNW-1:0]  cnt_lq;  // the link queue's count before the unlink
  logic [CNW-1:0]  cnt_l1;  // the link queue's count after the unlink and the link
  logic            same;    // the link's queue is the unlinked one
  logic [N-1:0]    ud, ld;  // one-hot: the unlinked queue, the link's queue
  logic [N-1:0]    two;     // per queue: cnt_q == 2 (the unlink leaves one PD)
  logic [N-1:0]    one_a;   // per queue: one PD after the unlink
  logic [N-1:0]    fu;      // per queue: the unlink takes the forwarded PD
  logic [CW-1:0]   head_r;  // the read queue's head before the unlink

  // The write ports: unlink (u, per queue) and link (l), each with its enables.
  logic            cnt_we_l, head_we_l;

  // The entries read by the link's and the read's queue (continuous
  // reads: Icarus's @* would wait on every entry of an array).
  assign cnt_lq = cnt_q[link_qid_i];
  assign head_r = head_q[rd_qid_i];

  for (genvar i = 0; i < N; i++) begin : g_two
    assign two[i] = cnt_q[i] == CNW'(2);
  end

  // After the unlink (stage A), per queue: the unlinked queue's head moves
  // to the forwarded PD (lk_q: last cycle's link, lpd_q) or to the PD's
  // link (unl_next_i).
  always @* begin
    ud     = unl_oh_i;
    ld     = link_i ? N'(1) << link_qid_i : '0;
    ne_a   = ne_q & ~(ud & one_q);
    one_a  = (ud & two) | (~ud & one_q);
    fu     = lk_q & ud;
    // Per queue hl_a[i] = ud[i] ? (one_q[i] ? 0 : its new head's cells) :
    // hl_q[i]; written as a copy and a loop that writes one entry in a
    // cycle with an unlink (the Verilated model rebuilt all 64 slices of
    // 448 bits every cycle). Not under unl_i: that would put a level on
    // every head length's path (unl_oh_i is zero without it).
    hl_a   = hl_q;
    for (int i = 0; i < N; i++) begin
      if (ud[i]) hl_a[i*LW +: LW] = one_q[i] ? '0 : fu[i] ? lcells_q : unl_nlen_i;
    end
  end

  assign nonempty_o  = ne_a;
  assign head_len_o  = hl_a;
  // The read queue's head after the unlink: selected by rd_qid_i among
  // the per-queue values (the unlink's bit of that queue, its forwarding).
  assign rd_pd_o     = !rd_i ? '0 : !ud[rd_qid_i] ? head_r : fu[rd_qid_i] ? lpd_q : unl_next_i;
  // The link queue is not empty after the unlink (an unlinked queue
  // unless its one PD left).
  assign same        = ud[link_qid_i];
  assign link_pred_o = ne_a[link_qid_i];
  assign link_tail_o = link_pred_o ? tail_q[link_qid_i] : '0;
  // After the unlink the link queue holds cnt_lq - 1 when it is the
  // unlinked one, so the link leaves cnt_lq.
  assign cnt_l1      = same ? cnt_lq : cnt_lq + CNW'(1);

  for (genvar i = 0; i < N; i++) begin : g_cnt
    assign cnt_o[i*CNW +: CNW] = cnt_q[i];
  end

  // The link (stage E), after the unlink and the head read.
  always @* begin
    head_we_l = link_i && !link_pred_o;
    cnt_we_l  = link_i;
    ne_d      = ne_a | ld;
    // Per queue hl_d[i] = (ld[i] && !link_pred_o) ? link_cells_i : hl_a[i],
    // as hl_a: the loop only in a cycle whose link starts a list.
    hl_d      = hl_a;
    if (head_we_l) begin
      for (int i = 0; i < N; i++) begin
        if (ld[i]) hl_d[i*LW +: LW] = link_cells_i;
      end
    end
    // A link behind the one PD left after the unlink: if that PD's read
    // is issued now, the unlink of the next cycle takes this link (its
    // sampled link is stale); the read's queue is not tested here, the
    // next cycle's unl_oh_i is it.
    lk_d      = ld & one_a;
    // cnt_q == 1 next: a link into an empty queue, an unlink of a queue of
    // 2, as it was when both or neither touch the queue.
    one_d     = ((ld & ~ud) & ~ne_q) | ((ud & ~ld) & two) | (one_q & ~(ud ^ ld));
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      // Two loops of at most 64: Verilator 5.006 must unroll a loop of
      // delayed array writes and unrolls at most 64 iterations.
      for (int h = 0; h < (N + 63) / 64; h++) begin
        for (int l = 0; l < 64; l++) begin
          if (h * 64 + l < N) begin
            head_q[h*64 + l] <= '0;
            tail_q[h*64 + l] <= '0;
            cnt_q[h*64 + l]  <= '0;
          end
        end
      end
      ne_q  <= '0;
      hl_q  <= '0;
      lk_q  <= '0;
      lpd_q <= '0;
      lcells_q <= '0;
      one_q <= '0;
    end else begin
      ne_q  <= ne_d;
      hl_q  <= hl_d;
      lk_q  <= lk_d;
      lpd_q <= link_pd_i;
      lcells_q <= link_cells_i;
      one_q <= one_d;
      // The unlink's writes, per queue from its own entries (two loops of
      // at most 64, as at reset); the link's write of the same queue comes
      // after and wins: it carries the unlink's effect.
      if (unl_i) begin
        for (int h = 0; h < (N + 63) / 64; h++) begin
          for (int l = 0; l < 64; l++) begin
            if (h * 64 + l < N && ud[h*64 + l]) begin
              cnt_q[h*64 + l]  <= cnt_q[h*64 + l] - CNW'(1);
              head_q[h*64 + l] <= fu[h*64 + l] ? lpd_q : unl_next_i;
            end
          end
        end
      end
      if (cnt_we_l)  cnt_q[link_qid_i]  <= cnt_l1;
      if (head_we_l) head_q[link_qid_i] <= link_pd_i;
      if (link_i)    tail_q[link_qid_i] <= link_pd_i;
    end
  end

`ifndef SYNTHESIS
  // The read of the cycle before (the forwarding's contract: its unlink
  // is this cycle's, of its queue).
  logic          ard_q, arun_q;
  logic [IW-1:0] ardq_q;
  always @(posedge clk_i) begin
    arun_q <= rst_ni;
    ard_q  <= rd_i;
    ardq_q <= rd_qid_i;
  end

  always @(posedge clk_i) begin
    if (rst_ni && arun_q) begin
      assert (unl_i == ard_q && (!unl_i || unl_oh_i == N'(1) << ardq_q))
        else $error("tm_pd_lists: unlink %0d (one-hot %0h) after a head read %0d of queue %0d",
                    unl_i, unl_oh_i, ard_q, ardq_q);
    end
  end

  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (unl_i) begin
        assert (unl_oh_i != '0 && (unl_oh_i & (unl_oh_i - N'(1))) == '0)
          else $error("tm_pd_lists: unlink of queues %0h, not one-hot", unl_oh_i);
        assert ((ne_q & unl_oh_i) != '0)
          else $error("tm_pd_lists: unlink of empty queue (one-hot %0h)", unl_oh_i);
      end else begin
        assert (unl_oh_i == '0)
          else $error("tm_pd_lists: unl_oh_i %0h without an unlink", unl_oh_i);
      end
      if (rd_i) begin
        assert (nonempty_o[rd_qid_i])
          else $error("tm_pd_lists: head read of empty queue %0d", rd_qid_i);
      end
    end
  end
`endif

endmodule
