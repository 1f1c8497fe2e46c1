// tm_maxfind: maximum finder over the candidate queues, combinational.
//
// The longest-queue choice of the traffic manager (occamy-lqd; Pushout's
// "drop from the longest queue") needs, every cycle, the queue holding the
// most cells among the candidates: the paper's Difficulty 3 of Pushout. This
// is that comparison as a balanced tree, so its cost can be measured beside
// the selector and the arbiter (docs/hardware-cost.md).
//
// Parameters
//   N  (1..256, default 64) candidates (queues)
//   QW (1..32,  default 16) width of a queue length, in cells
//
// Ports
//   cand_i  [N-1:0]    queue i may be chosen
//   qlen_i  [N*QW-1:0] queue i's length at [i*QW +: QW]
//   valid_o            some cand_i bit is set
//   idx_o   [IW-1:0]   the candidate with the largest length, the lowest
//                      index on ties; 0 when valid_o is 0
//   max_o   [QW-1:0]   its length; 0 when valid_o is 0
//
// Latency
//   None: no clock and no state. Logic depth grows with clog2(N) levels of
//   a QW-bit compare and a select.
//
// Corner cases
//   Ties go to the lower index (the left subtree wins on equal lengths).
//   A candidate of length 0 wins when it is the only one.
//   Golden model: hw/maxfind.
`include "occamy_checks.svh"

module tm_maxfind #(
  parameter int  N  = 64,
  parameter int  QW = 16,
  // Derived, not to be set:
  localparam int IW = (N > 1) ? $clog2(N) : 1  // candidate index width
) (
  input  logic [N-1:0]    cand_i,
  input  logic [N*QW-1:0] qlen_i,
  output logic            valid_o,
  output logic [IW-1:0]   idx_o,
  output logic [QW-1:0]   max_o
);

  localparam int LVL = (N > 1) ? IW : 0;         // tree levels
  localparam int NP  = 1 << LVL;                 // leaves, N padded to a power of two
  // QW for part selects, so a bad QW reaches the check
  localparam int QS  = (QW > 0) ? QW : 1;

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm_maxfind, N, 1, 256)
    `OCCAMY_CHECK_RANGE(tm_maxfind, QW, 1, 32)
  `OCCAMY_CHECKS_END

  // The tree, a heap of 2*NP-1 nodes: node 1 is the root, node j's children
  // are 2j (lower indices) and 2j+1, the leaves are NP..2*NP-1. One
  // procedural pass from the leaves up (Icarus evaluates it far faster than
  // a net per node); each node is a select on its win bit w, not an
  // if/else, so the Verilated model runs it without data-dependent
  // branches. The heap is the function's own (automatic), so the pass can
  // be skipped when no queue is a candidate: the outputs are then 0, which
  // is what the tree gives, and the Verilated model does no work (the TM's
  // policies that ignore the finder give it no candidate; docs/perf.md).
  function automatic logic [IW+QW:0] tree(input logic [N-1:0] c, input logic [N*QW-1:0] q);
    logic          hv [1:2*NP-1];
    logic [QW-1:0] hl [1:2*NP-1];
    logic [IW-1:0] hi [1:2*NP-1];
    logic          w;
    for (int i = 0; i < NP; i++) begin
      hv[NP+i] = (i < N) ? c[i] : 1'b0;
      hl[NP+i] = (i < N) ? q[i*QS +: QS] : '0;
      hi[NP+i] = IW'(i);
    end
    for (int j = NP - 1; j >= 1; j--) begin
      // The left (lower-index) subtree wins ties.
      w     = hv[2*j] && (!hv[2*j+1] || hl[2*j] >= hl[2*j+1]);
      hv[j] = hv[2*j] || hv[2*j+1];
      hl[j] = w ? hl[2*j] : hl[2*j+1];
      hi[j] = w ? hi[2*j] : hi[2*j+1];
    end
    tree = {hv[1], hi[1], hl[1]};
  endfunction

  logic [IW+QW:0] res;  // {valid, index, length}

  always_comb begin
    res = '0;
    if (cand_i != '0) res = tree(cand_i, qlen_i);
  end

  assign {valid_o, idx_o, max_o} = res;

endmodule
