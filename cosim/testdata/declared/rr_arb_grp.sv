// rr_arb_grp: a group-rotating arbiter with the starvation bug seen in
// outside Occamy RTL, written anew: requesters form groups of 4, a top
// pointer rotates over the groups and each group has its own pointer,
// but the search within a group runs from its pointer to the group's end
// and never wraps. A requester below its group's pointer is skipped until
// the pointer wraps, which needs a grant in that group above it: with
// requests {0, N-1} held, requester 0 is granted once and never again.
// Like that RTL, the grant is registered and there is no ack (the
// pointers move on every grant). It passes the other properties; the
// wait bound (N-1) catches it.
//
// Parameters
//   N (4..256, a multiple of 4, default 8) requesters
//
// Ports
//   clk_i, rst_ni        clock; synchronous active-low reset
//   req_i [N-1:0]        request bitmap
//   gnt_valid_o          registered: some req_i bit was set in the cycle before
//   gnt_idx_o [IW-1:0]   registered: the winner of the cycle before; it keeps
//                        its value while gnt_valid_o is 0 (don't care)
//
// State
//   gp_q, the top pointer, and ip_q, a 2-bit pointer per group, reset to 0.
//   The winner is the first request at or after ip of the first group (from
//   gp_q, circularly) that has one at or after its pointer; when no group
//   has, the lowest request. Each grant moves gp_q past the winner's group
//   and the winner's group pointer past the winner (mod 4).
//
// Latency
//   One cycle.
module rr_arb_grp #(
  parameter int  N  = 8,
  localparam int IW = (N > 1) ? $clog2(N) : 1,    // grant width
  localparam int NG = N / 4,                      // groups
  localparam int GW = (NG > 1) ? $clog2(NG) : 1,  // group index width
  localparam int GJ = GW + 1                      // a group pointer plus an offset
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [N-1:0]  req_i,
  output logic          gnt_valid_o,
  output logic [IW-1:0] gnt_idx_o
);

  logic [GW-1:0]   gp_d, gp_q;
  logic [NG*2-1:0] ip_d, ip_q;
  logic [NG-1:0]   ghit;          // group g has a request at or after its pointer
  logic [NG*2-1:0] gwin;          // its first one, at [g*2 +: 2]
  logic [2*NG-1:0] grot;          // grot[k]: such a group k steps after the top pointer
  logic [GW-1:0]   goff;
  logic [GJ-1:0]   gsum;
  logic [GW-1:0]   wg, wgrp;      // the group searched first; the winner's group
  logic [1:0]      wloc;          // the winner within its group
  logic            any;
  logic [IW-1:0]   win, low, gnt_d, gnt_q;
  logic            valid_q;

  // Within each group, from its pointer to the group's end (no wrap): the
  // requests above the pointer, and the lowest of them.
  for (genvar g = 0; g < NG; g++) begin : g_grp
    logic [3:0] up;
    assign up      = req_i[g*4 +: 4] & (4'hf << ip_q[g*2 +: 2]);
    assign ghit[g] = |up;
    assign gwin[g*2 +: 2] = up[0] ? 2'd0 : up[1] ? 2'd1 : up[2] ? 2'd2 : 2'd3;
  end

  // The first group, from the top pointer, with such a request.
  assign grot = {ghit, ghit} >> gp_q;
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

  // Otherwise the lowest request.
  always_comb begin
    low = '0;
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) begin
        low = IW'(i);
      end
    end
  end

  assign any  = |req_i;
  assign win  = (|ghit) ? IW'({wg, gwin[wg*2 +: 2]}) : low;
  assign wgrp = win[IW-1:2];
  assign wloc = win[1:0];

  always_comb begin
    gp_d  = gp_q;
    ip_d  = ip_q;
    gnt_d = gnt_q;
    if (any) begin
      gnt_d = win;
      gp_d  = (wgrp == GW'(NG - 1)) ? '0 : wgrp + GW'(1);
      ip_d[wgrp*2 +: 2] = wloc + 2'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      gp_q    <= '0;
      ip_q    <= '0;
      valid_q <= 1'b0;
      gnt_q   <= '0;
    end else begin
      gp_q    <= gp_d;
      ip_q    <= ip_d;
      valid_q <= any;
      gnt_q   <= gnt_d;
    end
  end

  assign gnt_valid_o = valid_q;
  assign gnt_idx_o   = gnt_q;

endmodule
