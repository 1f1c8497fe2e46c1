// A correct rr_arbiter that keeps its grant in a packed struct cleared
// with an assignment pattern '{default: '0}. Yosys 0.23 reads no
// assignment patterns and prove does not rewrite them. Expected: refused
// before Yosys runs, naming the pattern and its line.
module arb_pattern #(
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
  typedef struct packed {
    logic         any;
    logic [W-1:0] idx;
  } pick_t;
  logic [W-1:0] next_q;
  pick_t        lo, hi;

  always_comb begin
    lo = '{default: '0};
    hi = '{default: '0};
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) begin
        lo = '{any: 1'b1, idx: W'(i)};
        if (W'(i) >= next_q) hi = '{any: 1'b1, idx: W'(i)};
      end
    end
  end

  assign gnt_valid_o = lo.any;
  assign gnt_idx_o   = hi.any ? hi.idx : lo.idx;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_q <= '0;
    else if (gnt_valid_o && ack_i) next_q <= (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
