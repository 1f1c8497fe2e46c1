// A user's head-drop selector, written from the hd_selector port contract
// alone (docs/blocks.md): a loop of comparators and one register
// written through a conditional expression. Checked with
//   occamy cosim --block selector --rtl queue_watch.sv --top queue_watch
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
      above[q] = qlen_i[q*QW +: QW] > thr_i[q*QW +: QW];
    end
  end

  always_ff @(posedge clk_i) begin
    over_o <= rst_ni ? above : '0;
  end
endmodule
