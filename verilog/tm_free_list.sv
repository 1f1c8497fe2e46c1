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
// appends on write ports 0.., the head drop's from K-1 down.
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
//                        (one cell: head = tail, n = 1; n >= 1); slots of
//                        distinct banks
//   ne_f_o [K]           comb: bank b holds a cell after the pops and the stage
//                        F appends (its count then is not 0), from the derived
//                        registers emp_q/one_q, pop_i and the stage F pick only
//   f_wr_n_o [WW]        comb: cp_mem writes of stage F (appends to non-empty banks)
//   ga_hold_i [K]        the executor's lane b holds a front: it asks for a
//                        write when bank b is not empty after stage F
//   ga_i, ga_head_i, ga_tail_i, ga_n_i   stage G appends: slot b is a chain
//                        of bank b (the executor's lane b), n >= 1 cells;
//                        head, tail and n are don't-care while ga_hold_i[b]
//                        is 0 (ga_i is within ga_hold_i)
//   wr_en_o [K]          comb: cp_mem writes, stage F's on ports 0.., stage
//                        G's on the ports its asks take from K-1 down (a port
//                        asked for by a lane that does not go stays idle)
//   wr_ask_o [K], wr_addr_o, wr_data_o [K*CW]   comb: the ports stage F
//                        writes and those stage G's asks take where stage F
//                        leaves them, and their words, whether the lane goes
//                        or not (0 elsewhere; wr_en_o is within wr_ask_o):
//                        no lane's decision on the address and data
//   wr_n_o [WW]          comb: all cp_mem writes
//
// Behaviour per bank, in this order within a cycle: pop (a read of the
// head's link when the bank holds more than one cell; the next head is the
// read's data next cycle), then the stage F append, then the stage G
// append: into an empty bank the chain becomes the list with no write,
// otherwise the then tail's link is written with the chain's head.
// Latency: read latency 1, so a bank can pop every cycle.
// Depth (issue 29): the read and write ports are picked by one-hot selects
// and AND-OR trees, not a running port number; the port of a link read in
// flight is one-hot (psel_q); hq_q holds the head only while it is known
// and the bank not empty (else 0), so head_o is one AND-OR; emp_q and
// one_q are derived registers (cnt_q == 0, cnt_q == 1), so no count
// compare sits before the port selects: 17 LUT6 levels at the defaults
// before, 8 after (the module alone, Yosys 0.23; the count's adder is the
// deepest path now). The executor reads only whether a bank is empty after
// stage F (ne_f_o, one bit: c1z and fz below), not the count after stage F
// (an adder and its zero test; issue 29, flcut): the count's adder ends at
// cnt_q only, so the dequeue's free register (u_deq.fh_q) reaches the
// executor's lanes through the bank pick and two gates. Stage G has no
// bank pick (issue 29, flg): its slot b is bank b, and its head, tail and
// count may be driven whether or not the lane goes, so the count's add
// (cnt_f + ga_n_i) runs beside the lanes' decision and ga_i only selects
// it: u_fl.cnt_q 13 -> 8 LUT6 levels cut from the flat TM at the defaults.
// Reset: bank b holds b, b+K, b+2K, ... (cp_mem's INIT_STRIDE = K threads them).
// Assertions (`ifndef SYNTHESIS): no pop of an empty bank; an append's
// cells are of its bank (stage G's slot b: bank b); a stage G append has
// a cell, and so has a stage F append; a stage G write's port is one its
// ask took and stage F leaves; ne_f_o is the count after stage F not 0.
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
  output logic [K-1:0]       ne_f_o,
  output logic [WW-1:0]      f_wr_n_o,
  input  logic [K-1:0]       ga_hold_i,
  input  logic [K-1:0]       ga_i,
  input  logic [K*CW-1:0]    ga_head_i,
  input  logic [K*CW-1:0]    ga_tail_i,
  input  logic [K*BNW-1:0]   ga_n_i,
  output logic [K-1:0]       wr_en_o,
  output logic [K-1:0]       wr_ask_o,
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

  // Registers. hq_q is a bank's head when it is known and the bank holds
  // a cell, else 0 (a link read in flight names the head: psel_q); psel_q
  // is one-hot, the cp_mem read port that returns the next head of a bank
  // that popped with a link read last cycle (all 0 when none). emp_q and
  // one_q are derived: cnt_q == 0 and cnt_q == 1, kept a cycle ahead so
  // that no 15-bit compare sits on the pop and write port selects
  // (issue 29: 17 LUT6 levels at the defaults before, the binary port
  // number and the counts' compares chained through the port numbering).
  logic [K*CW-1:0]   hq_q, hq_d, tail_q, tail_d;
  logic [K*BNW-1:0]  cnt_q, cnt_d;
  logic [2*K*K-1:0]  psel_q, psel_d;
  logic [K-1:0]      emp_q, emp_d, one_q, one_d;

  // Each bank's slot of the stage F appends (distinct banks), an AND-OR
  // over the slots, under "some slot appends" so that a simulator
  // skips it in a cycle without appends (0 then either way; 8 LUT6 levels
  // at the defaults as without). Stage G's slot b is bank b's: no pick, and
  // its head, tail and count are read only under gb (gz, g1, gw, the count's
  // select, the head and tail selects).
  logic [K-1:0]     fb, gb;
  logic [K*CW-1:0]  fh, ft, gh, gt;
  logic [K*BNW-1:0] fn, gn;

  for (genvar b = 0; b < K; b++) begin : g_bank
    always @* begin
      logic [2*K*CW-1:0] rd;
      logic [CW-1:0]     h;
      rd = rd_data_i;
      h  = hq_q[b*CW +: CW];
      for (int p = 0; p < 2 * K; p++) begin
        if (psel_q[b*2*K + p]) h = h | rd[p*CW +: CW];
      end
      head_o[b*CW +: CW] = h;
    end
    always @* begin
      logic           m, v;
      logic [CW-1:0]  h, t;
      logic [BNW-1:0] n;
      m = 1'b0; v = 1'b0; h = '0; t = '0; n = '0;
      if (fa_i != '0) begin
        for (int s = 0; s < K; s++) begin
          m = fa_i[s] && (32'(fa_head_i[s*CW +: CW]) & (K - 1)) == b;
          v = v | m;
          h = h | ({CW{m}} & fa_head_i[s*CW +: CW]);
          t = t | ({CW{m}} & fa_tail_i[s*CW +: CW]);
          n = n | ({BNW{m}} & fa_n_i[s*BNW +: BNW]);
        end
      end
      fb[b]            = v;
      fh[b*CW +: CW]   = h;
      ft[b*CW +: CW]   = t;
      fn[b*BNW +: BNW] = n;
    end
    // Stage G: slot b is bank b's chain (the executor's lane b); its
    // head, tail and count are don't-care while ga_i[b] is 0.
    assign gb[b]            = ga_i[b];
    assign gh[b*CW +: CW]   = ga_head_i[b*CW +: CW];
    assign gt[b*CW +: CW]   = ga_tail_i[b*CW +: CW];
    assign gn[b*BNW +: BNW] = ga_n_i[b*BNW +: BNW];
  end

  // Per bank, from the registers and the pops: the pop reads a link (the
  // bank held more than one cell); the count after the pop is 0 (c1z) or
  // 1 (c1o); after stage F it is 0 (cfz); the writes of stage F (fw) and
  // stage G (gw: not into an empty bank). Stage F's and stage G's logic
  // are separate processes: stage G's inputs depend on stage F's outputs
  // through tm_hd_exec (f_wr_n_o, ne_f_o), so one process for both would
  // be a combinational loop to Verilator (UNOPTFLAT).
  logic [K-1:0] popr, c1z, c1o, fz, f1, gz, g1, cfz, fw, gw;
  logic [K*BNW-1:0] cnt_f;  // the counts after the pops and stage F (to cnt_q only)
  always @* begin
    for (int b = 0; b < K; b++) begin
      popr[b] = pop_i[b] && !emp_q[b] && !one_q[b];
      c1z[b]  = (emp_q[b] && !pop_i[b]) || (one_q[b] && pop_i[b]);
      c1o[b]  = (one_q[b] && !pop_i[b]) || (cnt_q[b*BNW +: BNW] == BNW'(2) && pop_i[b]);
      fz[b]   = !fb[b];  // a stage F append has a cell (asserted): no zero test
      f1[b]   = fb[b] && fn[b*BNW +: BNW] == BNW'(1);
      cfz[b]  = c1z[b] && fz[b];
      fw[b]   = fb[b] && !c1z[b];
      ne_f_o[b] = !cfz[b];
      cnt_f[b*BNW +: BNW] = cnt_q[b*BNW +: BNW] - BNW'(pop_i[b]) + fn[b*BNW +: BNW];
    end
  end
  always @* begin
    for (int b = 0; b < K; b++) begin
      gz[b]    = !gb[b];
      g1[b]    = gb[b] && gn[b*BNW +: BNW] == BNW'(1);
      gw[b]    = gb[b] && !cfz[b];
      emp_d[b] = cfz[b] && gz[b];
      one_d[b] = (c1o[b] && fz[b] && gz[b]) || (c1z[b] && f1[b] && gz[b]) || (cfz[b] && g1[b]);
    end
  end

  // The ports, one-hot per bank: the pops' link reads on pop_port_i.. in
  // bank order, stage F's writes on 0.., stage G's asks from K-1 down in
  // bank order. Depth (issue 29, cpdown): stage G's ports are counted over
  // the asks (ga_hold_i and the bank not empty after stage F), not over
  // the lanes that go, and from the top, not after f_wr_n_o: so a port's
  // address and data come before the executor's decisions, which select
  // only the enable (cp_waddr 10 -> 6 LUT6 levels, cp_wen 9 -> 8, in the
  // flat TM's cones at the defaults). The executor's write fit (f_wr_n_i
  // + its asks before < K) is the ask's port not being stage F's.
  // Simulation cost (the same function and LUT6 levels): each bank's
  // selects are built in a local vector under its enable and written once,
  // and each port's address and data are ORed in a local word, a bank's
  // term under its select, and written once (the Verilated model did a
  // read-modify-write of the wide vectors per bank and port, and skips an
  // unselected term now). The bank picks above stay AND-OR: with the terms
  // under `if (m)` Yosys 0.23 chains the muxes, 9 levels at the defaults.
  logic [2*K*K-1:0] rsel;      // [b*2K + p]: bank b's pop reads on port p
  logic [K*K-1:0]   fsel, gsel;  // [b*K + p]: bank b's stage F / G write on port p
  logic [K*K-1:0]   gpos;        // [b*K + p]: bank b's stage G ask takes port p
  logic [K-1:0]     gask;        // bank b's lane asks for a write
  always @* begin
    int rp, wp;
    logic [2*K-1:0] rs;
    logic [K-1:0]   fs;
    rp   = 32'(pop_port_i);
    wp   = 0;
    for (int b = 0; b < K; b++) begin
      rs = '0;
      fs = '0;
      if (popr[b]) begin
        for (int p = 0; p < 2 * K; p++) rs[p] = rp == p;
      end
      if (fw[b]) begin
        for (int p = 0; p < K; p++) fs[p] = wp == p;
      end
      rsel[b*2*K +: 2*K] = rs;
      fsel[b*K +: K]     = fs;
      rp = rp + 32'(popr[b]);
      wp = wp + 32'(fw[b]);
    end
    pop_rd_n_o = RW'(rp - 32'(pop_port_i));
    f_wr_n_o   = WW'(wp);
  end
  always @* begin
    int gp;
    logic [K-1:0] gs;
    logic [WW-1:0] n;
    gp = K - 1;
    n  = f_wr_n_o;
    for (int b = 0; b < K; b++) begin
      gask[b] = ga_hold_i[b] && !cfz[b];
      gs = '0;
      if (gask[b]) begin
        for (int p = 0; p < K; p++) gs[p] = gp == p;
      end
      gpos[b*K +: K] = gs;
      gsel[b*K +: K] = gw[b] ? gs : '0;
      gp = gp - 32'(gask[b]);
      n  = n + WW'(gw[b]);
    end
    wr_n_o = n;
  end

  // The reads and writes: AND-OR of the one-hot selects.
  logic [K*CW-1:0] tail_f;  // after stage F
  always @* begin
    logic          e;
    logic [CW-1:0] a;
    for (int p = 0; p < 2 * K; p++) begin
      e = 1'b0;
      a = '0;
      for (int b = 0; b < K; b++) begin
        if (rsel[b*2*K + p]) begin
          e = 1'b1;
          a = a | head_o[b*CW +: CW];
        end
      end
      rd_en_o[p]            = e;
      rd_addr_o[p*CW +: CW] = a;
    end
  end
  always @* begin
    logic          e;
    logic [CW-1:0] a, d;
    for (int b = 0; b < K; b++) begin
      tail_f[b*CW +: CW] = fb[b] ? ft[b*CW +: CW] : tail_q[b*CW +: CW];
    end
    // A port stage F writes is its; on the others, stage G's ask's words
    // go out whether the lane goes or not, and its decision the enable.
    for (int p = 0; p < K; p++) begin
      e = 1'b0;
      a = '0;
      d = '0;
      for (int b = 0; b < K; b++) begin
        if (fsel[b*K + p]) begin
          e = 1'b1;
          a = a | tail_q[b*CW +: CW];
          d = d | fh[b*CW +: CW];
        end
      end
      wr_ask_o[p] = e;
      if (!e) begin
        for (int b = 0; b < K; b++) begin
          if (gpos[b*K + p]) begin
            wr_ask_o[p] = 1'b1;
            a = a | tail_f[b*CW +: CW];
            d = d | gh[b*CW +: CW];
          end
          if (gsel[b*K + p]) e = 1'b1;
        end
      end
      wr_en_o[p]            = e;
      wr_addr_o[p*CW +: CW] = a;
      wr_data_o[p*CW +: CW] = d;
    end
  end

  // The next registers.
  always @* begin
    logic [CW-1:0] h;
    for (int b = 0; b < K; b++) begin
      // The add beside the lanes' decision, ga_i selecting it (flg).
      cnt_d[b*BNW +: BNW]   = gb[b] ? cnt_f[b*BNW +: BNW] + gn[b*BNW +: BNW]
                                    : cnt_f[b*BNW +: BNW];
      tail_d[b*CW +: CW]    = gb[b] ? gt[b*CW +: CW] : tail_f[b*CW +: CW];
      h = (gb[b] && cfz[b]) ? gh[b*CW +: CW]
        : (fb[b] && c1z[b]) ? fh[b*CW +: CW]
        : head_o[b*CW +: CW];
      hq_d[b*CW +: CW]      = (emp_d[b] || popr[b]) ? '0 : h;
      for (int p = 0; p < 2 * K; p++) begin
        psel_d[b*2*K + p] = rsel[b*2*K + p];
      end
    end
  end

  assign cnt_o = cnt_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int b = 0; b < K; b++) begin
        hq_q[b*CW +: CW]    <= CW'(b);
        tail_q[b*CW +: CW]  <= CW'(b + K * ((B - 1 - b) / K));
        cnt_q[b*BNW +: BNW] <= BNW'((B - b + K - 1) / K);
        emp_q[b]            <= (B - b + K - 1) / K == 0;
        one_q[b]            <= (B - b + K - 1) / K == 1;
      end
      psel_q <= '0;
    end else begin
      hq_q   <= hq_d;
      tail_q <= tail_d;
      cnt_q  <= cnt_d;
      psel_q <= psel_d;
      emp_q  <= emp_d;
      one_q  <= one_d;
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
          assert (fa_n_i[s*BNW +: BNW] != '0)
            else $error("tm_free_list: stage F slot %0d appends a chain of 0 cells", s);
          assert ((32'(fa_head_i[s*CW +: CW]) & (K - 1)) == (32'(fa_tail_i[s*CW +: CW]) & (K - 1)))
            else $error(
              "tm_free_list: stage F append slot %0d head %0d and tail %0d in different banks",
              s, fa_head_i[s*CW +: CW], fa_tail_i[s*CW +: CW]);
        end
      end
      for (int b = 0; b < K; b++) begin
        if (ga_i[b]) begin
          assert ((32'(ga_head_i[b*CW +: CW]) & (K - 1)) == b
                  && (32'(ga_tail_i[b*CW +: CW]) & (K - 1)) == b)
            else $error("tm_free_list: stage G slot %0d appends head %0d, tail %0d: not bank %0d",
              b, ga_head_i[b*CW +: CW], ga_tail_i[b*CW +: CW], b);
          assert (ga_n_i[b*BNW +: BNW] != '0)
            else $error("tm_free_list: stage G slot %0d appends a chain of 0 cells", b);
        end
        assert (ne_f_o[b] == (cnt_f[b*BNW +: BNW] != '0))
          else $error("tm_free_list: ne_f_o[%0d]=%0d but the count after stage F is %0d",
                      b, ne_f_o[b], cnt_f[b*BNW +: BNW]);
      end
      for (int b = 0; b < K; b++) begin
        if (gw[b]) begin
          assert (ga_hold_i[b])
            else $error("tm_free_list: stage G slot %0d appends but its lane holds no front", b);
          for (int p = 0; p < K; p++) begin
            assert (!(gpos[b*K + p] && 32'(p) < 32'(f_wr_n_o)))
              else $error("tm_free_list: stage G slot %0d writes on port %0d, stage F's", b, p);
          end
          assert (gpos[b*K +: K] != '0)
            else $error("tm_free_list: stage G slot %0d writes, but its ask found no port", b);
        end
      end
    end
  end
`endif

endmodule
