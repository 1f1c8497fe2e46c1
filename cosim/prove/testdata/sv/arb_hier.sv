// A correct rr_arbiter that reads its gnt_valid_o from inside an instance
// by a hierarchical reference (u_any.any_q), which Yosys 0.23 does not
// resolve: it reads the name as a new undriven wire. Expected: refused,
// naming the reference and its line (before: "BUG IN THE FLOW", exit 4).
/* verilator lint_off DECLFILENAME */
module arb_hier_any #(parameter int N = 8) (input logic [N-1:0] req_i, output logic any_o);
  logic any_q;
  assign any_q = req_i != '0;
  assign any_o = any_q;
endmodule
/* verilator lint_on DECLFILENAME */

module arb_hier #(
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
  logic         unused_any;
  arb_hier_any #(.N(N)) u_any (.req_i(req_i), .any_o(unused_any));
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
  assign gnt_valid_o = u_any.any_q;
  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_q <= '0;
    else if (gnt_valid_o && ack_i) next_q <= (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
