// A SUBTLY WRONG selector: the reset clears over_o only when every queue is
// empty (qlen_i == 0); otherwise sel_borrow.sv. Expected: a counterexample
// with a reset while a queue is over its threshold.
module sel_reset_idle #(
  parameter int N  = 64,
  parameter int QW = 16
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N*QW-1:0] qlen_i,
  input  logic [N*QW-1:0] thr_i,
  output logic [N-1:0]    over_o
);
  logic [N-1:0] gt;
  for (genvar q = 0; q < N; q++) begin : g_q
    logic [QW:0] diff;
    assign diff  = {1'b0, thr_i[q*QW +: QW]} - {1'b0, qlen_i[q*QW +: QW]};
    assign gt[q] = diff[QW];
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) over_o <= gt;
    else if (qlen_i == '0) over_o <= '0;
    else over_o <= gt;
  end
endmodule
