// tm_sched: the traffic manager's egress scheduler (cycle-exact with
// hw/scheduler): P ports x Q queues, queue i being port i/Q, class i%Q; at
// most one packet start per cycle.
//
// Parameters
//   P (1..32, default 8) ports; Q (1..8, default 8) queues per port;
//   LW (1..13, default 7) head-length width; DFW (default 18) deficit width
//   (a deficit stays below MaxPkt + 2 quanta < 2^18).
//   Derived: N = P*Q, IW = max(1, clog2(N)), PW = max(1, clog2(P)),
//   CQW = max(1, clog2(Q)).
//
// Ports
//   en_i                 the dequeue can take a packet this cycle (else no
//                        grant and no register changes, as hw/tm not calling Eval)
//   drr_i                deficit round robin (1) or strict priority (0)
//   quantum_i [Q*16]     DRR quantum per class, cells, 1..65535
//   elig_i [N]           queue may start a packet now
//   nonempty_i [N]       queue holds a packet (DRR resets an empty queue's deficit)
//   port_rdy_i [P]       port may take another packet
//   head_len_i [N*LW]    head packet length per queue
//   ack_i                the grant is taken this cycle
//   gnt_valid_o, gnt_qid_o [IW], gnt_port_o [PW]   comb: the grant
//
// Choice (hw/scheduler's package doc): the port is the first port at or
// after the port pointer (circularly) with port_rdy_i and an eligible
// queue; within it sp grants the eligible queue of lowest class; drr visits
// the port's classes from its class pointer, adding the quantum once on
// arrival at an eligible queue, granting while the deficit covers the head
// (deficit -= length, the pointer stays), resetting an empty queue's
// deficit, passing over a non-eligible one with its deficit kept; at most
// 2Q visits, whose progress is kept when nothing is granted.
// Registers: the port pointer moves past a taken grant's port; the granted
// (or searched) port's class pointer, added flag and deficits are written
// back. Reset clears them all.
// Latency: the grant is combinational from the inputs and the registers;
// a taken grant's register changes land at the edge ending the cycle.
// Corner cases: an empty port (no eligible queue or not ready) is skipped;
// a DRR search with quanta smaller than every head grants nothing and keeps
// its progress (the next cycle continues from there).
`include "occamy_checks.svh"

module tm_sched #(
  parameter int  P   = 8,
  parameter int  Q   = 8,
  parameter int  LW  = 7,
  parameter int  DFW = 18,
  // Derived, not to be set:
  localparam int N   = P * Q,                   // queues
  localparam int IW  = (N > 1) ? $clog2(N) : 1,  // queue index
  localparam int PW  = (P > 1) ? $clog2(P) : 1   // port index
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              en_i,
  input  logic              drr_i,
  input  logic [Q*16-1:0]   quantum_i,
  input  logic [N-1:0]      elig_i,
  input  logic [N-1:0]      nonempty_i,
  input  logic [P-1:0]      port_rdy_i,
  input  logic [N*LW-1:0]   head_len_i,
  input  logic              ack_i,
  output logic              gnt_valid_o,
  output logic [IW-1:0]     gnt_qid_o,
  output logic [PW-1:0]     gnt_port_o
);

  localparam int CQW = (Q > 1) ? $clog2(Q) : 1;

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm_sched, P, 1, 32)
    `OCCAMY_CHECK_RANGE(tm_sched, Q, 1, 8)
  `OCCAMY_CHECKS_END

  logic [PW-1:0]      ptr_q, ptr_d;
  logic [P*CQW-1:0]   cur_q, cur_d;
  logic [P-1:0]       add_q, add_d;
  logic [N*DFW-1:0]   def_q, def_d;

  logic [P-1:0]  cand;
  logic          pvalid;
  logic [PW-1:0] port;

  for (genvar p = 0; p < P; p++) begin : g_port
    assign cand[p] = (|elig_i[p*Q +: Q]) && port_rdy_i[p];
  end

  // First candidate port at or after the pointer, circularly.
  always @* begin
    port   = '0;
    for (int p = P - 1; p >= 0; p--) begin
      if (cand[p]) port = PW'(p);
    end
    for (int p = P - 1; p >= 0; p--) begin
      if (cand[p] && 32'(p) >= 32'(ptr_q)) begin
        port  = PW'(p);
      end
    end
    pvalid = en_i && (|cand);
  end

  always @* begin
    logic [Q-1:0]     el, ne;
    logic [CQW-1:0]   c;
    logic             added, done;
    logic [Q*DFW-1:0] d;
    logic [DFW-1:0]   hl;
    logic             commit;
    el     = elig_i[32'(port)*Q +: Q];
    ne     = nonempty_i[32'(port)*Q +: Q];
    c      = cur_q[32'(port)*CQW +: CQW];
    added  = add_q[port];
    d      = def_q[32'(port)*Q*DFW +: Q*DFW];
    done   = 1'b0;
    hl     = '0;
    gnt_valid_o = 1'b0;
    gnt_qid_o   = '0;
    gnt_port_o  = '0;
    if (pvalid && !drr_i) begin
      for (int i = Q - 1; i >= 0; i--) begin
        if (el[i]) gnt_qid_o = IW'(32'(port) * Q + i);
      end
      gnt_valid_o = 1'b1;
      gnt_port_o  = port;
    end else if (pvalid) begin
      for (int v = 0; v < 2 * Q; v++) begin
        if (!done) begin
          hl = DFW'(head_len_i[(32'(port) * Q + 32'(c)) * LW +: LW]);
          if (el[c]) begin
            if (!added) begin
              d[32'(c)*DFW +: DFW] = d[32'(c)*DFW +: DFW] + DFW'(quantum_i[32'(c)*16 +: 16]);
              added = 1'b1;
            end
            if (d[32'(c)*DFW +: DFW] >= hl) begin
              d[32'(c)*DFW +: DFW] = d[32'(c)*DFW +: DFW] - hl;
              gnt_valid_o = 1'b1;
              gnt_qid_o   = IW'(32'(port) * Q + 32'(c));
              gnt_port_o  = port;
              done        = 1'b1;
            end
          end else if (!ne[c]) begin
            d[32'(c)*DFW +: DFW] = '0;
          end
          if (!done) begin
            added = 1'b0;
            c     = (32'(c) == Q - 1) ? '0 : c + CQW'(1);
          end
        end
      end
    end
    commit = pvalid && drr_i && (!gnt_valid_o || ack_i);
    ptr_d  = ptr_q;
    cur_d  = cur_q;
    add_d  = add_q;
    def_d  = def_q;
    if (gnt_valid_o && ack_i) begin
      ptr_d = (32'(port) == P - 1) ? '0 : port + PW'(1);
    end
    if (commit) begin
      cur_d[32'(port)*CQW +: CQW]     = c;
      add_d[port]                     = added;
      def_d[32'(port)*Q*DFW +: Q*DFW] = d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ptr_q <= '0;
      cur_q <= '0;
      add_q <= '0;
      def_q <= '0;
    end else begin
      ptr_q <= ptr_d;
      cur_q <= cur_d;
      add_q <= add_d;
      def_q <= def_d;
    end
  end

endmodule
