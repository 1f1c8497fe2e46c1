// rr_arb_reg: a round-robin arbiter written the way outside Occamy RTL
// often is, checked against rr_arbiter's contract through a design file
// (rr_arb_reg.yaml) instead of a wrapper: its own port names, no ack
// input (the pointer moves on every grant) and a registered grant.
//
// Parameters
//   N (2..256, default 8) requesters
//
// Ports
//   clk, rst_n          clock; synchronous active-low reset
//   req [N-1:0]         request bitmap
//   grant_valid         registered: some req bit was set in the cycle before
//   grant [IW-1:0]      registered: the first set req bit at or after the
//                       pointer, circularly, in the cycle before; it keeps
//                       its last value while grant_valid is 0 (don't care)
//
// State
//   ptr_q, reset to 0: at each rising edge with a request it moves past
//   the winner ((winner + 1) mod N), as rr_arbiter's does with ack_i = 1.
//
// Latency
//   One cycle: requests of cycle c decide grant_valid and grant in c+1.
//
// Corner cases
//   Winner N-1: the pointer wraps to 0. Reset clears grant_valid, grant
//   and the pointer.
module rr_arb_reg #(
  parameter int  N  = 8,
  localparam int IW = (N > 1) ? $clog2(N) : 1,  // grant width
  localparam int JW = IW + 1                      // a pointer plus an offset
) (
  input  logic          clk,
  input  logic          rst_n,
  input  logic [N-1:0]  req,
  output logic          grant_valid,
  output logic [IW-1:0] grant
);

  logic [IW-1:0] ptr_d, ptr_q, win, grant_d, grant_q, off;
  logic          any, valid_q;
  logic [2*N-1:0] rot;  // rot[k]: a request k steps after the pointer
  logic [JW-1:0]  sum;

  // The first request at or after the pointer: the requests rotated so
  // that the pointer's is bit 0, their lowest set bit, added back.
  assign rot = {req, req} >> ptr_q;
  assign any = |req;
  always_comb begin
    off = '0;
    for (int k = N - 1; k >= 0; k--) begin
      if (rot[k]) begin
        off = IW'(k);
      end
    end
  end
  assign sum = {1'b0, ptr_q} + {1'b0, off};
  assign win = (sum >= JW'(N)) ? IW'(sum - JW'(N)) : sum[IW-1:0];

  always_comb begin
    ptr_d   = ptr_q;
    grant_d = grant_q;
    if (any) begin
      ptr_d   = (win == IW'(N - 1)) ? '0 : win + IW'(1);
      grant_d = win;
    end
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      ptr_q   <= '0;
      valid_q <= 1'b0;
      grant_q <= '0;
    end else begin
      ptr_q   <= ptr_d;
      valid_q <= any;
      grant_q <= grant_d;
    end
  end

  assign grant_valid = valid_q;
  assign grant       = grant_q;

endmodule
