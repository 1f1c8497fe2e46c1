// A correct rr_arbiter whose pointer step is a void function with an
// output argument. Yosys 0.23 takes void for the function's name; prove
// writes the function as a task, which its call, a statement, calls the
// same way. Expected: PROVEN.
module arb_void_function #(
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

  function automatic void step(input logic [W-1:0] idx, output logic [W-1:0] nxt);
    if (32'(idx) + 1 == N) nxt = '0;
    else nxt = idx + 1'b1;
  endfunction
  logic [W-1:0] ptr_d;
  always_comb step(gnt_idx_o, ptr_d);

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
    else if (gnt_valid_o && ack_i) next_q <= ptr_d;
  end
endmodule
