// A correct rr_arbiter for N = 8 whose pointer is an enum of the eight
// indices, stepped with .next() (which wraps from the last to the first,
// as the pointer must). Yosys 0.23 has no enum methods and prove does not
// rewrite them. Expected: refused before Yosys runs, naming .next() and
// its line.
module arb_enum_next #(
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
  typedef enum logic [2:0] {I0, I1, I2, I3, I4, I5, I6, I7} idx_e;
  idx_e         next_q, won;
  logic [W-1:0] lo_idx, hi_idx;
  logic         hi_any;

  always_comb begin
    lo_idx = '0;
    hi_idx = '0;
    hi_any = 1'b0;
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) begin
        lo_idx = W'(i);
        if (W'(i) >= W'(next_q)) begin
          hi_idx = W'(i);
          hi_any = 1'b1;
        end
      end
    end
  end

  assign gnt_valid_o = req_i != '0;
  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;

  assign won = idx_e'(gnt_idx_o);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_q <= I0;
    else if (gnt_valid_o && ack_i) next_q <= won.next();
  end
endmodule
