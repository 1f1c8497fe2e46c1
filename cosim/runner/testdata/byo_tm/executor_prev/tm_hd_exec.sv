// tm_hd_exec of the timing before the executor's pipeline (2026-12-05),
// written a second time from docs/executor.md and docs/tm.md ("The
// head-drop executor's lanes") and coded differently from the project's
// module of that time:
//   - the grant is taken in one expression, with no separate idle signal;
//   - each lane is a generate block with its own unpacked entry arrays,
//     indexed by a write and a read pointer with a wrap bit (the fill is
//     their difference), left out of reset (only written entries are read);
//   - stage G first computes every lane's front and its port needs, then
//     grants the ports lane by lane in one loop, then each lane updates
//     itself from its grant.
// Same parameters and ports as the project's module (those of issue 29
// cpdown: the ports counted from the top), its cycle behaviour
// before the pipeline: it frees an unlinked packet's first cells a cycle
// earlier than today's tm_hd_exec (no stage A register), and a lane that
// does not go leaves its ports to the lanes after it, so TestReplaceInTM
// shows the TM's check failing on it (free_o). The executor of today's
// timing coded differently is ../executor_alt.
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
  localparam int WW  = $clog2(K + 1);
  localparam int LD  = 4;            // entries per lane (hw/tm HDLaneDepth)
  localparam int PW  = 3;            // lane pointer: 2 index bits and a wrap bit
  localparam int FW  = LW + WW;

  // ---- taking the grant (the policy's choice is tm_hd_choice's) ----
  logic room;
  assign take_o      = pd_free_i & room;
  assign pd_rd_o     = gnt_valid_i & pd_free_i & room;
  assign pd_rd_qid_o = gnt_idx_i;

  // ---- the unlink: sub-list s goes to the lane of its bank ----
  logic [LW-1:0]   n_cells;
  logic [K*CW-1:0] heads, tails;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [SW-1:0]   serial;
  /* verilator lint_on UNUSEDSIGNAL */
  assign {serial, n_cells, heads, tails} = unl_body_i;

  logic [K-1:0]    in_v;
  logic [K*CW-1:0] in_cur, in_tail;
  logic [K*LW-1:0] in_left;
  always @* begin
    in_v    = '0;
    in_cur  = '0;
    in_tail = '0;
    in_left = '0;
    if (unl_i) begin
      for (int s = 0; s < K; s++) begin
        if (32'(s) < 32'(n_cells)) begin
          in_v[32'(heads[s*CW +: CW]) % K]            = 1'b1;
          in_cur[(32'(heads[s*CW +: CW]) % K)*CW +: CW]  = heads[s*CW +: CW];
          in_tail[(32'(heads[s*CW +: CW]) % K)*CW +: CW] = tails[s*CW +: CW];
          in_left[(32'(heads[s*CW +: CW]) % K)*LW +: LW] = LW'((32'(n_cells) - s + K - 1) / K);
        end
      end
    end
  end

  // ---- the lanes: fronts, port needs, grants ----
  logic [K-1:0]    has, full, wneed, rneed, go;
  logic [K*CW-1:0] f_cur, f_tail;
  logic [K*LW-1:0] f_left;
  logic [K*RW-1:0] f_port;       // the read port a going lane's link read takes
  logic [K-1:0]    busy_l;

  for (genvar b = 0; b < K; b++) begin : g_lane
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
    assign busy_l[b] = fill != '0;
    assign full[b]   = 32'(fill) + 32'(in_v[b]) >= LD;
    assign has[b]    = fill != '0 || in_v[b];

    always @* begin
      if (fill != '0) begin
        f_cur[b*CW +: CW]  = fwd_q ? cp_rd_data_i[32'(fport_q)*CW +: CW] : cur_m[ri];
        f_tail[b*CW +: CW] = tail_m[ri];
        f_left[b*LW +: LW] = left_m[ri];
      end else begin
        f_cur[b*CW +: CW]  = in_cur[b*CW +: CW];
        f_tail[b*CW +: CW] = in_tail[b*CW +: CW];
        f_left[b*LW +: LW] = in_left[b*LW +: LW];
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
        if (in_v[b]) wp_q <= wp_q + PW'(1);
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

    // The entry arrays: the push at the write pointer, then the front's
    // update (which wins when the pushed entry is the front).
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        if (in_v[b]) begin
          cur_m[wi]  <= in_cur[b*CW +: CW];
          tail_m[wi] <= in_tail[b*CW +: CW];
          left_m[wi] <= in_left[b*LW +: LW];
        end
        if (has[b] && go[b] && rneed[b]) begin
          left_m[ri] <= f_left[b*LW +: LW] - LW'(1);
        end else if (has[b] && !go[b]) begin
          cur_m[ri] <= f_cur[b*CW +: CW];
        end
      end
    end
  end

  assign room   = full == '0;
  assign busy_o = busy_l != '0;

  // Grants: lanes in bank order, each taking one write unless its bank is
  // empty and one read if its sub-list goes on, on the ports from the
  // last down; one that does not fit is skipped (and holds no front for
  // the free list's count of write ports: ga_hold_o is ga_o).
  always @* begin
    int w, r, p;
    w      = K - 32'(f_wr_n_i);
    r      = 32'(rd_left_i) - 32'(rd_deq_i);
    p      = 2 * K - 1;
    go     = '0;
    f_port = '0;
    for (int b = 0; b < K; b++) begin
      if (has[b] && (!wneed[b] || w > 0) && (!rneed[b] || r > 0)) begin
        go[b] = 1'b1;
        if (wneed[b]) w = w - 1;
        if (rneed[b]) begin
          f_port[b*RW +: RW] = RW'(p);
          p = p - 1;
          r = r - 1;
        end
      end
    end
  end

  always @* begin
    ga_o         = go;
    ga_hold_o    = go;
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
          rd_n_o                                      = rd_n_o + RW'(1);
        end
      end
    end
  end
endmodule
