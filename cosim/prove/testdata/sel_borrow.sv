// A correct hd_selector written differently: q > T is the borrow of
// T - q computed one bit wider, per queue in a generate loop, and the
// register cleared by an AND with the reset. Expected: PROVEN.
module sel_borrow #(
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
  always_ff @(posedge clk_i) over_o <= gt & {N{rst_ni}};
endmodule
