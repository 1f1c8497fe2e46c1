// occamy_sel_arb: synthesis-only wrapper for `occamy synth --block
// selector+arbiter`. The head-drop selector's registered bitmap drives the
// round-robin arbiter's requests, as in occamy_tm under the occamy policy
// (u_sel -> u_choice -> u_arb), so Yosys costs the pair as one flattened
// design.
//
// Parameters
//   N  (1..256, default 64) queues = requesters
//   QW (1..32,  default 16) width of a queue length and of a threshold
//
// Ports: the selector's inputs, the arbiter's ack_i and grant outputs, and
// the bitmap itself (so no register is optimised away).
module occamy_sel_arb #(
  parameter int N  = 64,
  parameter int QW = 16
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic [N*QW-1:0]                      qlen_i,
  input  logic [N*QW-1:0]                      thr_i,
  input  logic                                 ack_i,
  output logic [N-1:0]                         over_o,
  output logic                                 gnt_valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx_o
);

  hd_selector #(.N(N), .QW(QW)) u_sel (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .qlen_i (qlen_i),
    .thr_i  (thr_i),
    .over_o (over_o)
  );

  rr_arbiter #(.N(N)) u_arb (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .req_i       (over_o),
    .ack_i       (ack_i),
    .gnt_valid_o (gnt_valid_o),
    .gnt_idx_o   (gnt_idx_o)
  );

endmodule
