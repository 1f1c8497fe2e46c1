// A correct rr_arbiter whose pointer step is a function ending in return
// statements (one per branch of its last if), which Yosys 0.23 does not
// read; prove writes each as an assignment to the function's name.
// Expected: PROVEN.
module arb_return #(
  parameter int N = 8
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic [N-1:0]                         req_i,
  input  logic                                 ack_i,
  output logic                                 gnt_valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx_o
);
  localparam int W = (N > 1) ? $clog2(N) : 1;
  logic [W-1:0] next_q;
  logic [W-1:0] lo_idx, hi_idx;
  logic         hi_any;

  function automatic logic [W-1:0] step(input logic [W-1:0] idx);
    if (32'(idx) + 1 == N) return '0;
    else return idx + 1'b1;
  endfunction

  always_comb begin
    lo_idx = '0;
    hi_idx = '0;
    hi_any = 1'b0;
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) begin
        lo_idx = W'(i);
        if (W'(i) >= next_q) begin
          hi_idx = W'(i);
          hi_any = 1'b1;
        end
      end
    end
  end

  assign gnt_valid_o = req_i != '0;
  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_q <= '0;
    else if (gnt_valid_o && ack_i) next_q <= step(gnt_idx_o);
  end
endmodule
