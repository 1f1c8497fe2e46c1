// rr_arb_tree: a fair arbiter with another rotation than rr_arbiter's: a
// two-level tree of round robins. Requesters form groups of 4; a pointer
// per group picks within the group and a top pointer picks the group.
// It meets rr_arbiter's ports exactly (a combinational grant, an ack), so
// it differs from the reference only in the order of its grants: it fails
// the equality check and passes --check properties (a requester that
// keeps asking waits at most N-1 taken grants: at most 3 grants of its
// own group before its turn, and one grant of each other group between
// two turns of its group).
//
// Parameters
//   N (4..256, a multiple of 4, default 8) requesters
//
// Ports
//   clk_i, rst_ni        clock; synchronous active-low reset
//   req_i [N-1:0]        request bitmap
//   ack_i                the current grant is taken this cycle
//   gnt_valid_o          combinational: some req_i bit is set
//   gnt_idx_o [IW-1:0]   combinational: in the first group with a request
//                        at or after the top pointer (circularly), the first
//                        request at or after that group's pointer
//
// State
//   gp_q (the top pointer) and ip_q (a 2-bit pointer per group), reset to
//   0. A taken grant (gnt_valid_o && ack_i) moves the top pointer past the
//   winner's group and the winner's group pointer past the winner.
//
// Latency
//   None: the grant follows req_i and the pointers in the same cycle.
module rr_arb_tree #(
  parameter int  N  = 8,
  localparam int IW = (N > 1) ? $clog2(N) : 1,    // grant width
  localparam int NG = N / 4,                      // groups
  localparam int GW = (NG > 1) ? $clog2(NG) : 1,  // group index width
  localparam int GJ = GW + 1                      // a group pointer plus an offset
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [N-1:0]  req_i,
  input  logic          ack_i,
  output logic          gnt_valid_o,
  output logic [IW-1:0] gnt_idx_o
);

  logic [GW-1:0]   gp_d, gp_q;    // top pointer
  logic [NG*2-1:0] ip_d, ip_q;    // group g's pointer at [g*2 +: 2]
  logic [NG-1:0]   greq;          // group g has a request
  logic [NG*2-1:0] gwin;          // group g's winner at [g*2 +: 2]
  logic [2*NG-1:0] grot;          // grot[k]: group k steps after the top pointer asks
  logic [GW-1:0]   goff;          // the first of them, in steps
  logic [GJ-1:0]   gsum;
  logic [GW-1:0]   wg;            // the winning group
  logic [1:0]      lw;            // the winner within it

  // Within each group: its requests rotated so that its pointer's is bit
  // 0; the lowest set bit, added back (mod 4).
  for (genvar g = 0; g < NG; g++) begin : g_grp
    // Bits above 2 of the rotation are not needed to find the lowest set.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [7:0] rot;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [1:0] off;
    assign greq[g] = |req_i[g*4 +: 4];
    assign rot     = {req_i[g*4 +: 4], req_i[g*4 +: 4]} >> ip_q[g*2 +: 2];
    assign off     = rot[0] ? 2'd0 : rot[1] ? 2'd1 : rot[2] ? 2'd2 : 2'd3;
    assign gwin[g*2 +: 2] = ip_q[g*2 +: 2] + off;
  end

  // The first group with a request at or after the top pointer, likewise.
  assign grot = {greq, greq} >> gp_q;
  always_comb begin
    goff = '0;
    for (int k = NG - 1; k >= 0; k--) begin
      if (grot[k]) begin
        goff = GW'(k);
      end
    end
  end
  assign gsum = {1'b0, gp_q} + {1'b0, goff};
  assign wg   = (gsum >= GJ'(NG)) ? GW'(gsum - GJ'(NG)) : gsum[GW-1:0];

  assign lw          = gwin[wg*2 +: 2];
  assign gnt_valid_o = |req_i;
  assign gnt_idx_o   = gnt_valid_o ? IW'({wg, lw}) : '0;

  always_comb begin
    gp_d = gp_q;
    ip_d = ip_q;
    if (gnt_valid_o && ack_i) begin
      gp_d = (wg == GW'(NG - 1)) ? '0 : wg + GW'(1);
      ip_d[wg*2 +: 2] = lw + 2'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      gp_q <= '0;
      ip_q <= '0;
    end else begin
      gp_q <= gp_d;
      ip_q <= ip_d;
    end
  end

endmodule
