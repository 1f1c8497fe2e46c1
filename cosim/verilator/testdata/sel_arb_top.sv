// sel_arb_top: benchmark top for the cosim package. The project's head-drop
// selector feeds its registered over-allocation bitmap to the project's
// round-robin arbiter, as in occamy_tm under the occamy policy.
module sel_arb_top #(
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
    .clk_i, .rst_ni, .qlen_i, .thr_i, .over_o
  );
  rr_arbiter #(.N(N)) u_arb (
    .clk_i, .rst_ni, .req_i(over_o), .ack_i, .gnt_valid_o, .gnt_idx_o
  );
endmodule
