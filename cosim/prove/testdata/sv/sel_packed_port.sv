// A correct hd_selector whose queue lengths and thresholds are
// two-dimensional packed ports, [N-1:0][QW-1:0] (element q at bits
// q*QW and up, the contract's layout), selected by queue. Yosys 0.23 reads
// no multi-dimensional packed array; prove flattens the declarations and
// rewrites each select on the flat vector. Expected: PROVEN.
module sel_packed_port #(
  parameter int N  = 64,
  parameter int QW = 16
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [N-1:0][QW-1:0] qlen_i,
  input  logic [N-1:0][QW-1:0] thr_i,
  output logic [N-1:0]         over_o
);
  logic [N-1:0][1:0] cmp;  // {greater, equal} per queue
  always_comb begin
    for (int q = 0; q < N; q++) begin
      cmp[q][1] = qlen_i[q] > thr_i[q];
      cmp[q][0] = qlen_i[q][QW-1:0] == thr_i[q][QW-1:0];
    end
  end
  always_ff @(posedge clk_i) begin
    for (int q = 0; q < N; q++) over_o[q] <= rst_ni && cmp[q][1] && !cmp[q][0];
  end
endmodule
