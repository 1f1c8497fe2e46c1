// A correct hd_selector whose comparators sit in a module with
// unpacked-array ports (input logic [QW-1:0] q_i [N]). Yosys 0.23 reads no
// array ports and prove does not rewrite them. Expected: refused before
// Yosys runs, naming the port and its line.
/* verilator lint_off DECLFILENAME */
module sel_unpacked_cmp #(
  parameter int N  = 64,
  parameter int QW = 16
) (
  input  logic [QW-1:0] q_i [N],
  input  logic [QW-1:0] t_i [N],
  output logic [N-1:0]  gt_o
);
  for (genvar q = 0; q < N; q++) begin : g_q
    assign gt_o[q] = q_i[q] > t_i[q];
  end
endmodule
/* verilator lint_on DECLFILENAME */

module sel_unpacked_port #(
  parameter int N  = 64,
  parameter int QW = 16
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N*QW-1:0] qlen_i,
  input  logic [N*QW-1:0] thr_i,
  output logic [N-1:0]    over_o
);
  logic [QW-1:0] q [N];
  logic [QW-1:0] t [N];
  logic [N-1:0]  gt;
  for (genvar k = 0; k < N; k++) begin : g_k
    assign q[k] = qlen_i[k*QW +: QW];
    assign t[k] = thr_i[k*QW +: QW];
  end
  sel_unpacked_cmp #(.N(N), .QW(QW)) u_cmp (.q_i(q), .t_i(t), .gt_o(gt));
  always_ff @(posedge clk_i) over_o <= rst_ni ? gt : '0;
endmodule
