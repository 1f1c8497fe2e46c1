// alt_tm_sb: alt_tm behind a packet-offer ingress, so that the scoreboard's
// map can drive it (docs/scoreboard.md, "An adapter"). alt_tm takes a
// packet cell by cell through a ready/valid handshake; the scoreboard
// offers whole packets, at most one a cycle. This adapter queues the offers
// and sends each one's cells, one a cycle while in_ready_o is high, each
// cell's data word being its tag {serial, cell index}. Everything else is
// alt_tm's, port for port.
//
// Parameters
//   P, Q, B, MAXPKT, DW, AW, R  alt_tm's (see alt_tm.sv)
//   IB   (1..DW-1, default 8)   cell-index bits of the tag, the low bits of
//                               the data word; the serial takes the others
//   FD   (2..256, default 16)   offers the adapter holds, a power of 2
//
// Ports (besides alt_tm's outputs, passed through)
//   off_valid_i, off_queue_i, off_cells_i, off_serial_i  a packet offer
//   off_ovf_o   registered: an offer in the previous cycle found the queue
//               of offers full and was lost (the scoreboard's declared
//               ingress rate and backlog keep it at 0)
//
// Latency: an offer accepted at t sends its first cell at t+1 at the
// earliest, then one cell a cycle; alt_tm decides it the cycle after its
// first cell, so its admission event comes at t+2 at the earliest.
module alt_tm_sb #(
  parameter int P      = 4,
  parameter int Q      = 2,
  parameter int B      = 256,
  parameter int MAXPKT = 8,
  parameter int DW     = 32,
  parameter int AW     = 4,
  parameter int R      = 4,
  parameter int IB     = 8,
  parameter int FD     = 16
) (
  input  logic                                      clk_i,
  input  logic                                      rst_ni,
  input  logic                                      cfg_hd_en_i,
  input  logic [Q*AW-1:0]                           cfg_alpha_i,
  input  logic                                      off_valid_i,
  input  logic [((P*Q > 1) ? $clog2(P*Q) : 1)-1:0]  off_queue_i,
  input  logic [$clog2(MAXPKT+1)-1:0]               off_cells_i,
  input  logic [DW-IB-1:0]                          off_serial_i,
  output logic                                      off_ovf_o,
  output logic                                      adm_valid_o,
  output logic                                      adm_drop_o,
  output logic [((P*Q > 1) ? $clog2(P*Q) : 1)-1:0]  adm_queue_o,
  output logic [$clog2(MAXPKT+1)-1:0]               adm_cells_o,
  output logic                                      eg_valid_o,
  output logic [((P*Q > 1) ? $clog2(P*Q) : 1)-1:0]  eg_queue_o,
  output logic [DW-1:0]                             eg_data_o,
  output logic                                      eg_first_o,
  output logic                                      eg_last_o,
  output logic                                      hd_valid_o,
  output logic [((P*Q > 1) ? $clog2(P*Q) : 1)-1:0]  hd_queue_o,
  output logic [$clog2(MAXPKT+1)-1:0]               hd_cells_o,
  output logic [P*Q*$clog2(B+1)-1:0]                qlen_o,
  output logic [$clog2(B+1)-1:0]                    free_o,
  output logic [Q*$clog2(B+1)-1:0]                  thr_o
);

  localparam int IW  = (P * Q > 1) ? $clog2(P * Q) : 1;
  localparam int LW  = $clog2(MAXPKT + 1);
  localparam int SW  = DW - IB;
  localparam int FW  = (FD > 1) ? $clog2(FD) : 1;
  localparam int EW  = IW + LW + SW;          // an offer: {queue, cells, serial}

  logic [EW-1:0] fifo_q [0:FD-1];
  logic [FW-1:0] wr_q, rd_q;
  logic [FW:0]   cnt_q;
  logic [LW-1:0] idx_q;                      // the head offer's next cell
  logic          full, push, pop, beat, in_ready, ovf_q;
  logic [IW-1:0] h_queue;
  logic [LW-1:0] h_cells;
  logic [SW-1:0] h_serial;

  assign full  = cnt_q == (FW + 1)'(FD);
  assign push  = off_valid_i && !full;
  assign {h_queue, h_cells, h_serial} = fifo_q[rd_q];
  assign beat  = (cnt_q != '0) && in_ready;
  assign pop   = beat && (idx_q + LW'(1) >= h_cells);  // its last cell (0 cells: one beat)

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_q  <= '0;
      rd_q  <= '0;
      cnt_q <= '0;
      idx_q <= '0;
      ovf_q <= 1'b0;
    end else begin
      if (push) wr_q <= wr_q + FW'(1);
      if (pop)  rd_q <= rd_q + FW'(1);
      cnt_q <= cnt_q + (FW + 1)'(push) - (FW + 1)'(pop);
      if (pop)       idx_q <= '0;
      else if (beat) idx_q <= idx_q + LW'(1);
      ovf_q <= off_valid_i && full;
    end
  end

  always_ff @(posedge clk_i) begin
    if (push) fifo_q[wr_q] <= {off_queue_i, off_cells_i, off_serial_i};
  end

  assign off_ovf_o = ovf_q;

  alt_tm #(.P(P), .Q(Q), .B(B), .MAXPKT(MAXPKT), .DW(DW), .AW(AW), .R(R)) u_tm (
    .clk_i, .rst_ni, .cfg_hd_en_i, .cfg_alpha_i,
    .in_valid_i (cnt_q != '0),
    .in_ready_o (in_ready),
    .in_queue_i (h_queue),
    .in_cells_i (h_cells),
    .in_data_i  ({h_serial, {(IB > LW ? IB - LW : 0){1'b0}}, idx_q[(IB < LW ? IB : LW)-1:0]}),
    .adm_valid_o, .adm_drop_o, .adm_queue_o, .adm_cells_o,
    .eg_valid_o, .eg_queue_o, .eg_data_o, .eg_first_o, .eg_last_o,
    .hd_valid_o, .hd_queue_o, .hd_cells_o,
    .qlen_o, .free_o, .thr_o
  );

endmodule
