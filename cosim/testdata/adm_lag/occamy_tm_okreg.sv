// occamy_tm_okreg: occamy_tm with its in_ok_o registered one cycle: a
// traffic manager whose admission answers an offer the cycle after it
// (admit latency 1), test data for the scoreboard's admit.latency
// (cosim/runner, TestScoreboardAdmitLatency). occamy_tm decides in the
// offer's cycle and counts the packet in qlen_o and free_o from the next;
// the answer follows a cycle later. Not part of the project's design.
//
// Parameters: occamy_tm's, passed on unchanged.
// Latency: in_ok_o one cycle after in_valid_i (occamy_tm: the same cycle);
// every other output as occamy_tm's.
// Corner cases: the reset clears the registered answer, so an offer made
// in the cycle before a reset is never answered.

module occamy_tm_okreg #(
  parameter int  P      = 8,
  parameter int  Q      = 8,
  parameter int  B      = 16384,
  parameter int  K      = 4,
  parameter int  QW     = 16,
  parameter int  AW     = 4,
  parameter int  MAXPKT = 64,
  parameter int  IN     = 4,
  parameter int  TXWIN  = 16,
  parameter int  SW     = 16,
  parameter int  PUSHOUT_WAIT = 256,
  // Derived, not to be set:
  localparam int N      = P * Q,                   // queues
  localparam int IW     = (N > 1) ? $clog2(N) : 1,  // queue index
  localparam int LW     = $clog2(MAXPKT + 1),       // cells of a packet
  localparam int TW     = SW + LW,                  // cell tag {serial, cell index}
  localparam int RW     = $clog2(2 * K + 1),        // cp_mem reads in a cycle, 0..2K
  localparam int WW     = $clog2(K + 1)             // a count 0..K (writes, reads of K ports)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic [1:0]        cfg_policy_i,
  input  logic              cfg_chain_i,
  input  logic              cfg_drr_i,
  input  logic              cfg_recheck_i,
  input  logic [Q*AW-1:0]   cfg_alpha_i,
  input  logic [Q*16-1:0]   cfg_quantum_i,
  input  logic [10:0]       cfg_r_i,
  input  logic [IN-1:0]     in_valid_i,
  input  logic [IN*IW-1:0]  in_qid_i,
  input  logic [IN*LW-1:0]  in_cells_i,
  output logic [IN-1:0]     in_ok_o,
  output logic [P-1:0]      eg_valid_o,
  output logic [P*IW-1:0]   eg_qid_o,
  output logic [P*TW-1:0]   eg_tag_o,
  output logic              hd_valid_o,
  output logic [IW-1:0]     hd_qid_o,
  output logic [LW-1:0]     hd_cells_o,
  output logic [N*QW-1:0]   qlen_o,
  output logic [QW-1:0]     free_o,
  output logic [QW-1:0]     wait_o,
  output logic              pd_rd_o,
  output logic [1:0]        pd_wr_o,
  output logic [RW-1:0]     cp_rd_o,
  output logic [WW-1:0]     cp_wr_o,
  output logic [WW-1:0]     cd_rd_o,
  output logic [WW-1:0]     cd_wr_o
);

  logic [IN-1:0] ok_d;  // occamy_tm's answer, in the offer's cycle
  logic [IN-1:0] ok_q;  // that answer, a cycle later

  occamy_tm #(
    .P(P),
    .Q(Q),
    .B(B),
    .K(K),
    .QW(QW),
    .AW(AW),
    .MAXPKT(MAXPKT),
    .IN(IN),
    .TXWIN(TXWIN),
    .SW(SW),
    .PUSHOUT_WAIT(PUSHOUT_WAIT)
  ) u_tm (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .cfg_policy_i(cfg_policy_i),
    .cfg_chain_i(cfg_chain_i),
    .cfg_drr_i(cfg_drr_i),
    .cfg_recheck_i(cfg_recheck_i),
    .cfg_alpha_i(cfg_alpha_i),
    .cfg_quantum_i(cfg_quantum_i),
    .cfg_r_i(cfg_r_i),
    .in_valid_i(in_valid_i),
    .in_qid_i(in_qid_i),
    .in_cells_i(in_cells_i),
    .in_ok_o(ok_d),
    .eg_valid_o(eg_valid_o),
    .eg_qid_o(eg_qid_o),
    .eg_tag_o(eg_tag_o),
    .hd_valid_o(hd_valid_o),
    .hd_qid_o(hd_qid_o),
    .hd_cells_o(hd_cells_o),
    .qlen_o(qlen_o),
    .free_o(free_o),
    .wait_o(wait_o),
    .pd_rd_o(pd_rd_o),
    .pd_wr_o(pd_wr_o),
    .cp_rd_o(cp_rd_o),
    .cp_wr_o(cp_wr_o),
    .cd_rd_o(cd_rd_o),
    .cd_wr_o(cd_wr_o)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ok_q <= '0;
    end else begin
      ok_q <= ok_d;
    end
  end

  assign in_ok_o = ok_q;

endmodule
