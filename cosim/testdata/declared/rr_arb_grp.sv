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
  logic [GW-1:0]   wg;
  logic            found, any;
  logic [IW-1:0]   win, low, gnt_d, gnt_q;
  logic            valid_q;
  logic [GJ-1:0]   j;

  // Within each group, from its pointer to the group's end (no wrap).
  always_comb begin
    ghit = '0;
    gwin = '0;
    for (int g = 0; g < NG; g++) begin
      for (int k = 3; k >= 0; k--) begin
        if (2'(k) >= ip_q[g*2 +: 2] && req_i[g*4 + k]) begin
          ghit[g]        = 1'b1;
          gwin[g*2 +: 2] = 2'(k);
        end
      end
    end
  end

  // The first group, from the top pointer, with such a request.
  always_comb begin
    wg    = '0;
    found = 1'b0;
    j     = '0;
    for (int k = NG - 1; k >= 0; k--) begin
      j = {1'b0, gp_q} + GJ'(k);
      if (j >= GJ'(NG)) begin
        j = j - GJ'(NG);
      end
      if (ghit[j[GW-1:0]]) begin
        wg    = j[GW-1:0];
        found = 1'b1;
      end
    end
  end

  // Otherwise the lowest request.
  always_comb begin
    low = '0;
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) begin
        low = IW'(i);
      end
    end
  end

  assign any = |req_i;
  assign win = found ? IW'({wg, gwin[wg*2 +: 2]}) : low;

  always_comb begin
    gp_d  = gp_q;
    ip_d  = ip_q;
    gnt_d = gnt_q;
    if (any) begin
      gnt_d = win;
      gp_d  = (win[IW-1:2] == GW'(NG - 1)) ? '0 : win[IW-1:2] + GW'(1);
      ip_d[win[IW-1:2]*2 +: 2] = win[1:0] + 2'd1;
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
