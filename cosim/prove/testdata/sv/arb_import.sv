// A correct rr_arbiter whose pointer step comes from a package imported in
// the module header, which Yosys 0.23 rejects (in the header, the body and
// at file scope alike); prove removes the import and qualifies the names
// it brings (arb_pkg::next_ptr). Expected: PROVEN.
/* verilator lint_off DECLFILENAME */
package arb_pkg;
  localparam int MAXN = 256;
  function automatic int next_ptr(input int idx, input int n);
    next_ptr = (idx + 1 == n) ? 0 : idx + 1;
  endfunction
endpackage
/* verilator lint_on DECLFILENAME */

module arb_import
  import arb_pkg::*;
#(
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
      if (req_i[i] && i < MAXN) begin
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
    else if (gnt_valid_o && ack_i) next_q <= W'(next_ptr(int'(gnt_idx_o), N));
  end
endmodule
