// user_sel_narrow: a throwaway user selector that breaks the hd_selector
// contract with 8-bit queue lengths whatever QW is.
module user_sel_narrow #(
  parameter int N  = 4,
  parameter int QW = 16
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [N*8-1:0] qlen_i,
  input  logic [N*QW-1:0] thr_i,
  output logic [N-1:0]  over_o
);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) over_o <= '0;
    else for (int i = 0; i < N; i++) over_o[i] <= {{(QW-8){1'b0}}, qlen_i[i*8 +: 8]} > thr_i[i*QW +: QW];
  end
endmodule
