// A correct rr_arbiter (the downward scan of arb_scan_down.sv) whose loop
// body declares a variable with an initializer, which Yosys 0.23 rejects
// ("Invalid nesting of always blocks and/or initializations") and prove
// lowers to a declaration and an assignment. Expected: PROVEN.
module arb_loop_init #(
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

  always_comb begin
    lo_idx = '0;
    hi_idx = '0;
    hi_any = 1'b0;
    for (int i = N - 1; i >= 0; i--) begin
      logic at_or_after = W'(i) >= next_q;
      if (req_i[i]) begin
        lo_idx = W'(i);
        if (at_or_after) begin
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
    else if (gnt_valid_o && ack_i) next_q <= (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
