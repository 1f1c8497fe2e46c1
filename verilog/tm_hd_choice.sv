// tm_hd_choice: the BM policy's head-drop choice (hw/tm stage D, HDChoice):
// which queue the head-drop executor should expel from this cycle. It
// holds no register: occamy's round-robin pointer is u_arb's (rr_arbiter,
// beside it in occamy_tm), driven through arb_req_o/arb_ack_o. The
// executor (tm_hd_exec) takes the grant: take_i says it can this cycle,
// and only then is u_arb acknowledged.
//
// Parameters
//   N  (1..256, default 64) queues; QW (2..32, default 16) length width.
//   Derived: IW = max(1, clog2(N)).
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
//                        read when gnt_valid_o and take_i)
//
// Behaviour (docs/tm.md, "BM policies"): occamy takes u_arb's grant over
// over_i & cand_i and acknowledges it only when take_i; occamy-lqd takes
// the longest queue of over_i & cand_i (u_maxfind, a tm_maxfind instance;
// start-of-cycle lengths, the lowest index on ties); pushout-ports takes the
// longest candidate (u_maxfind over cand_i alone, not the bitmap) while
// free_neg_i, whatever the thresholds. With recheck_i an occamy(-lqd) grant
// whose queue is no longer over its threshold this cycle (qlen > thr, the
// selector's compare unregistered) is no grant and leaves u_arb's pointer.
// occamy and occamy-lqd choose nothing while over_i is all zero.
// Latency: combinational. Corner cases: a grant while the executor cannot
// take it stays a grant (gnt_valid_o, for the trace) and is not
// acknowledged; the bitmap lags a cycle, so a queue just brought under its
// threshold may be granted again (a stale head drop) unless recheck_i.
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

  logic          any_over;
  logic          lqd_valid;
  logic [IW-1:0] lqd_idx;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [QW-1:0] lqd_len;    // the winner's length (the choice is the index)
  /* verilator lint_on UNUSEDSIGNAL */
  logic          over_gnt;   // the re-check comparator on the choice

  assign any_over  = |over_i;
  assign arb_req_o = (policy_i == 2'd1 && any_over) ? (over_i & cand_i) : '0;

  // Longest candidate (occamy-lqd: over its threshold too): tm_maxfind
  // (the lowest index on ties), combinational as hw/tm assumes; its golden
  // model is hw/maxfind. Under dt and occamy, which ignore it, it gets no
  // candidate (its win bits all 0 skip the compares in the Verilated
  // model, docs/perf.md).
  tm_maxfind #(.N(N), .QW(QW)) u_maxfind (
    .cand_i  ((policy_i == 2'd3) ? cand_i : (policy_i == 2'd2) ? (over_i & cand_i) : '0),
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
          arb_ack_o   = take_i;
        end
      end else begin
        arb_ack_o   = take_i;
        gnt_valid_o = arb_valid_i;
        gnt_idx_o   = arb_valid_i ? arb_idx_i : '0;
      end
    end else if (policy_i == 2'd2 && any_over) begin
      if (lqd_valid && (!recheck_i || over_gnt)) begin
        gnt_valid_o = 1'b1;
        gnt_idx_o   = lqd_idx;
      end
    end else if (policy_i == 2'd3 && free_neg_i) begin
      gnt_valid_o = lqd_valid;
      gnt_idx_o   = lqd_idx;
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
