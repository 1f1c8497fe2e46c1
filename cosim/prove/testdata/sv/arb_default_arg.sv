// A correct rr_arbiter whose pointer step is a function with a default
// argument value (the step, 1). Yosys 0.23 reads no default argument
// values and prove does not rewrite them. Expected: refused before Yosys
// runs, naming the default value and its line.
module arb_default_arg #(
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

  function automatic logic [W-1:0] step(input logic [W-1:0] idx, input logic [W-1:0] by = 1);
    step = (32'(idx) + 32'(by) >= N) ? W'(32'(idx) + 32'(by) - N) : idx + by;
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
