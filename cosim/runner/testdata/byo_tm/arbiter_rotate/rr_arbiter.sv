// rr_arbiter, written from docs/blocks.md's contract alone, a different
// coding from verilog/rr_arbiter.sv: the request map is rotated right by
// the pointer into a doubled vector, the lowest set bit of the rotated
// map is found by a descending loop, and the winner is that offset plus
// the pointer, mod N. Used by TestReplaceInTM as a replacement inside
// occamy_tm (--replace arbiter) that must match.
module rr_arbiter #(
  parameter int N = 64
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  input  logic [N-1:0]                         req_i,
  input  logic                                 ack_i,
  output logic                                 gnt_valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx_o
);
  localparam int IW = (N > 1) ? $clog2(N) : 1;

  logic [IW-1:0]  ptr_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2*N-1:0] twice;  // the upper half is the rotation's spill
  /* verilator lint_on UNUSEDSIGNAL */
  logic [N-1:0]   rot;
  logic [IW:0]    off;

  assign twice = {req_i, req_i} >> ptr_q;
  assign rot   = twice[N-1:0];

  always_comb begin
    off = '0;
    for (int i = N - 1; i >= 0; i--) begin
      if (rot[i]) off = (IW + 1)'(i);
    end
  end

  assign gnt_valid_o = |req_i;
  assign gnt_idx_o   = IW'(((32'(ptr_q) + 32'(off)) % N));

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else if (gnt_valid_o && ack_i) begin
      ptr_q <= IW'((32'(gnt_idx_o) + 1) % N);
    end
  end
endmodule
