// free_list: the free cell-pointer list of hw/mem.FreeList, threaded through
// a link memory and split into K banks (cycle-exact with the port-level Go
// model hw/memports.FreeList).
//
// Parameters
//   CELLS (K..65536, default 16) cells; cell x always belongs to bank x mod K
//   K     (1, 2, 4 or 8, default 2) banks
//   LAT   (1..16, default 1) read latency of the link memory
//   Derived: CW = max(1, clog2(CELLS)) cell index, FW = clog2(CELLS+1) count.
//
// Ports (entry b of a packed port at [b*W +: W])
//   clk_i, rst_ni          clock; synchronous active-low reset
//   pop_i      [K]         bank b is asked for a cell this cycle
//   pop_ok_o   [K]         comb: bank b can pop now (holds a cell and no link
//                          read is in flight); the pop happens iff pop_i && pop_ok_o
//   pop_cell_o [K*CW]      comb: the cell bank b pops (its head), 0 when !pop_ok_o
//   app_i      [K]         append a chain to bank b this cycle
//   app_head_i [K*CW]      its first cell (a cell of bank b)
//   app_tail_i [K*CW]      its last cell, already linked from app_head_i
//   app_n_i    [K*FW]      its cells, 1..; a single cell is head = tail, n = 1
//   cnt_o      [K*FW]      registered: free cells per bank
//   free_o     [FW]        registered: free cells in all banks
//
// Memory ports: the link memory is an sram_mp with K read and K write ports,
// bank b using read port b and write port b, one request each per cycle, so
// the budget cannot be exceeded (one pop and one append per bank per cycle
// is this module's contract).
//
// Behaviour (mem.FreeList's), per bank, in this order within a cycle:
//   1. Pop: the head leaves. If the bank held more than one cell, the head's
//      link is read (one read) to learn the next head, which is poppable
//      LAT cycles later (pop_ok_o is 0 meanwhile); popping the last cell
//      reads nothing.
//   2. Append: after the pop, a bank that is empty takes the chain as its
//      whole list with no write (poppable from the next cycle); otherwise
//      the old tail's link is written with app_head_i (one write). The tail
//      becomes app_tail_i and the count grows by app_n_i.
//
// Latency: pop_ok_o and pop_cell_o are combinational from the registers
// and the link memory's output; counts change at the edge.
//
// Reset: rst_ni = 0 at an edge puts every cell back, bank b holding
// b, b+K, b+2K, ... in order; the link memory is threaded by its reset
// (sram_mp INIT_STRIDE = K, mem.FreeList's Init sequence); that cycle's
// pops and appends are lost. Before the first reset edge outputs are X.
//
// Assertions (`ifndef SYNTHESIS, after the first reset edge): free count
// never above CELLS and equal to the sum of the banks; an append of 1..
// cells of its own bank that does not overflow the bank; a shadow bitmap of
// free cells: a popped cell was free, and no appended cell (the chain is
// walked in the link array) is already free - no cell freed twice.
`include "occamy_checks.svh"

module free_list #(
  parameter int  CELLS = 16,
  parameter int  K     = 2,
  parameter int  LAT   = 1,
  // Derived, not to be set:
  localparam int CW    = (CELLS > 1) ? $clog2(CELLS) : 1,     // cell index
  localparam int FW    = (CELLS > 0) ? $clog2(CELLS + 1) : 1  // cell count
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [K-1:0]    pop_i,
  output logic [K-1:0]    pop_ok_o,
  output logic [K*CW-1:0] pop_cell_o,
  input  logic [K-1:0]    app_i,
  input  logic [K*CW-1:0] app_head_i,
  input  logic [K*CW-1:0] app_tail_i,
  input  logic [K*FW-1:0] app_n_i,
  output logic [K*FW-1:0] cnt_o,
  output logic [FW-1:0]   free_o
);

  localparam int L  = (LAT > 0) ? LAT : 1;
  localparam int LW = (L > 1) ? $clog2(L) : 1;  // holds LAT-1

  // Elaboration checks (occamy_checks.svh).
  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK(g_bad_k, K != 1 && K != 2 && K != 4 && K != 8,
      $fatal(1, "free_list: parameter K=%0d out of range, allowed 1..8 (1, 2, 4 or 8)", K))
    `OCCAMY_CHECK(g_bad_cells, CELLS < K || CELLS > 65536,
      $fatal(1, "free_list: parameter CELLS=%0d out of range, allowed %0d..65536 %s", CELLS, K,
             "(at least one cell per bank)"))
    `OCCAMY_CHECK_RANGE(free_list, LAT, 1, 16)
  `OCCAMY_CHECKS_END

  // Link memory ports.
  logic [K-1:0]    rd_en, rd_valid, wr_en;
  logic [K*CW-1:0] rd_addr, rd_data, wr_addr, wr_data;

  sram_mp #(
    .DEPTH(CELLS), .WIDTH(CW), .RP(K), .WP(K), .LAT(L), .INIT_STRIDE((K <= CELLS) ? K : 0)
  ) u_link (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .rd_en_i    (rd_en),
    .rd_addr_i  (rd_addr),
    .rd_valid_o (rd_valid),
    .rd_data_o  (rd_data),
    .wr_en_i    (wr_en),
    .wr_addr_i  (wr_addr),
    .wr_data_i  (wr_data)
  );

  logic [K*FW-1:0] cnt_q;    // per bank, also cnt_o
  logic [K*FW-1:0] pop_n;    // per bank: 1 when it pops
  logic [FW-1:0]   free_q, free_d;

  for (genvar b = 0; b < K; b++) begin : g_bank
    // Reset contents of bank b: cells b, b+K, ..., the last below CELLS.
    localparam int RST_CNT  = (CELLS - b + K - 1) / K;
    localparam int RST_TAIL = b + K * (RST_CNT - 1);

    logic [CW-1:0] head_q, head_d, tail_q, tail_d, head_eff;
    logic [FW-1:0] cnt_q_b, cnt_d, cnt1;
    logic [LW-1:0] wait_q, wait_d;  // cycles until a link read returns
    logic          ok, pop, app, rd;
    logic [CW-1:0] a_head, a_tail;  // this bank's append inputs
    logic [FW-1:0] a_n;

    // The head is the link memory's output in the cycle a read returns.
    assign head_eff = rd_valid[b] ? rd_data[b*CW +: CW] : head_q;
    assign ok       = (cnt_q_b != '0) && (wait_q == '0);
    assign pop      = pop_i[b] && ok;
    assign app      = app_i[b];
    assign a_head   = app_head_i[b*CW +: CW];
    assign a_tail   = app_tail_i[b*CW +: CW];
    assign a_n      = app_n_i[b*FW +: FW];
    assign cnt1     = cnt_q_b - FW'(pop);
    assign cnt_q[b*FW +: FW] = cnt_q_b;

    assign pop_ok_o[b]            = ok;
    assign pop_cell_o[b*CW +: CW] = ok ? head_eff : '0;
    assign pop_n[b*FW +: FW]      = FW'(pop);

    // Pop reads the head's link unless it takes the last cell; append
    // writes the old tail's link unless the bank is empty after the pop.
    assign rd                   = pop && (cnt_q_b != FW'(1));
    assign rd_en[b]             = rd;
    assign rd_addr[b*CW +: CW]  = head_eff;
    assign wr_en[b]             = app && (cnt1 != '0);
    assign wr_addr[b*CW +: CW]  = tail_q;
    assign wr_data[b*CW +: CW]  = a_head;

    always_comb begin
      head_d = head_eff;
      tail_d = tail_q;
      cnt_d  = cnt1;
      wait_d = (wait_q != '0) ? wait_q - LW'(1) : '0;
      if (rd) wait_d = LW'(L - 1);
      if (pop && cnt1 == '0) begin
        head_d = '0;
        tail_d = '0;
      end
      if (app) begin
        if (cnt1 == '0) head_d = a_head;
        tail_d = a_tail;
        cnt_d  = cnt1 + a_n;
      end
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        head_q             <= CW'(b);
        tail_q             <= CW'(RST_TAIL);
        cnt_q_b            <= FW'(RST_CNT);
        wait_q             <= '0;
      end else begin
        head_q             <= head_d;
        tail_q             <= tail_d;
        cnt_q_b            <= cnt_d;
        wait_q             <= wait_d;
      end
    end
  end

  always_comb begin
    free_d = free_q;
    for (int b = 0; b < K; b++) begin
      free_d = free_d - pop_n[b*FW +: FW] + (app_i[b] ? app_n_i[b*FW +: FW] : '0);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) free_q <= FW'(CELLS);
    else         free_q <= free_d;
  end

  assign cnt_o  = cnt_q;
  assign free_o = free_q;

`ifndef SYNTHESIS
  logic             rst_seen = 1'b0;
  logic [CELLS-1:0] free_map;      // shadow: cell x is free
  logic [31:0]      sum_cnt;
  always_comb begin
    sum_cnt = '0;
    for (int b = 0; b < K; b++) sum_cnt = sum_cnt + 32'(cnt_q[b*FW +: FW]);
  end
  /* verilator lint_off BLKSEQ */
  /* verilator lint_off WIDTHCONCAT */
  always @(posedge clk_i) begin : p_check
    logic [CW-1:0] x;
    if (!rst_ni) begin
      rst_seen <= 1'b1;
      free_map = '1;
    end else if (rst_seen) begin
      assert (32'(free_q) <= CELLS)
        else $error("free_list: free count %0d above CELLS=%0d", free_q, CELLS);
      assert (sum_cnt == 32'(free_q))
        else $error("free_list: banks hold %0d cells, free count is %0d", sum_cnt, free_q);
      for (int b = 0; b < K; b++) begin
        if (pop_i[b] && pop_ok_o[b]) begin
          x = pop_cell_o[b*CW +: CW];
          assert (free_map[x])
            else $error("free_list: bank %0d pops cell %0d, which is not free", b, x);
          free_map[x] = 1'b0;
        end
      end
      for (int b = 0; b < K; b++) begin
        if (app_i[b]) begin
          assert (app_n_i[b*FW +: FW] != '0 && 32'(app_head_i[b*CW +: CW]) % K == b &&
                  32'(app_tail_i[b*CW +: CW]) % K == b)
            else $error("free_list: append of %0d cells %0d..%0d to bank %0d %s",
                        app_n_i[b*FW +: FW], app_head_i[b*CW +: CW], app_tail_i[b*CW +: CW], b,
                        "(need 1.. cells of that bank)");
          x = app_head_i[b*CW +: CW];
          for (int i = 0; i < 32'(app_n_i[b*FW +: FW]) && i < CELLS; i++) begin
            assert (!free_map[x])
              else $error("free_list: cell %0d freed twice (appended to bank %0d while free)",
                          x, b);
            free_map[x] = 1'b1;
            if (i == 32'(app_n_i[b*FW +: FW]) - 1) begin
              assert (x == app_tail_i[b*CW +: CW])
                else $error(
                  "free_list: bank %0d chain of %0d cells from %0d ends at %0d, app_tail_i is %0d",
                  b, app_n_i[b*FW +: FW], app_head_i[b*CW +: CW], x, app_tail_i[b*CW +: CW]);
            end
            x = u_link.mem_q[x];
          end
        end
      end
    end
  end
  /* verilator lint_on WIDTHCONCAT */
  /* verilator lint_on BLKSEQ */
`endif

endmodule
