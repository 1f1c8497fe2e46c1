// tm_hd_exec written a second time, from docs/tm.md ("The head-drop
// executor's lanes", "The executor's pipeline") and docs/executor.md, coded
// differently from verilog/tm_hd_exec.sv, as the correct executor of
// TestReplaceInTM (--block executor must match hw/tm with it):
//   - the grant is taken in one expression, with no separate idle signal;
//   - each lane is a generate block that owns everything of its bank: its
//     stage A register (the "inbox", written by the lane itself from a scan
//     of the unlinked packet's sub-lists for one whose head is in its bank),
//     unpacked entry arrays indexed by a write and a read pointer with a
//     wrap bit (the fill is their difference, entries left out of reset),
//     and its front, read from the arrays (no copy of the front entry);
//   - a sub-list's cell count is ceil((n - s) / K), computed by division;
//   - stage G first computes every lane's front and its port needs, then
//     walks the lanes with two signed budgets (writes, reads) that every
//     lane with work spends, granted or not, then each lane updates itself
//     from its grant; freed_o is a plain sum over the lanes that go.
// Same parameters, ports and cycle behaviour as the project's pipelined
// module (its cell-pointer ports from the top, issue 29 cpdown): the PD
// read in t, the unlink in t+1 (into the inbox), the first
// cells freed in t+2; the grant taken only while every lane can hold one
// more entry beyond its fill and its inbox.
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
  input  logic [$clog2(2 * K + 1)-1:0]                  rd_left_i,
  input  logic [$clog2(2 * K + 1)-1:0]                  rd_deq_i,
  input  logic [$clog2(K + 1)-1:0]                      f_wr_n_i,
  input  logic [K-1:0]                                  ne_f_i,
  output logic [2*K-1:0]                                cp_rd_en_o,
  output logic [2*K-1:0]                                cp_rd_ask_o,
  output logic [2*K*((B > 1) ? $clog2(B) : 1)-1:0]      cp_rd_addr_o,
  output logic [$clog2(2 * K + 1)-1:0]                  rd_n_o,
  output logic [K-1:0]                                  ga_o,
  output logic [K-1:0]                                  ga_hold_o,
  output logic [K*((B > 1) ? $clog2(B) : 1)-1:0]        ga_head_o,
  output logic [K*((B > 1) ? $clog2(B) : 1)-1:0]        ga_tail_o,
  output logic [K*$clog2(B + 1)-1:0]                    ga_n_o,
  output logic [LW+$clog2(K + 1)-1:0]                   freed_o,
  output logic                                          busy_o
);
  localparam int CW  = (B > 1) ? $clog2(B) : 1;
  localparam int BNW = $clog2(B + 1);
  localparam int RW  = $clog2(2 * K + 1);
  localparam int LD  = 4;            // entries per lane (hw/tm HDLaneDepth)
  localparam int PW  = 3;            // lane pointer: 2 index bits and a wrap bit
  localparam int FW  = LW + $clog2(K + 1);

  // ---- taking the grant (the policy's choice is tm_hd_choice's) ----
  // A read issued now unlinks next cycle and reaches the lanes the cycle
  // after, behind the inbox and behind this cycle's unlink, whose banks
  // are not looked at here: it is counted on every lane.
  logic [K-1:0] roomy;
  assign take_o      = pd_free_i & (&roomy);
  assign pd_rd_o     = gnt_valid_i & pd_free_i & (&roomy);
  assign pd_rd_qid_o = gnt_idx_i;

  // ---- the unlinked PD ----
  logic [LW-1:0]   n_cells;
  logic [K*CW-1:0] heads, tails;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [SW-1:0]   serial;
  /* verilator lint_on UNUSEDSIGNAL */
  assign {serial, n_cells, heads, tails} = unl_body_i;

  // ---- the lanes: inbox, entries, fronts ----
  logic [K-1:0]    has, wneed, rneed, go;
  logic [K*CW-1:0] f_cur, f_tail;
  logic [K*LW-1:0] f_left;
  logic [K*RW-1:0] f_port;       // the read port a going lane's link read takes
  logic [K-1:0]    busy_l;

  for (genvar b = 0; b < K; b++) begin : g_lane
    // The inbox: the sub-list of bank b of last cycle's unlink.
    logic          ib_v_q;
    logic [CW-1:0] ib_cur_q, ib_tail_q;
    logic [LW-1:0] ib_left_q;
    logic          hit;
    logic [CW-1:0] hit_cur, hit_tail;
    logic [LW-1:0] hit_left;

    always @* begin
      hit      = 1'b0;
      hit_cur  = '0;
      hit_tail = '0;
      hit_left = '0;
      for (int s = 0; s < K; s++) begin
        if (unl_i && 32'(s) < 32'(n_cells) && 32'(heads[s*CW +: CW]) % K == b) begin
          hit      = 1'b1;
          hit_cur  = heads[s*CW +: CW];
          hit_tail = tails[s*CW +: CW];
          hit_left = LW'((32'(n_cells) - s + K - 1) / K);
        end
      end
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) ib_v_q <= 1'b0;
      else         ib_v_q <= hit;
    end
    always_ff @(posedge clk_i) begin
      ib_cur_q  <= hit_cur;
      ib_tail_q <= hit_tail;
      ib_left_q <= hit_left;
    end

    logic [CW-1:0] cur_m  [LD];
    logic [CW-1:0] tail_m [LD];
    logic [LW-1:0] left_m [LD];
    logic [PW-1:0] wp_q, rp_q;
    logic          fwd_q;        // the front's cell is last cycle's link read
    logic [RW-1:0] fport_q;      // ... on this port
    logic [PW-1:0] fill;
    logic [1:0]    ri, wi;

    assign fill      = wp_q - rp_q;
    assign ri        = rp_q[1:0];
    assign wi        = wp_q[1:0];
    assign busy_l[b] = fill != '0 || ib_v_q;
    assign roomy[b]  = 32'(fill) + 32'(ib_v_q) + 32'(unl_i) < LD;
    assign has[b]    = fill != '0 || ib_v_q;

    always @* begin
      if (fill != '0) begin
        f_cur[b*CW +: CW]  = fwd_q ? cp_rd_data_i[32'(fport_q)*CW +: CW] : cur_m[ri];
        f_tail[b*CW +: CW] = tail_m[ri];
        f_left[b*LW +: LW] = left_m[ri];
      end else begin
        f_cur[b*CW +: CW]  = ib_cur_q;
        f_tail[b*CW +: CW] = ib_tail_q;
        f_left[b*LW +: LW] = ib_left_q;
      end
    end
    assign wneed[b] = ne_f_i[b];
    /* verilator lint_off CMPCONST */
    assign rneed[b] = !chain_i && 32'(f_left[b*LW +: LW]) > 1;
    /* verilator lint_on CMPCONST */

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        wp_q    <= '0;
        rp_q    <= '0;
        fwd_q   <= 1'b0;
        fport_q <= '0;
      end else begin
        if (ib_v_q) wp_q <= wp_q + PW'(1);
        if (has[b] && go[b] && !rneed[b]) begin
          rp_q  <= rp_q + PW'(1);          // the front's sub-list is done
          fwd_q <= 1'b0;
        end else if (has[b] && go[b]) begin
          fwd_q   <= 1'b1;                 // its next cell comes from this read
          fport_q <= f_port[b*RW +: RW];
        end else if (has[b]) begin
          fwd_q <= 1'b0;                   // blocked: the entry keeps its cell
        end
      end
    end

    // The entry arrays: the inbox at the write pointer, then the front's
    // update (which wins when the inbox's entry is the front).
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (ib_v_q) begin
          cur_m[wi]  <= ib_cur_q;
          tail_m[wi] <= ib_tail_q;
          left_m[wi] <= ib_left_q;
        end
        if (has[b] && go[b] && rneed[b]) begin
          left_m[ri] <= f_left[b*LW +: LW] - LW'(1);
        end else if (has[b] && !go[b]) begin
          cur_m[ri] <= f_cur[b*CW +: CW];
        end
      end
    end

`ifndef SYNTHESIS
    always @(posedge clk_i) begin
      if (rst_ni && ib_v_q) begin
        assert (32'(fill) < LD) else $error("tm_hd_exec: lane %0d overflows", b);
      end
    end
`endif
  end

  assign busy_o = busy_l != '0;

  // Grants: lanes in bank order. Every lane with work spends a write
  // (unless its bank is empty) and a read (if its sub-list goes on) from
  // the budgets, whether it goes or not; it goes when both budgets were
  // still positive before it. Its read port is the last one less the
  // reads spent before it, so a lane's decision needs no other lane's;
  // every lane with work holds a front (ga_hold_o), so the free list
  // counts its write's port too.
  always @* begin
    int w, r, p;
    w      = K - 32'(f_wr_n_i);
    r      = 32'(rd_left_i) - 32'(rd_deq_i);
    p      = 2 * K - 1;
    go     = '0;
    f_port = '0;
    for (int b = 0; b < K; b++) begin
      if (has[b]) begin
        go[b]              = (!wneed[b] || w > 0) && (!rneed[b] || r > 0);
        f_port[b*RW +: RW] = RW'(p);
        if (wneed[b]) w = w - 1;
        if (rneed[b]) begin
          p = p - 1;
          r = r - 1;
        end
      end
    end
  end

  always @* begin
    ga_o         = go;
    ga_hold_o    = has;
    ga_head_o    = '0;
    ga_tail_o    = '0;
    ga_n_o       = '0;
    freed_o      = '0;
    cp_rd_en_o   = '0;
    cp_rd_ask_o  = '0;
    cp_rd_addr_o = '0;
    rd_n_o       = '0;
    for (int b = 0; b < K; b++) begin
      if (go[b]) begin
        ga_head_o[b*CW +: CW] = f_cur[b*CW +: CW];
        ga_tail_o[b*CW +: CW] = chain_i ? f_tail[b*CW +: CW] : f_cur[b*CW +: CW];
        ga_n_o[b*BNW +: BNW]  = chain_i ? BNW'(f_left[b*LW +: LW]) : BNW'(1);
        freed_o               = freed_o + (chain_i ? FW'(f_left[b*LW +: LW]) : FW'(1));
        if (rneed[b]) begin
          cp_rd_en_o[32'(f_port[b*RW +: RW])]            = 1'b1;
          cp_rd_ask_o[32'(f_port[b*RW +: RW])]           = 1'b1;
          cp_rd_addr_o[32'(f_port[b*RW +: RW])*CW +: CW] = f_cur[b*CW +: CW];
          rd_n_o                                         = rd_n_o + RW'(1);
        end
      end
    end
  end
endmodule
