// A user's round-robin arbiter, written from the rr_arbiter port contract
// alone (docs/blocks.md) in a procedural style: a loop that walks
// the requesters from the saved start position. Checked with
//   occamy cosim --block arbiter --rtl my_rr_arbiter.sv --top my_round_robin
module my_round_robin #(
  parameter int N = 64
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic [N-1:0]                         req_i,
  input  logic                                 ack_i,
  output logic                                 gnt_valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx_o
);
  localparam int W = (N > 1) ? $clog2(N) : 1;

  logic [W-1:0] start_r;   // where the search begins
  logic         hit;
  logic [W-1:0] winner;
  integer       pos;

  always_comb begin
    hit    = 1'b0;
    winner = '0;
    for (int k = 0; k < N; k++) begin
      pos = 32'(start_r) + k;
      if (pos >= N) pos = pos - N;
      if (!hit && req_i[pos]) begin
        hit    = 1'b1;
        winner = W'(pos);
      end
    end
  end

  assign gnt_valid_o = hit;
  assign gnt_idx_o   = winner;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      start_r <= '0;
    end else if (hit && ack_i) begin
      start_r <= (32'(winner) == N - 1) ? '0 : winner + W'(1);
    end
  end
endmodule
