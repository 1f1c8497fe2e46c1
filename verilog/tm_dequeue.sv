// tm_dequeue: the traffic manager's dequeue pipeline after the PD read
// (hw/tm stages A, B and F: unlinkStage's dequeue half, deqRound, deqFree).
//
// Parameters
//   N (1..256, default 64) queues; P (1..32, default 8) ports; B (1..65535,
//   default 16384) cells; K (1, 2, 4, 8, default 4) sub-lists; LW (1..13,
//   default 7) cell-count width; SW (1..32, default 16) serial bits.
//   Derived: IW = max(1, clog2(N)), PW = max(1, clog2(P)), CW = max(1,
//   clog2(B)), BNW = clog2(B+1), BW = SW+LW+2K*CW (PD body), JD = 4 jobs.
//
// Ports
//   chain_i              free mode chain (1) or per cell (0)
//   unl_i, unl_qid_i, unl_port_i, unl_body_i   the dequeue's head-PD read
//                        returns: the packet enters the job FIFO (stage A)
//   cp_rd_data_i [K*CW]  cp_mem read ports 0..K-1 (the chase's, latency 1)
//   cp_rd_en_o [K], cp_rd_addr_o [K*CW]  comb: this round's link reads on
//                        cp_mem ports 0..K-1 (slot s on port s)
//   cd_rd_en_o [K], cd_rd_addr_o [K*CW]  comb: this round's data reads
//   rd_n_o, cd_n_o       comb: their counts
//   fa_o [K], fa_head_o, fa_tail_o [K*CW], fa_n_o [K*BNW]  registered:
//                        stage F appends to the free list, the frees of the
//                        round of the cycle before (per cell: its cells;
//                        chain: the finished packet's sub-lists); hw/tm
//                        DeqFreeLag = 1
//   freed_o [LW]         registered: cells those appends free
//   pend_i               a PD read is issued this cycle (it unlinks next
//                        cycle): a job on its way, counted by room_o
//   room_o               comb: fewer than JD jobs after this cycle's push and
//                        pop and the pending one, so a grant may be made
//                        (stage C; its PD read follows a cycle later)
//   ret_valid_o, ret_port_o, ret_qid_o, ret_cnt_o   registered: a round ran
//                        last cycle; its cell data are on cd_mem's read ports
//                        0..ret_cnt_o-1 now (read latency 1)
//   busy_o               comb: jobs held after this cycle
//
// Behaviour: the oldest job runs one round per cycle, from its unlink cycle
// on: cells done..done+cnt-1, cnt = min(K, n-done), cell done+s from
// sub-list s; it reads each cell's data and, when its sub-list goes on
// (cell done+s+K exists), its link (mem.SubListRound). Round 0 takes the
// PD's heads, round r the links read in round r-1 (read latency 1, so the
// rounds of a packet are back to back). Per-cell mode frees the round's
// cells; chain mode frees the K sub-lists (head, tail, length from the PD)
// with the last round. The frees are a register (fa_q, fh_q, ft_q, fn_q,
// fd_q; issue 29): a round's frees reach the free list (stage F) and the
// free count in the cycle after the round (hw/tm DeqFreeLag), so no path
// runs from the job FIFO (job_q) into u_fl's counts, u_hd's lanes (ne_f_i,
// wr_left_i) or the cp_mem write ports: 12 LUT6 levels flat at the small
// set before (u_deq.job_q -> cp_rd_o, -> u_fl.cnt_q), from the register
// after. The port budgets never stop a round (the dequeue comes first on
// every port).
// Hazards of the registered frees (docs/tm.md, "The dequeue's frees are a
// register"): a cell freed by the round of t joins its bank in t+1, so an
// enqueue pops it in t+2 at the earliest (t+1 before); its data and link
// were read in t, so it is never reused before they are read; its own
// cp_mem word is written only once it is its bank's tail and another cell
// is appended, t+2 at the earliest. A head drop's lanes in t+1 see the
// bank with these appends (ne_f_o after stage F), as they saw them in t.
// Latency: a PD read in t unlinks and runs round 0 in t+1 when the job
// FIFO is empty; a packet's data reach the egress one cycle after each
// round; a round's frees land a cycle after it (the chain-mode free a
// cycle after the last round).
// Corner cases: a one-round packet (n <= K) reads no link; a job unlinked
// while another is in its rounds waits in the FIFO (up to JD jobs).
// Assertions (`ifndef SYNTHESIS): no push into a full job FIFO.
`include "occamy_checks.svh"

module tm_dequeue #(
  parameter int  N   = 64,
  parameter int  P   = 8,
  parameter int  B   = 16384,
  parameter int  K   = 4,
  parameter int  LW  = 7,
  parameter int  SW  = 16,
  // Derived, not to be set:
  localparam int IW  = (N > 1) ? $clog2(N) : 1,  // queue index
  localparam int PW  = (P > 1) ? $clog2(P) : 1,  // port index
  localparam int CW  = (B > 1) ? $clog2(B) : 1,  // cell index
  localparam int BNW = $clog2(B + 1),            // cell count
  localparam int BW  = SW + LW + 2 * K * CW,     // PD body {serial, cells, K heads, K tails}
  localparam int WW  = $clog2(K + 1)             // a count 0..K (ports, cells of a round)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             chain_i,
  input  logic             unl_i,
  input  logic             pend_i,
  input  logic [IW-1:0]    unl_qid_i,
  input  logic [PW-1:0]    unl_port_i,
  input  logic [BW-1:0]    unl_body_i,
  input  logic [K*CW-1:0]  cp_rd_data_i,
  output logic [K-1:0]     cp_rd_en_o,
  output logic [K*CW-1:0]  cp_rd_addr_o,
  output logic [K-1:0]     cd_rd_en_o,
  output logic [K*CW-1:0]  cd_rd_addr_o,
  output logic [WW-1:0]    rd_n_o,
  output logic [WW-1:0]    cd_n_o,
  output logic [K-1:0]     fa_o,
  output logic [K*CW-1:0]  fa_head_o,
  output logic [K*CW-1:0]  fa_tail_o,
  output logic [K*BNW-1:0] fa_n_o,
  output logic [LW-1:0]    freed_o,
  output logic             room_o,
  output logic             ret_valid_o,
  output logic [PW-1:0]    ret_port_o,
  output logic [IW-1:0]    ret_qid_o,
  output logic [WW-1:0]    ret_cnt_o,
  output logic             busy_o
);

  localparam int JW  = IW + PW + BW;  // a job: {qid, port, body}
  localparam int JD  = 4;

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK(g_bad_k, K != 1 && K != 2 && K != 4 && K != 8,
      $fatal(1, "tm_dequeue: parameter K=%0d out of range, allowed 1, 2, 4, 8", K))
  `OCCAMY_CHECKS_END

  logic [JD*JW-1:0] job_q, job_d;
  logic [1:0]       dh_q, dh_d;
  logic [2:0]       dn_q, dn_d, dn_a;
  // Derived registers (the round's depth, no cycle moved): the front job's
  // cells left (n - done) and whether it is at round 0 (done == 0), both
  // meaningful while dn_q != 0; emp_q is dn_q == 0.
  logic [LW-1:0]    l_q, l_d;
  logic             d0_q, d0_d;
  logic             emp_q;
  logic             rv_q, rv_d;
  logic [PW-1:0]    rp_q, rp_d;
  logic [IW-1:0]    rq_q, rq_d;
  logic [WW-1:0]    rc_q, rc_d;

  logic [JW-1:0]    unl_job, job;

  /* verilator lint_off UNUSEDSIGNAL */
  logic [SW-1:0]    ser;  // the cell tags carry it; the dequeue does not check them
  /* verilator lint_on UNUSEDSIGNAL */
  logic [LW-1:0]    n, cnt, rds, left, nh;
  logic [K*CW-1:0]  heads, tails;
  logic             run, fin;

  // Entry i of the job FIFO, as two levels of 2:1 muxes on the bits of i.
  // The indexed part-select job_q[i*JW +: JW] put i*JW, a multiply-add to
  // Yosys 0.23, before the select.
  function automatic logic [JW-1:0] job_at(input logic [JD*JW-1:0] v, input logic [1:0] i);
    logic [JW-1:0] lo, hi;
    lo     = i[0] ? v[JW +: JW] : v[0 +: JW];
    hi     = i[0] ? v[3*JW +: JW] : v[2*JW +: JW];
    job_at = i[1] ? hi : lo;
  endfunction

  assign unl_job = {unl_qid_i, unl_port_i, unl_body_i};
  assign dn_a    = dn_q + 3'(unl_i);
  assign run     = dn_a != '0;
  assign job     = emp_q ? unl_job : job_at(job_q, dh_q);
  assign {ser, n, heads, tails} = job[BW-1:0];
  assign left    = emp_q ? unl_body_i[2*K*CW +: LW] : l_q;
  assign cnt     = run ? ((32'(left) < K) ? left : LW'(K)) : '0;
  // Constant when MAXPKT <= K (then no round reads a link).
  /* verilator lint_off CMPCONST */
  assign rds     = (32'(left) > K) ? (((32'(left) - K) < K) ? LW'(32'(left) - K) : LW'(K)) : '0;
  /* verilator lint_on CMPCONST */
  assign fin     = run && (32'(left) <= K);  // done + cnt == n

  // The round's frees, registered into fa_q.. (the outputs fa_*, freed_o).
  logic [K-1:0]     fa_d, fa_q;
  logic [K*CW-1:0]  fh_d, fh_q, ft_d, ft_q;
  logic [K*BNW-1:0] fn_d, fn_q;
  logic [LW-1:0]    fd_d, fd_q;

  always @* begin
    logic [CW-1:0] cur;
    cp_rd_en_o   = '0;
    cp_rd_addr_o = '0;
    cd_rd_en_o   = '0;
    cd_rd_addr_o = '0;
    fa_d         = '0;
    fh_d         = '0;
    ft_d         = '0;
    fn_d         = '0;
    fd_d         = '0;
    for (int s = 0; s < K; s++) begin
      cur = (emp_q || d0_q) ? heads[s*CW +: CW] : cp_rd_data_i[s*CW +: CW];
      if (32'(s) < 32'(cnt)) begin
        cd_rd_en_o[s]            = 1'b1;
        cd_rd_addr_o[s*CW +: CW] = cur;
        // rds is constant 0 when MAXPKT <= K.
        /* verilator lint_off UNSIGNED */
        if (run && 32'(s) < 32'(rds)) begin
          /* verilator lint_on UNSIGNED */
          cp_rd_en_o[s]            = 1'b1;
          cp_rd_addr_o[s*CW +: CW] = cur;
        end
        if (!chain_i) begin
          fa_d[s]            = 1'b1;
          fh_d[s*CW +: CW]   = cur;
          ft_d[s*CW +: CW]   = cur;
          fn_d[s*BNW +: BNW] = BNW'(1);
        end
      end
      if (chain_i && fin && 32'(s) < 32'(n)) begin
        fa_d[s]            = 1'b1;
        fh_d[s*CW +: CW]   = heads[s*CW +: CW];
        ft_d[s*CW +: CW]   = tails[s*CW +: CW];
        fn_d[s*BNW +: BNW] = BNW'((32'(n) - s + K - 1) / K);
      end
    end
    if (!chain_i) fd_d = cnt;
    else if (fin) fd_d = n;
  end

  assign fa_o      = fa_q;
  assign fa_head_o = fh_q;
  assign fa_tail_o = ft_q;
  assign fa_n_o    = fn_q;
  assign freed_o   = fd_q;

  assign rd_n_o = run ? WW'(rds) : '0;
  assign cd_n_o = WW'(cnt);

  logic [PW-1:0] job_port;
  logic [IW-1:0] job_qid;
  assign job_port = job[BW +: PW];
  assign job_qid  = job[BW+PW +: IW];

  logic [1:0] tl, nx;  // the job FIFO's tail slot and the slot after the front, mod JD
  assign tl = dh_q + dn_q[1:0];
  assign nx = dh_q + 2'd1;
  // The next front's cell count after a fin (job_d's slot nx).
  /* verilator lint_off UNUSEDSIGNAL */
  logic [JW-1:0] nx_job;  // its cell count only
  /* verilator lint_on UNUSEDSIGNAL */
  assign nx_job = job_at(job_q, nx);
  assign nh = (unl_i && tl == nx) ? unl_body_i[2*K*CW +: LW] : nx_job[2*K*CW +: LW];

  always @* begin
    job_d = job_q;
    if (unl_i) job_d[32'(tl)*JW +: JW] = unl_job;
    dh_d   = dh_q + 2'(fin);
    dn_d   = dn_a - 3'(fin);
    l_d    = fin ? nh : left - LW'(K);  // not fin: cnt == K
    d0_d   = fin;
    rv_d   = run;
    rp_d   = job_port;
    rq_d   = job_qid;
    rc_d   = WW'(cnt);
  end

  assign room_o      = (dn_d + 3'(pend_i)) < 3'(JD);
  assign busy_o      = dn_d != '0;
  assign ret_valid_o = rv_q;
  assign ret_port_o  = rp_q;
  assign ret_qid_o   = rq_q;
  assign ret_cnt_o   = rc_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      job_q  <= '0;
      dh_q   <= '0;
      dn_q   <= '0;
      l_q    <= '0;
      d0_q   <= 1'b0;
      emp_q  <= 1'b1;
      rv_q   <= 1'b0;
      rp_q   <= '0;
      rq_q   <= '0;
      rc_q   <= '0;
      fa_q   <= '0;
      fh_q   <= '0;
      ft_q   <= '0;
      fn_q   <= '0;
      fd_q   <= '0;
    end else begin
      job_q  <= job_d;
      dh_q   <= dh_d;
      dn_q   <= dn_d;
      l_q    <= l_d;
      d0_q   <= d0_d;
      emp_q  <= dn_d == '0;
      rv_q   <= rv_d;
      rp_q   <= rp_d;
      rq_q   <= rq_d;
      rc_q   <= rc_d;
      fa_q   <= fa_d;
      fh_q   <= fh_d;
      ft_q   <= ft_d;
      fn_q   <= fn_d;
      fd_q   <= fd_d;
    end
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (unl_i) begin
        assert (dn_q < 3'(JD)) else $error("tm_dequeue: job FIFO full at an unlink");
      end
    end
  end
`endif

endmodule
