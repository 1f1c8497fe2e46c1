// tm_hd_choice: the BM policy's head-drop choice (hw/tm stage D, HDChoice):
// which queue the head-drop executor should expel from this cycle. Its
// registers are the longest-queue finder's pipeline; occamy's round-robin
// pointer is u_arb's (rr_arbiter, beside it in occamy_tm), driven through
// arb_req_o/arb_ack_o. The executor (tm_hd_exec) takes the grant: take_i
// says it can this cycle, and only then is arb_ack_o high. In occamy_tm,
// u_arb's grant is registered (agv_q, agq_q; issue 29, arbreg):
// arb_valid_i/arb_idx_i are that register, u_arb is acknowledged as it
// loads, and arb_ack_o reloads it.
//
// Parameters
//   N  (1..256, default 64) queues; QW (2..32, default 16) length width.
//   Derived: IW = max(1, clog2(N)); STALE = clog2(N) (0 when N = 1), the
//   finder's pipeline depth.
//
// Ports
//   policy_i [2]         0 dt (never expels), 1 occamy, 2 occamy-lqd,
//                        3 pushout-ports
//   recheck_i            re-check the granted queue against its threshold now
//   over_i [N]           the selector's registered bitmap (u_sel)
//   cand_i [N]           queues with a linked PD not read this cycle
//   qlen_i, thr_i [N*QW] start-of-cycle lengths and this cycle's thresholds
//   free_neg_i           the free count after this cycle's admissions is
//                        negative (pushout-ports: admitted cells wait)
//   take_i               the executor takes a grant this cycle (tm_hd_exec's
//                        take_o: idle, and the PD read port free)
//   arb_req_o [N], arb_ack_o    comb: u_arb's request and acknowledge
//   arb_valid_i, arb_idx_i      u_arb's grant
//   gnt_valid_o, gnt_idx_o      comb: the choice (the executor issues its PD
//                        read when gnt_valid_o and take_i); gnt_idx_o is
//                        not gated by the guards: occamy's arb_idx_i,
//                        else the finder's root when valid, else 0, so it
//                        names a queue without a grant (only read under
//                        gnt_valid_o)
//
// Behaviour (docs/tm.md, "BM policies" and "The head-drop choice is
// pipelined"): occamy takes u_arb's grant over over_i & cand_i and
// acknowledges it only when take_i. occamy-lqd and pushout-ports take the
// root of a pipelined maximum finder: a registered tree of one
// compare-and-select level per stage (tm_maxfind's rule, the lowest index
// on ties) over the leaves over_i (occamy-lqd) or the queues holding cells
// (pushout-ports, not the bitmap), so the root is the longest such queue of
// STALE cycles ago. That stale choice is guarded by this cycle's inputs:
// it must be a candidate now (cand_i), and under occamy-lqd still over
// in the bitmap and, with recheck_i, over its threshold now (qlen > thr,
// one comparator per queue); pushout-ports grants only while free_neg_i.
// A stale choice that fails a guard is no grant this cycle (no second
// choice). With recheck_i an occamy grant whose queue is no longer over
// its threshold is no grant and leaves u_arb's pointer. occamy and
// occamy-lqd choose nothing while over_i is all zero.
// Latency: the occamy path is combinational; the longest-queue choice is
// made on lengths STALE cycles old (2 at N = 4, 6 at N = 64), its guards
// on this cycle's. Corner cases: a grant while the executor cannot take it
// stays a grant (gnt_valid_o, for the trace) and is not acknowledged; the
// bitmap lags a cycle, so a queue just brought under its threshold may be
// granted again (a stale head drop) unless recheck_i; the finder's choice
// may no longer be the longest (a stale choice, Pushout's Difficulty 3).
// Assertions (`ifndef SYNTHESIS): a grant names a candidate.
`include "occamy_checks.svh"

module tm_hd_choice #(
  parameter int  N  = 64,
  parameter int  QW = 16,
  // Derived, not to be set:
  localparam int IW = (N > 1) ? $clog2(N) : 1  // queue index
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [1:0]      policy_i,
  input  logic            recheck_i,
  input  logic [N-1:0]    over_i,
  input  logic [N-1:0]    cand_i,
  input  logic [N*QW-1:0] qlen_i,
  input  logic [N*QW-1:0] thr_i,
  input  logic            free_neg_i,
  input  logic            take_i,
  output logic [N-1:0]    arb_req_o,
  output logic            arb_ack_o,
  input  logic            arb_valid_i,
  input  logic [IW-1:0]   arb_idx_i,
  output logic            gnt_valid_o,
  output logic [IW-1:0]   gnt_idx_o
);

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm_hd_choice, N, 1, 256)
    `OCCAMY_CHECK_RANGE(tm_hd_choice, QW, 2, 32)
  `OCCAMY_CHECKS_END

  localparam int LVL = (N > 1) ? IW : 0;  // tree levels = pipeline stages (STALE)
  localparam int NP  = 1 << LVL;          // leaves, N padded to a power of two

  logic          any_over;
  logic [N-1:0]  leaf_v;     // the finder's leaves this cycle
  logic [N-1:0]  held;       // queues holding cells (qlen_i > 0)
  logic [N-1:0]  ovn;        // the re-check comparators, one per queue
  logic          lqd_valid;  // the finder's root: the longest of LVL cycles ago
  logic [IW-1:0] lqd_idx;

  assign any_over  = |over_i;
  // Not gated by any_over (pdguard, issue 29): over_i & cand_i is zero
  // when no queue is over, so the gate changed no request and put a
  // 64-input OR (3 LUT6 levels) before u_arb on every path from u_sel's
  // over_q through the grant into the PD read.
  assign arb_req_o = (policy_i == 2'd1) ? (over_i & cand_i) : '0;
  assign leaf_v    = (policy_i == 2'd3) ? held : (policy_i == 2'd2) ? over_i : '0;

  // The pipelined maximum finder: a registered tree (a heap, node 1 the
  // root, node j's children 2j and 2j+1, the leaves NP..2NP-1 this cycle's
  // leaf_v and qlen_i), one compare-and-select level per stage, so the
  // root holds the longest leaf of LVL cycles ago (tm_maxfind's rule: the
  // lower index on ties). The leaves are lengths, not candidates: whether
  // the queue can be expelled (cand_i) is asked when the root is used, so
  // a queue whose head is read in the leaves' cycle (the one being
  // expelled, often) is not replaced by the next longest for LVL cycles.
  // With N = 1 the root is the leaf itself.
  if (LVL == 0) begin : g_nopipe
    assign lqd_valid = leaf_v[0];
    assign lqd_idx   = '0;
  end else begin : g_pipe
    // Node j's valid, length and queue (the leaves NP..2NP-1 this cycle's
    // leaf_v and qlen_i, padding invalid; the inner nodes their stage
    // registers). Each node is its own generate block with registers of its
    // own, not a slice of one NP*QW-bit vector: Verilator then evaluates a
    // node as a few scalar operations instead of rebuilding wide vectors.
    // Under dt and occamy (policy_i, constant from reset, does not read the
    // finder) the nodes hold their reset values, which is what they would
    // compute there for the valid bits (no leaf is valid); lengths and
    // queues of invalid nodes are never selected. Verilator then skips the
    // tree's update every cycle under those policies.
    logic          use_mf;  // the policy reads the finder (occamy-lqd, pushout-ports)
    assign use_mf = policy_i[1];
    logic          nv [1:2*NP-1];
    logic [QW-1:0] nl [1:2*NP-1];
    logic [IW-1:0] ni [1:2*NP-1];
    for (genvar i = 0; i < NP; i++) begin : g_leaf
      if (i < N) begin : g_q
        assign nv[NP+i] = leaf_v[i];
        assign nl[NP+i] = qlen_i[i*QW +: QW];
      end else begin : g_pad
        assign nv[NP+i] = 1'b0;
        assign nl[NP+i] = '0;
      end
      assign ni[NP+i] = IW'(i);
    end
    for (genvar j = 1; j < NP; j++) begin : g_node
      // Length and queue in one register (li_q): w and li_d are then read
      // once each, so Verilator computes them only inside the gated update.
      logic             v_q, v_d, w;
      logic [QW+IW-1:0] li_q, li_d;
      assign w   = nv[2*j] && (!nv[2*j+1] || nl[2*j] >= nl[2*j+1]);  // the lower index wins ties
      assign v_d  = nv[2*j] || nv[2*j+1];
      assign li_d = w ? {nl[2*j], ni[2*j]} : {nl[2*j+1], ni[2*j+1]};
      always_ff @(posedge clk_i) begin  // synchronous reset, as the TM's
        if (!rst_ni) begin
          v_q  <= 1'b0;
          li_q <= '0;
        end else if (use_mf) begin
          v_q  <= v_d;
          li_q <= li_d;
        end
      end
      assign nv[j] = v_q;
      assign nl[j] = li_q[IW +: QW];
      assign ni[j] = li_q[IW-1:0];
    end
    assign lqd_valid = nv[1];
    assign lqd_idx   = ni[1];
  end

  // The guards on a stale choice, against this cycle's inputs: the queue
  // is still a candidate (a PD linked, its head not read now), and under
  // occamy-lqd still over in the bitmap and, with recheck_i, over its
  // threshold now. One comparator per queue, then selects by the index.
  // Simulation cost: the comparators (ovn) and the leaves' held bits are
  // built only under the configuration that reads them (recheck_i,
  // pushout-ports; constant from reset) and are 0 otherwise, and
  // occamy-lqd's guard selects its three terms by the index (not a
  // per-queue AND first): the same outputs, and a simulator skips 64
  // compares and selects a cycle where nothing reads them (the Verilated
  // model built them every cycle).
  always @* begin
    logic [N-1:0] h, o;
    h = '0;
    o = '0;
    if (policy_i == 2'd3) begin
      for (int i = 0; i < N; i++) h[i] = qlen_i[i*QW +: QW] != '0;
    end
    if (recheck_i) begin
      for (int i = 0; i < N; i++) o[i] = qlen_i[i*QW +: QW] > thr_i[i*QW +: QW];
    end
    held = h;
    ovn  = o;
  end

  // The choice's queue carries none of the guards (issue 29): the guards
  // (ovn[arb_idx_i], cand_i and over_i at lqd_idx) select after the index
  // and would put their 64:1 selects on every path through the index into
  // the PD read (occamy_tm's rd_qid: u_pdl's head select, rdo_q). Every
  // reader of the index is gated by the grant (tm_hd_exec's pd_rd_o, then
  // occamy_tm's pd_rd). Hazard: none; gnt_idx_o names a queue without a
  // grant (occamy: u_arb's index, 0 without its grant; occamy-lqd,
  // pushout-ports: the finder's root while it is valid; dt: 0).
  assign gnt_idx_o = (policy_i == 2'd1) ? arb_idx_i
                   : (policy_i[1] && lqd_valid) ? lqd_idx : '0;

  always_comb begin
    gnt_valid_o = 1'b0;
    arb_ack_o   = 1'b0;
    if (policy_i == 2'd1 && any_over) begin
      if (recheck_i) begin
        if (arb_valid_i && ovn[arb_idx_i]) begin
          gnt_valid_o = 1'b1;
          arb_ack_o   = take_i;
        end
      end else begin
        arb_ack_o   = take_i;
        gnt_valid_o = arb_valid_i;
      end
    end else if (policy_i == 2'd2 && any_over) begin
      if (lqd_valid && cand_i[lqd_idx] && over_i[lqd_idx] && (!recheck_i || ovn[lqd_idx])) begin
        gnt_valid_o = 1'b1;
      end
    end else if (policy_i == 2'd3 && free_neg_i) begin
      if (lqd_valid && cand_i[lqd_idx]) begin
        gnt_valid_o = 1'b1;
      end
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni && gnt_valid_o) begin
      assert (cand_i[gnt_idx_o])
        else $error("tm_hd_choice: grant of queue %0d, not a candidate", gnt_idx_o);
    end
  end
`endif

endmodule
