// A correct rr_arbiter that converts loop indices with a cast to a typedef
// of the index width, idx_t'(i), and sizes its wrap compare with
// $bits(idx_t). Yosys 0.23 rejects both; prove sizes the typedef and writes
// $unsigned((W)'(i)) and (W). Expected: PROVEN.
module arb_typedef_cast #(
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
  typedef logic [W-1:0] idx_t;
  localparam int IW = $bits(idx_t);
  idx_t next_q;
  idx_t lo_idx, hi_idx;
  logic hi_any;

  always_comb begin
    lo_idx = '0;
    hi_idx = '0;
    hi_any = 1'b0;
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) begin
        lo_idx = idx_t'(i);
        if (idx_t'(i) >= next_q) begin
          hi_idx = idx_t'(i);
          hi_any = 1'b1;
        end
      end
    end
  end

  assign gnt_valid_o = req_i != '0;
  assign gnt_idx_o   = hi_any ? hi_idx : lo_idx;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) next_q <= '0;
    else if (gnt_valid_o && ack_i) next_q <= ((IW+1)'(gnt_idx_o) + 1'b1 == (IW+1)'(N)) ? '0 : gnt_idx_o + 1'b1;
  end
endmodule
