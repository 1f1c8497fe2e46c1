// cp_sublists: the cell-pointer memory holding a packet's cells in K
// parallel sub-lists, with the dequeue's chase (cycle-exact with the
// port-level Go model hw/memports.CPSubLists; round sizes are
// hw/mem.SubListRound, the formula of hw/tm's dequeue). Cell i of a packet
// (in packet order) is element i/K of sub-list i%K.
//
// Parameters
//   CELLS (1..65536, default 16) cells, the link memory's words
//   K     (1, 2, 4 or 8, default 2) sub-lists per packet
//   LAT   (1..16, default 1) read latency of the link memory
//   MAXN  (1..CELLS, default 8) most cells of one packet
//   Derived: CW = max(1, clog2(CELLS)) cell index, NW = clog2(MAXN+1) count.
//
// Ports (entry s of a packed port at [s*W +: W])
//   clk_i, rst_ni          clock; synchronous active-low reset
//   start_i                start a chase (taken iff start_i && start_ok_o)
//   start_heads_i [K*CW]   the packet's sub-list heads (entries s >= n ignored)
//   start_n_i     [NW]     its cells, 1..MAXN
//   start_ok_o             comb: no chase is busy
//   wr_en_i       [K]      link writes: cell wr_addr_i[s] -> wr_data_i[s]
//   wr_addr_i     [K*CW]   (distinct addresses; posted, landing at the edge)
//   wr_data_i     [K*CW]
//   out_valid_o            comb: a round is emitted this cycle
//   out_mask_o    [K]      comb: slots holding a cell (the low min(K, n-idx))
//   out_cell_o    [K*CW]   comb: slot s is cell number out_idx_o+s of the
//                          packet, so slots are in packet order; 0 if unused
//   out_idx_o     [NW]     comb: packet index of slot 0's cell (r*K in round r)
//   out_last_o             comb: this round is the chase's last
//   busy_o                 registered: a chase has rounds left
//
// Memory ports: one sram_mp link memory with K read and K write ports;
// sub-list s reads on port s, write input s drives write port s. (In
// docs/tm.md the cp_mem budget is 2K reads, shared with the free list's
// pops; this module owns K of them, the dequeue's share.)
//
// Timing: a start emits round 0 in its own cycle (the heads, combinational
// from the inputs); round r (r = 1..ceil(n/K)-1) is emitted in cycle
// start + r*LAT, when the link reads of round r-1 return (rd_valid of the
// link memory). In a round, slot s reads its cell's link iff cell
// idx+s+K exists. Rounds never stall. One chase at a time: start_ok_o is 0
// while busy and a start_i meanwhile is held off (not an error; overlapping
// chases are not supported); the next chase may start in the cycle after
// the last round. A read and a write of one cell in one cycle read the old
// link. Outputs of a cycle without a round are 0.
//
// Reset: rst_ni = 0 at an edge drops the chase and the link reads in
// flight; that cycle's writes are dropped; the array keeps its words.
// Before the first reset edge outputs are X.
//
// Assertions (`ifndef SYNTHESIS, after the first reset edge): a started
// chase has 1..MAXN cells and heads < CELLS for its used sub-lists; every
// link read returns a cell < CELLS (a chase only of valid cells); link
// writes of cells < CELLS; a busy chase has a link read in flight.
`include "occamy_checks.svh"

module cp_sublists #(
  parameter int  CELLS = 16,
  parameter int  K     = 2,
  parameter int  LAT   = 1,
  parameter int  MAXN  = 8,
  // Derived, not to be set:
  localparam int CW    = (CELLS > 1) ? $clog2(CELLS) : 1,   // cell index
  localparam int NW    = (MAXN > 0) ? $clog2(MAXN + 1) : 1  // cells of a packet
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            start_i,
  input  logic [K*CW-1:0] start_heads_i,
  input  logic [NW-1:0]   start_n_i,
  output logic            start_ok_o,
  input  logic [K-1:0]    wr_en_i,
  input  logic [K*CW-1:0] wr_addr_i,
  input  logic [K*CW-1:0] wr_data_i,
  output logic            out_valid_o,
  output logic [K-1:0]    out_mask_o,
  output logic [K*CW-1:0] out_cell_o,
  output logic [NW-1:0]   out_idx_o,
  output logic            out_last_o,
  output logic            busy_o
);

  localparam int L  = (LAT > 0) ? LAT : 1;
  localparam int XW = NW + 5;  // holds idx + K without overflow

  // Elaboration checks (occamy_checks.svh).
  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK(g_bad_k, K != 1 && K != 2 && K != 4 && K != 8,
      $fatal(1, "cp_sublists: parameter K=%0d out of range, allowed 1..8 (1, 2, 4 or 8)", K))
    `OCCAMY_CHECK_RANGE(cp_sublists, CELLS, 1, 65536)
    `OCCAMY_CHECK_RANGE(cp_sublists, LAT, 1, 16)
    `OCCAMY_CHECK(g_bad_maxn, MAXN < 1 || MAXN > CELLS,
      $fatal(1, "cp_sublists: parameter MAXN=%0d out of range, allowed 1..%0d (CELLS)",
             MAXN, CELLS))
  `OCCAMY_CHECKS_END

  // Link memory ports.
  logic [K-1:0]    rd_en, rd_valid;
  logic [K*CW-1:0] rd_addr, rd_data;

  sram_mp #(
    .DEPTH(CELLS), .WIDTH(CW), .RP(K), .WP(K), .LAT(L), .INIT_STRIDE(0)
  ) u_link (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rd_en_i    (rd_en),
    .rd_addr_i  (rd_addr),
    .rd_valid_o (rd_valid),
    .rd_data_o  (rd_data),
    .wr_en_i    (wr_en_i),
    .wr_addr_i  (wr_addr_i),
    .wr_data_i  (wr_data_i)
  );

  logic          busy_q, busy_d;
  logic [NW-1:0] done_q, done_d, n_q, n_d;

  // The round of this cycle: a start (heads from the inputs) or the
  // return of the previous round's link reads.
  logic            fire, take;
  logic [K*CW-1:0] cur;
  logic [XW-1:0]   r_done, r_n, left, cnt, nxt;

  assign take = start_i && !busy_q;
  assign fire = take || (busy_q && rd_valid[0]);
  assign cur  = take ? start_heads_i : rd_data;

  always_comb begin
    r_done = take ? '0 : XW'(done_q);
    r_n    = take ? XW'(start_n_i) : XW'(n_q);
    left   = r_n - r_done;
    cnt    = (left < XW'(K)) ? left : XW'(K);
    nxt    = r_done + cnt;
  end

  for (genvar s = 0; s < K; s++) begin : g_slot
    logic in_round;
    assign in_round             = fire && (XW'(s) < cnt);
    assign out_mask_o[s]        = in_round;
    assign out_cell_o[s*CW +: CW] = in_round ? cur[s*CW +: CW] : '0;
    assign rd_en[s]             = in_round && (r_done + XW'(s) + XW'(K) < r_n);
    assign rd_addr[s*CW +: CW]  = cur[s*CW +: CW];
  end

  assign start_ok_o  = !busy_q;
  assign busy_o      = busy_q;
  assign out_valid_o = fire;
  assign out_idx_o   = fire ? NW'(r_done) : '0;
  assign out_last_o  = fire && (nxt >= r_n);

  always_comb begin
    busy_d = busy_q;
    done_d = done_q;
    n_d    = n_q;
    if (fire) begin
      busy_d = nxt < r_n;
      done_d = busy_d ? NW'(nxt) : '0;
      n_d    = busy_d ? NW'(r_n) : '0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= '0;
      n_q    <= '0;
    end else begin
      busy_q <= busy_d;
      done_q <= done_d;
      n_q    <= n_d;
    end
  end

`ifndef SYNTHESIS
  logic rst_seen = 1'b0;
  logic [31:0] inflight;  // link reads in flight
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rst_seen <= 1'b1;
      inflight <= '0;
    end else if (rst_seen) begin
      inflight <= inflight + 32'($countones(rd_en)) - 32'($countones(rd_valid));
      if (take) begin
        /* verilator lint_off CMPCONST */  // constant when MAXN = 2^NW - 1
        assert (start_n_i != '0 && 32'(start_n_i) <= MAXN)
          else $error("cp_sublists: start of a chase of %0d cells, allowed 1..%0d",
                      start_n_i, MAXN);
        /* verilator lint_on CMPCONST */
        for (int s = 0; s < K; s++) begin
          if (s < 32'(start_n_i)) begin
            assert (32'(start_heads_i[s*CW +: CW]) < CELLS)
              else $error("cp_sublists: start with head %0d of sub-list %0d, not below CELLS=%0d",
                          start_heads_i[s*CW +: CW], s, CELLS);
          end
        end
      end
      for (int s = 0; s < K; s++) begin
        if (out_mask_o[s]) begin
          assert (32'(out_cell_o[s*CW +: CW]) < CELLS)
            else $error(
              "cp_sublists: round at cell %0d, slot %0d chases cell %0d, not below CELLS=%0d",
              out_idx_o, s, out_cell_o[s*CW +: CW], CELLS);
        end
        if (wr_en_i[s]) begin
          assert (32'(wr_addr_i[s*CW +: CW]) < CELLS && 32'(wr_data_i[s*CW +: CW]) < CELLS)
            else $error("cp_sublists: write port %0d links cell %0d to %0d, allowed cells 0..%0d",
                        s, wr_addr_i[s*CW +: CW], wr_data_i[s*CW +: CW], CELLS - 1);
        end
      end
      if (busy_q && !rd_valid[0]) begin
        assert (inflight != '0)
          else $error("cp_sublists: chase busy at cell %0d of %0d with no link read in flight",
                      done_q, n_q);
      end
    end
  end
`endif

endmodule
