// A correct rr_arbiter whose pointer register is a module with a type
// parameter (parameter type T). Yosys 0.23 has no type parameters and
// prove does not rewrite them. Expected: refused before Yosys runs, naming
// the type parameter and its line.
/* verilator lint_off DECLFILENAME */
module arb_type_param_reg #(
  parameter type T = logic
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic en_i,
  input  T     d_i,
  output T     q_o
);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) q_o <= '0;
    else if (en_i) q_o <= d_i;
  end
endmodule
/* verilator lint_on DECLFILENAME */

module arb_type_param #(
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

  arb_type_param_reg #(.T(logic [W-1:0])) u_ptr (
    .clk_i (clk_i),
    .rst_ni(rst_ni),
    .en_i  (gnt_valid_o && ack_i),
    .d_i   ((32'(gnt_idx_o) + 1 == N) ? W'(0) : gnt_idx_o + 1'b1),
    .q_o   (next_q)
  );
endmodule
