// rr_arbiter: round-robin arbiter over a request bitmap, loop-free.
//
// Parameters
//   N (1..256, default 64) number of requesters
//
// Ports
//   clk_i, rst_ni        clock; synchronous active-low reset
//   req_i [N-1:0]        request bitmap
//   ack_i                the current grant is taken this cycle
//   gnt_valid_o          combinational: some req_i bit is set
//   gnt_idx_o [IW-1:0]   combinational: the first set req_i bit at or after
//                        the pointer, circularly; IW = clog2(N), 1 when N = 1.
//                        0 when no req_i bit is set.
//
// State
//   ptr_q [IW-1:0], reset to 0. At a rising edge with gnt_valid_o && ack_i the
//   pointer becomes (gnt_idx_o + 1) mod N; otherwise it holds, also when ack_i
//   is 1 without a request. So the pointer moves past a winner only when its
//   grant is taken, and no requester waits more than N taken grants. The wrap
//   to 0 keeps ptr_q below N (asserted); a pointer at N would grant the same.
//
// Latency
//   gnt_valid_o and gnt_idx_o follow req_i and ptr_q in the same cycle; an
//   acknowledged grant moves the pointer at the rising edge ending the cycle.
//
// Corner cases
//   N = 1: the pointer is always 0 and the grant is index 0 whenever req_i[0].
//   Winner N-1 taken: the pointer wraps to 0 (N need not be a power of two).
//   Reset wins over ack_i: rst_ni = 0 at an edge sets the pointer to 0.
//
// Structure (no procedural scan loop, no rotate)
//   mask[i] = (i >= ptr_q), a thermometer decoded from the pointer as
//   '1 << ptr_q (all ones, N wide), and hi = req_i & mask. The lowest set
//   bit of hi and of req_i is found by the same two-level encoder: per
//   group of 8 bits, a one-hot x & (~x + 1) and its 3-bit index (OR of the
//   one-hot under constant masks); then the lowest
//   non-empty group as a one-hot over the groups, whose binary number and
//   selected local index form the result. gnt_idx_o is hi's index when hi has
//   a set bit, else req_i's. Yosys 0.23, synth -lut 6, N=64: 264 LUTs,
//   7 levels.
`include "occamy_checks.svh"

module rr_arbiter #(
  parameter int  N  = 64,
  // Derived, not to be set:
  localparam int IW = (N > 1) ? $clog2(N) : 1  // grant index width
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [N-1:0]  req_i,
  input  logic          ack_i,
  output logic          gnt_valid_o,
  output logic [IW-1:0] gnt_idx_o
);

  // Elaboration checks (occamy_checks.svh).
  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(rr_arbiter, N, 1, 256)
  `OCCAMY_CHECKS_END

  // N clamped to 1, so a bad N reaches the check above instead of failing
  // elaboration with a less helpful message.
  localparam int NS = (N > 1) ? N : 1;
  // Two-level lowest-set-bit encoder: groups of G bits.
  localparam int G  = 8;                         // bits per group
  localparam int GW = 3;                         // clog2(G): index within a group
  localparam int NG = (NS + G - 1) / G;          // groups, the last one zero-padded
  localparam int HW = (NG > 1) ? $clog2(NG) : 1; // group index width
  localparam int FW = HW + GW;                   // index width before trimming to IW

  logic [IW-1:0] ptr_d, ptr_q;
  logic [N-1:0]  mask;    // mask[i] = (i >= ptr_q)
  logic [N-1:0]  hi;      // requests at or after the pointer
  logic [2*N-1:0] src;    // the two encoder inputs: {req_i, hi}
  logic [2*IW-1:0] idx;   // their lowest set bits: {idx of req_i, idx of hi}

  // The thermometer as one shift of the all-ones word: the same function as
  // a compare per bit (i >= ptr_q), which Verilator evaluates as N compares
  // on every settle; Yosys maps the shift to fewer LUTs (264 vs 282 at N=64).
  assign mask = '1 << ptr_q;

  assign hi  = req_i & mask;
  assign src = {req_i, hi};

  // Lowest set bit of src[s*N +: N] as a binary index, for s = 0 (hi) and
  // s = 1 (req_i). Level 1: per group of G bits, an "any" bit and the group's
  // lowest set bit as a one-hot, x & (~x + 1), turned into a GW-bit local
  // index. Level 2: the lowest group with any bit set, as a one-hot over the
  // groups; the index is {that group's number, that group's local index},
  // each bit the OR of one-hot bits under a constant mask.
  for (genvar s = 0; s < 2; s++) begin : g_src
    logic [NG*G-1:0]  x;     // the input, zero-padded to whole groups
    logic [NG-1:0]    any;   // group j has a set bit
    logic [NG-1:0]    goh;   // lowest group with a set bit, one-hot
    logic [NG*GW-1:0] lidx;  // group j's local index at [j*GW +: GW]
    logic [HW-1:0]    gidx;  // binary index of goh
    logic [GW-1:0]    lsel;  // local index of the group goh selects
    // Bits above IW are zero for any index below N.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [FW-1:0]    full;
    /* verilator lint_on UNUSEDSIGNAL */

    for (genvar i = 0; i < NG * G; i++) begin : g_pad
      if (i < N) begin : g_in
        assign x[i] = src[s*N + i];
      end else begin : g_zero
        assign x[i] = 1'b0;
      end
    end

    for (genvar j = 0; j < NG; j++) begin : g_grp
      logic [G-1:0] xs;
      // Bit 0 of a one-hot adds no bit to a binary index, so it is unread.
      /* verilator lint_off UNUSEDSIGNAL */
      logic [G-1:0] oh;
      /* verilator lint_on UNUSEDSIGNAL */
      assign xs     = x[j*G +: G];
      assign any[j] = |xs;
      assign oh     = xs & (~xs + G'(1));
      for (genvar k = 0; k < GW; k++) begin : g_lbit
        logic [G-1:0] sel;
        for (genvar i = 0; i < G; i++) begin : g_m
          if (((i >> k) & 1) == 1) begin : g_keep
            assign sel[i] = oh[i];
          end else begin : g_drop
            assign sel[i] = 1'b0;
          end
        end
        assign lidx[j*GW + k] = |sel;
      end
    end

    assign goh = any & (~any + NG'(1));

    for (genvar k = 0; k < HW; k++) begin : g_gbit
      logic [NG-1:0] sel;
      for (genvar j = 0; j < NG; j++) begin : g_m
        if (((j >> k) & 1) == 1) begin : g_keep
          assign sel[j] = goh[j];
        end else begin : g_drop
          assign sel[j] = 1'b0;
        end
      end
      assign gidx[k] = |sel;
    end

    for (genvar k = 0; k < GW; k++) begin : g_lsel
      logic [NG-1:0] sel;
      for (genvar j = 0; j < NG; j++) begin : g_m
        assign sel[j] = goh[j] & lidx[j*GW + k];
      end
      assign lsel[k] = |sel;
    end

    assign full = {gidx, lsel};
    assign idx[s*IW +: IW] = full[IW-1:0];
  end

  assign gnt_valid_o = |req_i;
  assign gnt_idx_o   = (|hi) ? idx[0 +: IW] : idx[IW +: IW];

  always_comb begin
    ptr_d = ptr_q;
    if (gnt_valid_o && ack_i) begin
      ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else begin
      ptr_q <= ptr_d;
    end
  end

`ifndef SYNTHESIS
  // Out of reset (the pointer is unknown before the first reset edge), a
  // grant goes only to a requester, and its index is below N.
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (gnt_valid_o) begin
        assert (req_i[gnt_idx_o])
          else $error("rr_arbiter: grant to index %0d without a request", gnt_idx_o);
      end
      assert (32'(gnt_idx_o) < N)
        else $error("rr_arbiter: gnt_idx_o=%0d not below N=%0d", gnt_idx_o, N);
      assert (32'(ptr_q) < N)
        else $error("rr_arbiter: ptr_q=%0d not below N=%0d", ptr_q, N);
    end
  end
`endif

endmodule
