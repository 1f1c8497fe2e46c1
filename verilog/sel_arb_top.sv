// sel_arb_top: the head-drop scheduler as one unit, the `selarb` block: the
// project's head-drop selector feeds its registered over-allocation bitmap
// to the project's round-robin arbiter, as in occamy_tm under the occamy
// policy. Also the speed benchmarks' top (docs/perf.md).
//
// Parameters
//   N  (1..256, default 64) number of queues
//   QW (1..32,  default 16) width of a queue length and of a threshold
//
// Ports
//   clk_i, rst_ni        clock; synchronous active-low reset
//   qlen_i, thr_i        hd_selector's (N*QW bits each)
//   ack_i                rr_arbiter's: the current grant is taken this cycle
//   over_o [N-1:0]       registered: over_o[i] <= (qlen i > thr i)
//   gnt_valid_o          combinational from over_o: some bit of it is set
//   gnt_idx_o [IW-1:0]   combinational: rr_arbiter's grant over over_o
//
// Latency
//   One cycle from qlen_i and thr_i to over_o and to the grant; ack_i acts
//   in the cycle of the grant it takes.
module sel_arb_top #(
  parameter int  N  = 64,
  parameter int  QW = 16,
  // Derived, not to be set:
  localparam int IW = (N > 1) ? $clog2(N) : 1  // grant index width
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N*QW-1:0] qlen_i,
  input  logic [N*QW-1:0] thr_i,
  input  logic            ack_i,
  output logic [N-1:0]    over_o,
  output logic            gnt_valid_o,
  output logic [IW-1:0]   gnt_idx_o
);

  hd_selector #(.N(N), .QW(QW)) u_sel (
    .clk_i, .rst_ni, .qlen_i, .thr_i, .over_o
  );

  rr_arbiter #(.N(N)) u_arb (
    .clk_i, .rst_ni, .req_i(over_o), .ack_i, .gnt_valid_o, .gnt_idx_o
  );

endmodule
