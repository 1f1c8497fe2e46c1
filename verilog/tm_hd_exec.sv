// tm_hd_exec: the traffic manager's head-drop executor (hw/tm stages D and
// G: the PD read of stage D, hdCellsStage, and the head-drop half of the
// unlink): it takes a grant (a queue to expel from, tm_hd_choice's
// gnt_valid_o/gnt_idx_o), reads its head PD on the PD read port the dequeue
// left idle, and returns the packet's cells to the free list with the cell-
// pointer ports the dequeue and the enqueue left idle. It never reads cell
// data. The policy's choice is tm_hd_choice (u_choice in occamy_tm), so an
// executor replacing this one keeps the same choice.
//
// Parameters
//   N (1..256, default 64) queues; B (1..65535, default 16384) cells;
//   K (1, 2, 4, 8, default 4) sub-lists; LW (1..13, default 7) cell-count
//   width; SW (1..32, default 16) serial bits.
//   Derived: CW = max(1, clog2(B)), BNW = clog2(B+1),
//   RW = clog2(2K+1), WW = clog2(K+1).
//
// Ports
//   chain_i              free mode chain
//   pd_free_i            the PD read port is still free (no dequeue read)
//   take_o               comb: the executor takes a grant this cycle (idle:
//                        no packet in its cell stage, the unlink of this
//                        cycle included, and pd_free_i)
//   gnt_valid_i, gnt_idx_i   the policy's grant (tm_hd_choice)
//   pd_rd_o, pd_rd_qid_o comb: issue the head-drop PD read of that queue
//                        (gnt_valid_i and take_o)
//   unl_i, unl_body_i    the head-drop PD read returns: unlink (stage A)
//   cp_rd_data_i [2K*CW] cp_mem read data, all ports
//   rd_base_i, rd_left_i [RW]  first free cp_mem read port, reads left
//   wr_left_i [WW]       cp_mem writes left after stage F
//   cnt_f_i [K*BNW]      free cells per bank after stage F
//   cp_rd_en_o [2K], cp_rd_addr_o [2K*CW], rd_n_o   comb: its link reads
//   ga_o [K], ga_head_o, ga_tail_o [K*CW], ga_n_o [K*BNW], freed_o [LW]
//                        comb: its appends (stage G) and the cells they free
//   busy_o               registered: a packet's cells are being freed
//
// Behaviour (docs/tm.md, "BM policies"): a grant is taken when take_o; a
// grant the executor cannot take waits (tm_hd_choice then does not
// acknowledge u_arb). Stage G: per cell, one round of min(K, left)
// cells (reads of the links whose sub-list goes on), all or nothing on the
// reads and writes left; chain, one append per sub-list as writes allow
// (an append to an empty bank needs none), in the unlink's cycle already.
// Latency: PD read in t, unlink in t+1, the first round or appends in t+1.
// Corner cases: a grant while the dequeue holds the PD port waits.
module tm_hd_exec #(
  parameter int N  = 64,
  parameter int B  = 16384,
  parameter int K  = 4,
  parameter int LW = 7,
  parameter int SW = 16
) (
  input  logic                                          clk_i,
  input  logic                                          rst_ni,
  input  logic                                          chain_i,
  input  logic                                          pd_free_i,
  output logic                                          take_o,
  input  logic                                          gnt_valid_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0]          gnt_idx_i,
  output logic                                          pd_rd_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0]          pd_rd_qid_o,
  input  logic                                          unl_i,
  input  logic [SW+LW+2*K*((B > 1) ? $clog2(B) : 1)-1:0] unl_body_i,
  input  logic [2*K*((B > 1) ? $clog2(B) : 1)-1:0]      cp_rd_data_i,
  input  logic [$clog2(2 * K + 1)-1:0]                  rd_base_i,
  input  logic [$clog2(2 * K + 1)-1:0]                  rd_left_i,
  input  logic [$clog2(K + 1)-1:0]                      wr_left_i,
  input  logic [K*$clog2(B + 1)-1:0]                    cnt_f_i,
  output logic [2*K-1:0]                                cp_rd_en_o,
  output logic [2*K*((B > 1) ? $clog2(B) : 1)-1:0]      cp_rd_addr_o,
  output logic [$clog2(2 * K + 1)-1:0]                  rd_n_o,
  output logic [K-1:0]                                  ga_o,
  output logic [K*((B > 1) ? $clog2(B) : 1)-1:0]        ga_head_o,
  output logic [K*((B > 1) ? $clog2(B) : 1)-1:0]        ga_tail_o,
  output logic [K*$clog2(B + 1)-1:0]                    ga_n_o,
  output logic [LW-1:0]                                 freed_o,
  output logic                                          busy_o
);

  localparam int CW  = (B > 1) ? $clog2(B) : 1;
  localparam int BNW = $clog2(B + 1);
  localparam int RW  = $clog2(2 * K + 1);
  localparam int WW  = $clog2(K + 1);

`ifdef __ICARUS__
  initial begin
    if (K != 1 && K != 2 && K != 4 && K != 8) $fatal(1, "tm_hd_exec: parameter K=%0d out of range, allowed 1, 2, 4, 8", K);
  end
`else
  if (K != 1 && K != 2 && K != 4 && K != 8) begin : g_bad_k
    $fatal(1, "tm_hd_exec: parameter K=%0d out of range, allowed 1, 2, 4, 8", K);
  end
`endif

  // ---- Stage D: take the grant, the PD read ----
  logic          busy_q, busy_d, busy_a;
  logic          idle;

  assign busy_a      = busy_q || unl_i;
  assign idle        = !busy_a && pd_free_i;
  assign take_o      = idle;
  assign pd_rd_o     = gnt_valid_i && idle;
  assign pd_rd_qid_o = gnt_idx_i;

  // ---- Stage G: the cells ----
  logic [LW-1:0]   n_q, n_d, done_q, done_d;
  logic [K-1:0]    chains_q, chains_d;
  logic [K*CW-1:0] heads_q, heads_d, tails_q, tails_d, cur_q, cur_d;
  logic            curp_q, curp_d;
  logic [RW-1:0]   base_q, base_d;

  logic [LW-1:0]   n, done, left, cnt, rds;
  logic [K-1:0]    chains;
  logic [K*CW-1:0] heads, tails, cur;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [SW-1:0]   unl_ser;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LW-1:0]   unl_n;
  logic [K*CW-1:0] unl_heads, unl_tails;

  assign {unl_ser, unl_n, unl_heads, unl_tails} = unl_body_i;
  assign n      = unl_i ? unl_n : n_q;
  assign done   = unl_i ? '0 : done_q;
  assign heads  = unl_i ? unl_heads : heads_q;
  assign tails  = unl_i ? unl_tails : tails_q;
  assign left   = n - done;
  assign cnt    = (32'(left) < K) ? left : LW'(K);
  // Constant when MAXPKT <= K (then no round reads a link).
  /* verilator lint_off CMPCONST */
  assign rds    = (32'(left) > K) ? (((32'(left) - K) < K) ? LW'(32'(left) - K) : LW'(K)) : '0;
  /* verilator lint_on CMPCONST */

  always @* begin
    for (int s = 0; s < K; s++) begin
      if (done == '0) begin
        cur[s*CW +: CW] = heads[s*CW +: CW];
      end else if (curp_q) begin
        cur[s*CW +: CW] = cp_rd_data_i[(32'(base_q) + s)*CW +: CW];
      end else begin
        cur[s*CW +: CW] = cur_q[s*CW +: CW];
      end
    end
  end

  always @* begin
    logic [WW-1:0]  wl;
    logic [CW-1:0]  h;
    logic           need;
    logic           go;
    h            = '0;
    need         = 1'b0;
    go           = 1'b0;
    chains       = unl_i ? K'((1 << ((32'(unl_n) < K) ? 32'(unl_n) : K)) - 1) : chains_q;
    chains_d     = chains;
    ga_o         = '0;
    ga_head_o    = '0;
    ga_tail_o    = '0;
    ga_n_o       = '0;
    freed_o      = '0;
    cp_rd_en_o   = '0;
    cp_rd_addr_o = '0;
    rd_n_o       = '0;
    done_d       = done;
    busy_d       = busy_a;
    curp_d       = 1'b0;
    cur_d        = cur;
    base_d       = rd_base_i;
    wl           = wr_left_i;
    if (busy_a && chain_i) begin
      for (int s = 0; s < K; s++) begin
        h    = heads[s*CW +: CW];
        need = cnt_f_i[(32'(h) & (K - 1))*BNW +: BNW] != '0;
        if (chains[s] && (!need || wl != '0)) begin
          ga_o[s]              = 1'b1;
          ga_head_o[s*CW +: CW] = h;
          ga_tail_o[s*CW +: CW] = tails[s*CW +: CW];
          ga_n_o[s*BNW +: BNW]  = BNW'((32'(n) - s + K - 1) / K);
          freed_o              = freed_o + LW'((32'(n) - s + K - 1) / K);
          chains_d[s]          = 1'b0;
          if (need) wl = wl - WW'(1);
        end
      end
      if (chains_d == '0) busy_d = 1'b0;
    end else if (busy_a) begin
      // rds is constant 0 when MAXPKT <= K (no sub-list goes on).
      /* verilator lint_off UNSIGNED */
      go = (32'(rds) <= 32'(rd_left_i)) && (32'(cnt) <= 32'(wr_left_i));
      if (go) begin
        for (int s = 0; s < K; s++) begin
          if (32'(s) < 32'(cnt)) begin
            ga_o[s]              = 1'b1;
            ga_head_o[s*CW +: CW] = cur[s*CW +: CW];
            ga_tail_o[s*CW +: CW] = cur[s*CW +: CW];
            ga_n_o[s*BNW +: BNW]  = BNW'(1);
          end
          if (32'(s) < 32'(rds)) begin
            /* verilator lint_on UNSIGNED */
            cp_rd_en_o[32'(rd_base_i) + s]                = 1'b1;
            cp_rd_addr_o[(32'(rd_base_i) + s)*CW +: CW]  = cur[s*CW +: CW];
          end
        end
        rd_n_o  = RW'(rds);
        freed_o = cnt;
        done_d  = done + cnt;
        curp_d  = rds != '0;
        if (done + cnt == n) busy_d = 1'b0;
      end
    end
  end

  assign n_d     = n;
  assign heads_d = heads;
  assign tails_d = tails;
  assign busy_o  = busy_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q   <= 1'b0;
      n_q      <= '0;
      done_q   <= '0;
      chains_q <= '0;
      heads_q  <= '0;
      tails_q  <= '0;
      cur_q    <= '0;
      curp_q   <= 1'b0;
      base_q   <= '0;
    end else begin
      busy_q   <= busy_d;
      n_q      <= n_d;
      done_q   <= done_d;
      chains_q <= chains_d;
      heads_q  <= heads_d;
      tails_q  <= tails_d;
      cur_q    <= cur_d;
      curp_q   <= curp_d;
      base_q   <= base_d;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (unl_i) begin
        assert (!busy_q) else $error("tm_hd_exec: unlink while the executor is busy");
      end
    end
  end
`endif

endmodule
