// tm_free_list: the traffic manager's free cell-pointer list (hw/mem.FreeList
// as hw/tm uses it): K banks threaded through the links of the ONE
// cell-pointer memory cp_mem that the packets' sub-lists also use.
//
// Why not free_list: free_list owns its link memory (K read and K write
// ports of its own, one append per bank per cycle). In the TM the links
// live in cp_mem, whose 2K read / K write budget is shared with the
// dequeue's and the head drop's sub-list chases, and a bank may take two
// appends in one cycle (the dequeue's free, stage F, then the head drop's,
// stage G), each writing the bank's then tail link. This module keeps the
// bank registers and issues its reads and writes on cp_mem ports the top
// lends it: pops on the read ports from pop_port_i on, the dequeue's
// appends on write ports 0.., the head drop's after them.
//
// Parameters
//   B (K..65535, default 16384) cells; cell x always belongs to bank x mod K
//   K (1, 2, 4, 8, default 4) banks
//   Derived: CW = max(1, clog2(B)), BNW = clog2(B+1),
//   RW = clog2(2K+1) read-port number, WW = clog2(K+1).
//
// Ports (entry b or s of a packed port at [b*W +: W])
//   rd_data_i [2K*CW]    cp_mem read data (all ports, latency 1)
//   head_o [K*CW]        comb: each bank's head (a link read last cycle resolved;
//                        0 for an empty bank)
//   cnt_o [K*BNW]        registered: cells per bank
//   pop_i [K]            bank b pops its head this cycle (stage E; the caller
//                        checks cnt_o[b] > 0)
//   pop_port_i [RW]    first cp_mem read port the pops may use
//   pop_rd_n_o [RW]    comb: pops that read a link (the bank held > 1 cell)
//   rd_en_o [2K], rd_addr_o [2K*CW]  comb: those reads, on ports pop_port_i..
//   fa_i [K], fa_head_i, fa_tail_i [K*CW], fa_n_i [K*BNW]   stage F appends,
//                        slot s a chain head..tail of fa_n_i cells of one bank
//                        (one cell: head = tail, n = 1); slots of distinct banks
//   cnt_f_o [K*BNW]      comb: counts after the pops and the stage F appends
//   f_wr_n_o [WW]        comb: cp_mem writes of stage F (appends to non-empty banks)
//   ga_i, ga_head_i, ga_tail_i, ga_n_i   stage G appends, as stage F's
//   wr_en_o [K], wr_addr_o, wr_data_o [K*CW]   comb: cp_mem writes, stage F's on
//                        ports 0.., stage G's after them
//   wr_n_o [WW]          comb: all cp_mem writes
//
// Behaviour per bank, in this order within a cycle: pop (a read of the
// head's link when the bank holds more than one cell; the next head is the
// read's data next cycle), then the stage F append, then the stage G
// append: into an empty bank the chain becomes the list with no write,
// otherwise the then tail's link is written with the chain's head.
// Latency: read latency 1, so a bank can pop every cycle.
// Reset: bank b holds b, b+K, b+2K, ... (cp_mem's INIT_STRIDE = K threads them).
// Assertions (`ifndef SYNTHESIS): no pop of an empty bank; an append's
// cells are of its bank; at most K writes.
`include "occamy_checks.svh"

module tm_free_list #(
  parameter int  B   = 16384,
  parameter int  K   = 4,
  // Derived, not to be set:
  localparam int CW  = (B > 1) ? $clog2(B) : 1,  // cell index
  localparam int BNW = $clog2(B + 1),            // cell count
  localparam int RW  = $clog2(2 * K + 1),        // a read-port number or count
  localparam int WW  = $clog2(K + 1)             // a write count
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic [2*K*CW-1:0]  rd_data_i,
  output logic [K*CW-1:0]    head_o,
  output logic [K*BNW-1:0]   cnt_o,
  input  logic [K-1:0]       pop_i,
  input  logic [RW-1:0]      pop_port_i,
  output logic [RW-1:0]      pop_rd_n_o,
  output logic [2*K-1:0]     rd_en_o,
  output logic [2*K*CW-1:0]  rd_addr_o,
  input  logic [K-1:0]       fa_i,
  input  logic [K*CW-1:0]    fa_head_i,
  input  logic [K*CW-1:0]    fa_tail_i,
  input  logic [K*BNW-1:0]   fa_n_i,
  output logic [K*BNW-1:0]   cnt_f_o,
  output logic [WW-1:0]      f_wr_n_o,
  input  logic [K-1:0]       ga_i,
  input  logic [K*CW-1:0]    ga_head_i,
  input  logic [K*CW-1:0]    ga_tail_i,
  input  logic [K*BNW-1:0]   ga_n_i,
  output logic [K-1:0]       wr_en_o,
  output logic [K*CW-1:0]    wr_addr_o,
  output logic [K*CW-1:0]    wr_data_o,
  output logic [WW-1:0]      wr_n_o
);

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK(g_bad_k, K != 1 && K != 2 && K != 4 && K != 8,
      $fatal(1, "tm_free_list: parameter K=%0d out of range, allowed 1, 2, 4, 8", K))
    `OCCAMY_CHECK(g_bad_b, B < K || B > 65535,
      $fatal(1, "tm_free_list: parameter B=%0d out of range, allowed %0d..65535", B, K))
  `OCCAMY_CHECKS_END

  logic [K*CW-1:0]  head_q, head_d, tail_q, tail_d;
  logic [K*BNW-1:0] cnt_q, cnt_d;
  logic [K-1:0]     pend_q, pend_d;
  logic [K*RW-1:0]  pport_q, pport_d;

  // Each bank's slot of the stage F and stage G appends (distinct banks).
  logic [K-1:0]     fb, gb;
  logic [K*CW-1:0]  fh, ft, gh, gt;
  logic [K*BNW-1:0] fn, gn;

  logic [K*CW-1:0]  head_f, tail_f;   // after the pops and the stage F appends
  logic [K-1:0]     pend_f;
  logic [K-1:0]     fwen;
  logic [K*CW-1:0]  fwaddr, fwdata;

  for (genvar b = 0; b < K; b++) begin : g_bank
    assign head_o[b*CW +: CW] = (cnt_q[b*BNW +: BNW] == '0) ? '0
                              : pend_q[b] ? rd_data_i[pport_q[b*RW +: RW]*CW +: CW]
                              : head_q[b*CW +: CW];
    always @* begin
      fb[b] = 1'b0; fh[b*CW +: CW] = '0; ft[b*CW +: CW] = '0; fn[b*BNW +: BNW] = '0;
      for (int s = 0; s < K; s++) begin
        if (fa_i[s] && (32'(fa_head_i[s*CW +: CW]) & (K - 1)) == b) begin
          fb[b] = 1'b1;
          fh[b*CW +: CW] = fa_head_i[s*CW +: CW];
          ft[b*CW +: CW] = fa_tail_i[s*CW +: CW];
          fn[b*BNW +: BNW] = fa_n_i[s*BNW +: BNW];
        end
      end
    end
    always @* begin
      gb[b] = 1'b0; gh[b*CW +: CW] = '0; gt[b*CW +: CW] = '0; gn[b*BNW +: BNW] = '0;
      for (int s = 0; s < K; s++) begin
        if (ga_i[s] && (32'(ga_head_i[s*CW +: CW]) & (K - 1)) == b) begin
          gb[b] = 1'b1;
          gh[b*CW +: CW] = ga_head_i[s*CW +: CW];
          gt[b*CW +: CW] = ga_tail_i[s*CW +: CW];
          gn[b*BNW +: BNW] = ga_n_i[s*BNW +: BNW];
        end
      end
    end
  end

  // Pops and the stage F appends.
  always @* begin
    logic [BNW-1:0] c0, c1;
    int rp, wp;
    head_f    = head_o;
    tail_f    = tail_q;
    pend_f    = '0;
    pport_d   = pport_q;
    rd_en_o   = '0;
    rd_addr_o = '0;
    fwen      = '0;
    fwaddr    = '0;
    fwdata    = '0;
    cnt_f_o   = cnt_q;
    rp        = 32'(pop_port_i);
    wp        = 0;
    for (int b = 0; b < K; b++) begin
      c0 = cnt_q[b*BNW +: BNW];
      c1 = c0;
      if (pop_i[b]) begin
        c1 = c0 - BNW'(1);
        if (c0 > BNW'(1)) begin
          rd_en_o[rp]            = 1'b1;
          rd_addr_o[rp*CW +: CW] = head_o[b*CW +: CW];
          pend_f[b]              = 1'b1;
          pport_d[b*RW +: RW]    = RW'(rp);
          rp                     = rp + 1;
        end
      end
      cnt_f_o[b*BNW +: BNW] = c1;
      if (fb[b]) begin
        if (c1 == '0) begin
          head_f[b*CW +: CW] = fh[b*CW +: CW];
        end else begin
          fwen[wp]            = 1'b1;
          fwaddr[wp*CW +: CW] = tail_q[b*CW +: CW];
          fwdata[wp*CW +: CW] = fh[b*CW +: CW];
          wp                  = wp + 1;
        end
        tail_f[b*CW +: CW]    = ft[b*CW +: CW];
        cnt_f_o[b*BNW +: BNW] = c1 + fn[b*BNW +: BNW];
      end
    end
    pop_rd_n_o = RW'(rp - 32'(pop_port_i));
    f_wr_n_o   = WW'(wp);
  end

  logic over_budget;  // a stage G append found no write port left

  // The stage G appends, after stage F's.
  always @* begin
    int wp;
    head_d    = head_f;
    tail_d    = tail_f;
    cnt_d     = cnt_f_o;
    pend_d    = pend_f;
    wr_en_o   = fwen;
    wr_addr_o = fwaddr;
    wr_data_o = fwdata;
    wp        = 32'(f_wr_n_o);
    over_budget = 1'b0;
    for (int b = 0; b < K; b++) begin
      if (gb[b]) begin
        if (cnt_f_o[b*BNW +: BNW] == '0) begin
          head_d[b*CW +: CW] = gh[b*CW +: CW];
          pend_d[b]          = 1'b0;
        end else if (wp < K) begin
          wr_en_o[wp]            = 1'b1;
          wr_addr_o[wp*CW +: CW] = tail_f[b*CW +: CW];
          wr_data_o[wp*CW +: CW] = gh[b*CW +: CW];
          wp                     = wp + 1;
        end else begin
          over_budget            = 1'b1;
        end
        tail_d[b*CW +: CW]  = gt[b*CW +: CW];
        cnt_d[b*BNW +: BNW] = cnt_f_o[b*BNW +: BNW] + gn[b*BNW +: BNW];
      end
    end
    wr_n_o = WW'(wp);
  end

  assign cnt_o = cnt_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int b = 0; b < K; b++) begin
        head_q[b*CW +: CW]  <= CW'(b);
        tail_q[b*CW +: CW]  <= CW'(b + K * ((B - 1 - b) / K));
        cnt_q[b*BNW +: BNW] <= BNW'((B - b + K - 1) / K);
      end
      pend_q  <= '0;
      pport_q <= '0;
    end else begin
      head_q  <= head_d;
      tail_q  <= tail_d;
      cnt_q   <= cnt_d;
      pend_q  <= pend_d;
      pport_q <= pport_d;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      for (int b = 0; b < K; b++) begin
        if (pop_i[b]) begin
          assert (cnt_q[b*BNW +: BNW] != '0) else $error("tm_free_list: pop of empty bank %0d", b);
        end
      end
      for (int s = 0; s < K; s++) begin
        if (fa_i[s]) begin
          assert ((32'(fa_head_i[s*CW +: CW]) & (K - 1)) == (32'(fa_tail_i[s*CW +: CW]) & (K - 1)))
            else $error(
              "tm_free_list: stage F append slot %0d head %0d and tail %0d in different banks",
              s, fa_head_i[s*CW +: CW], fa_tail_i[s*CW +: CW]);
        end
      end
      assert (!over_budget)
        else $error("tm_free_list: more than K=%0d cp_mem writes in one cycle", K);
    end
  end
`endif

endmodule
