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
//   unl_i, unl_qid_i     a head-PD read returns this cycle: unlink queue unl_qid_i
//   unl_next_i, unl_nlen_i  the link half of that PD (next PD, its cells)
//   rd_i, rd_qid_i       a head-PD read of queue rd_qid_i is issued this cycle
//                        (after the unlink): the read of a tail PD arms forwarding
//   link_i, link_qid_i, link_pd_i, link_cells_i   link a new PD at the tail
//   nonempty_o [N]       comb: queue holds a PD after this cycle's unlink
//   head_len_o [N*LW]    comb: head PD's cells after the unlink (0 when empty)
//   rd_pd_o [CW]         comb: head PD of rd_qid_i after the unlink
//   link_pred_o          comb: link_qid_i is not empty after the unlink, so a
//                        link writes the tail's link (the second PD write)
//   link_tail_o [CW]     comb: that tail
//   cnt_o [N*CNW]        registered: PDs per queue
//
// Cycle order (hw/tm stages A, C/D, E): unlink (the head moves to the
// forwarded PD if one was recorded, else to the PD's link), then the head
// read (locks the queue until the unlink next cycle; read latency 1), then
// the link. A link behind a PD whose read is issued in the same cycle
// records the new PD and its length in the queue's forwarding register,
// which the unlink of the next cycle prefers (the sampled link is stale).
//
// Reset: every queue empty. Assertions (`ifndef SYNTHESIS): an unlink of a
// non-empty queue; a head read of a non-empty queue.
module tm_pd_lists #(
  parameter int N  = 64,
  parameter int B  = 16384,
  parameter int LW = 7
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic                                 unl_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0] unl_qid_i,
  input  logic [((B > 1) ? $clog2(B) : 1)-1:0] unl_next_i,
  input  logic [LW-1:0]                        unl_nlen_i,
  input  logic                                 rd_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0] rd_qid_i,
  input  logic                                 link_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0] link_qid_i,
  input  logic [((B > 1) ? $clog2(B) : 1)-1:0] link_pd_i,
  input  logic [LW-1:0]                        link_cells_i,
  output logic [N-1:0]                         nonempty_o,
  output logic [N*LW-1:0]                      head_len_o,
  output logic [((B > 1) ? $clog2(B) : 1)-1:0] rd_pd_o,
  output logic                                 link_pred_o,
  output logic [((B > 1) ? $clog2(B) : 1)-1:0] link_tail_o,
  output logic [N*$clog2(B + 1)-1:0]           cnt_o
);

  localparam int CW  = (B > 1) ? $clog2(B) : 1;
  localparam int CNW = $clog2(B + 1);

`ifdef __ICARUS__
  initial begin
    if (N < 1 || N > 256) $fatal(1, "tm_pd_lists: parameter N=%0d out of range, allowed 1..256", N);
    if (B < 1 || B > 65535) $fatal(1, "tm_pd_lists: parameter B=%0d out of range, allowed 1..65535", B);
  end
`else
  if (N < 1 || N > 256) begin : g_bad_n
    $fatal(1, "tm_pd_lists: parameter N=%0d out of range, allowed 1..256", N);
  end
  if (B < 1 || B > 65535) begin : g_bad_b
    $fatal(1, "tm_pd_lists: parameter B=%0d out of range, allowed 1..65535", B);
  end
`endif

  logic [N*CW-1:0]  head_q, head_d, head_a, tail_q, tail_d;
  logic [N*CNW-1:0] cnt_q, cnt_d, cnt_a;
  logic [N*LW-1:0]  hlen_q, hlen_d, hlen_a;
  logic [N-1:0]     fwd_q, fwd_d, fwd_a;
  logic [N*CW-1:0]  fpd_q, fpd_d;
  logic [N*LW-1:0]  flen_q, flen_d;

  // After the unlink (stage A).
  always @* begin
    head_a = head_q;
    hlen_a = hlen_q;
    cnt_a  = cnt_q;
    fwd_a  = fwd_q;
    if (unl_i) begin
      cnt_a[unl_qid_i*CNW +: CNW] = cnt_q[unl_qid_i*CNW +: CNW] - CNW'(1);
      if (fwd_q[unl_qid_i]) begin
        head_a[unl_qid_i*CW +: CW] = fpd_q[unl_qid_i*CW +: CW];
        hlen_a[unl_qid_i*LW +: LW] = flen_q[unl_qid_i*LW +: LW];
      end else begin
        head_a[unl_qid_i*CW +: CW] = unl_next_i;
        hlen_a[unl_qid_i*LW +: LW] = unl_nlen_i;
      end
      fwd_a[unl_qid_i] = 1'b0;
    end
  end

  for (genvar i = 0; i < N; i++) begin : g_q
    assign nonempty_o[i]          = cnt_a[i*CNW +: CNW] != '0;
    assign head_len_o[i*LW +: LW] = (cnt_a[i*CNW +: CNW] != '0) ? hlen_a[i*LW +: LW] : '0;
  end

  assign rd_pd_o     = head_a[rd_qid_i*CW +: CW];
  assign link_pred_o = cnt_a[link_qid_i*CNW +: CNW] != '0;
  assign link_tail_o = tail_q[link_qid_i*CW +: CW];
  assign cnt_o       = cnt_q;

  // The link (stage E), after the unlink and the head read.
  always @* begin
    head_d = head_a;
    hlen_d = hlen_a;
    cnt_d  = cnt_a;
    tail_d = tail_q;
    fwd_d  = fwd_a;
    fpd_d  = fpd_q;
    flen_d = flen_q;
    if (link_i) begin
      if (!link_pred_o) begin
        head_d[link_qid_i*CW +: CW] = link_pd_i;
        hlen_d[link_qid_i*LW +: LW] = link_cells_i;
      end else if (rd_i && rd_qid_i == link_qid_i && cnt_a[link_qid_i*CNW +: CNW] == CNW'(1)) begin
        fwd_d[link_qid_i]           = 1'b1;
        fpd_d[link_qid_i*CW +: CW]  = link_pd_i;
        flen_d[link_qid_i*LW +: LW] = link_cells_i;
      end
      tail_d[link_qid_i*CW +: CW]   = link_pd_i;
      cnt_d[link_qid_i*CNW +: CNW]  = cnt_a[link_qid_i*CNW +: CNW] + CNW'(1);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q <= '0;
      tail_q <= '0;
      cnt_q  <= '0;
      hlen_q <= '0;
      fwd_q  <= '0;
      fpd_q  <= '0;
      flen_q <= '0;
    end else begin
      head_q <= head_d;
      tail_q <= tail_d;
      cnt_q  <= cnt_d;
      hlen_q <= hlen_d;
      fwd_q  <= fwd_d;
      fpd_q  <= fpd_d;
      flen_q <= flen_d;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (unl_i) begin
        assert (cnt_q[unl_qid_i*CNW +: CNW] != '0)
          else $error("tm_pd_lists: unlink of empty queue %0d", unl_qid_i);
      end
      if (rd_i) begin
        assert (nonempty_o[rd_qid_i])
          else $error("tm_pd_lists: head read of empty queue %0d", rd_qid_i);
      end
    end
  end
`endif

endmodule
