// A SUBTLY WRONG user selector (for the co-simulator's own tests): the last
// queue, N-1, is marked when its length equals its threshold (>= instead of
// >). Everything else is queue_watch.sv. Expected verdict: MISMATCH.
//   occamy cosim --block selector --rtl queue_watch_ge_top.sv --top queue_watch
module queue_watch #(
  parameter int N  = 64,
  parameter int QW = 16
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N*QW-1:0] qlen_i,
  input  logic [N*QW-1:0] thr_i,
  output logic [N-1:0]    over_o
);
  logic [N-1:0] above;

  always_comb begin
    for (int q = 0; q < N; q++) begin
      if (q == N - 1) above[q] = qlen_i[q*QW +: QW] >= thr_i[q*QW +: QW];
      else            above[q] = qlen_i[q*QW +: QW] > thr_i[q*QW +: QW];
    end
  end

  always_ff @(posedge clk_i) begin
    over_o <= rst_ni ? above : '0;
  end
endmodule
