// tm_sched: the traffic manager's egress scheduler (cycle-exact with
// hw/scheduler): P ports x Q queues, queue i being port i/Q, class i%Q; at
// most one packet start per cycle. drr is pipelined: every port visits one
// class per cycle, all ports in parallel, and a grant comes the cycle after
// its class was found ready, so no path searches a port's classes in one
// cycle (5 LUT6 levels at the small set, docs/hardware-cost.md).
//
// Parameters
//   P (1..32, default 8) ports; Q (1..8, default 8) queues per port;
//   LW (1..13, default 7) head-length width; DFW (default 18) deficit width
//   (a port leaves a class with its deficit below the head, or the queue
//   empty and the deficit 0, so a deficit stays below 2^LW + 65535 < 2^18).
//   Derived: N = P*Q, IW = max(1, clog2(N)), PW = max(1, clog2(P)),
//   CQW = max(1, clog2(Q)).
//
// Ports
//   en_i                 the dequeue can take a packet this cycle (else no
//                        grant; the DRR visits go on)
//   drr_i                deficit round robin (1) or strict priority (0)
//   quantum_i [Q*16]     DRR quantum per class, cells, 1..65535
//   elig_i [N]           queue may start a packet now
//   nonempty_i [N]       queue holds a packet (DRR resets an empty queue's deficit)
//   port_rdy_i [P]       port may take another packet
//   head_len_i [N*LW]    head packet length per queue (after this cycle's unlink)
//   ack_i                the grant is taken this cycle
//   unl_i, unl_oh_i [N]  a queue's head is unlinked this cycle (a dequeue's
//                        or a head drop's PD read returning): its head changes;
//                        the queue one-hot (occamy_tm's rdo_q), zero without unl_i
//   gnt_valid_o, gnt_qid_o [IW], gnt_port_o [PW]   comb: the grant
//
// Choice (hw/scheduler's package doc). The port is the first candidate
// port at or after the port pointer (circularly); a candidate needs
// port_rdy_i and en_i.
//   sp: a port is a candidate when a queue of it is eligible; the grant is
//   its eligible queue of lowest class (combinational, as before).
//   drr: every port visits ONE class a cycle, all ports in parallel. A port
//   with no eligible queue stands still. At its class pointer c: an
//   eligible queue whose quantum is not yet added on this visit gets it
//   (deficit += quantum; no grant from it in this cycle); an eligible queue
//   with the quantum added whose deficit covers its head is READY: the port
//   holds its pointer; any other case passes (the pointer moves to c+1, the
//   added flag clears; an empty queue's deficit is reset to 0, a non-empty
//   one's kept). A port is a candidate in the cycle AFTER its class was
//   ready (rdy_q). A taken grant takes the head's length from the deficit
//   and keeps the pointer; that port's ready of the same cycle is dropped
//   (it was computed on the head being granted), so it is ready again once
//   a visit has seen the new head.
// Hazards (the ready is one cycle old when it is granted):
//   - the head changed: an unlink of the queue in the grant's cycle (unl_i
//     with unl_oh_i, a dequeue or a head drop) makes head_len_i differ
//     from the length the ready was computed on: no grant (a bubble: the
//     winner's grant is not valid and no other port is tried). The next
//     visit sees the new head. Without an unlink the head is the one the
//     ready saw (a link changes only an empty queue's head, and an empty
//     queue is not eligible).
//   - the queue stopped being eligible (locked or emptied): no grant (a
//     bubble).
//   - the deficit: it changes only by a quantum (never on a ready class) or
//     by a taken grant (whose port's ready is dropped), so a valid grant's
//     deficit covers its head. Checked by an assertion (`ifndef SYNTHESIS).
// Registers: the port pointer, as a thermometer mask (bit j: port j at or
// after the pointer), moves past a taken grant's port; per port the class
// pointer (one-hot, and as a queue index), the added flag, the ready flag
// (rdy_q); per queue the deficit (one N*DFW-bit vector). The DRR's
// registers update only under drr. Reset clears them (the pointers to port
// 0 and class 0). A grant not taken (ack_i low) changes neither the port
// pointer nor a deficit.
// Latency: the grant is combinational from the inputs and the registers;
// register changes land at the edge ending the cycle. drr: a class reached
// in cycle t gets its quantum at t, is ready at t+1 and granted at t+2 at
// the earliest; after a taken grant at t the port's next grant is at t+2 at
// the earliest (same class) or t+4 (the next class).
// Corner cases: a port not ready or without a ready class is skipped; a
// ready class holds its port's pointer while en_i is low or another port
// wins; with Q = 1 a port visits its one queue every cycle.
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
  input  logic              unl_i,
  input  logic [N-1:0]      unl_oh_i,
  output logic              gnt_valid_o,
  output logic [IW-1:0]     gnt_qid_o,
  output logic [PW-1:0]     gnt_port_o
);

  localparam int CQW = (Q > 1) ? $clog2(Q) : 1;
  localparam int LWG = 3 * ((LW + 2) / 3);          // LW in whole 3-bit groups (ge_tree)

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm_sched, P, 1, 32)
    `OCCAMY_CHECK_RANGE(tm_sched, Q, 1, 8)
  `OCCAMY_CHECKS_END

  logic [P-1:0]       pm_q, pm_d;     // port pointer as a mask: bit j = (j >= pointer)
  // The port pointer in binary: what hw/scheduler and the waveforms show
  // (u_sched.ptr_q); the choice reads the mask.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [PW-1:0]      ptr_q;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [PW-1:0]      ptr_d;
  logic [P*Q-1:0]     coh_q, coh_d;   // per port, its class pointer one-hot
  logic [P-1:0]       add_q, add_d;   // per port, the quantum was added at its class
  logic [P-1:0]       rdy_q, rdy_d;   // per port, its class was ready last cycle
  logic [P*IW-1:0]    qid_q, qid_d;   // per port, its class's queue (p*Q + class pointer)
  logic [N*DFW-1:0]   def_q, def_d;   // per queue, its deficit

  logic [P-1:0]       el, ne, rdy;    // per port (drr): its class eligible, non-empty, ready
  logic [P-1:0]       anye;           // per port: some queue of it is eligible
  logic [P-1:0]       cand;           // candidate ports
  logic [P-1:0]       win;            // the round robin's winner, one-hot (en_i not in it)
  logic [P-1:0]       ok;             // per port, its grant is valid (drr: still ready now)
  logic [P-1:0]       gpre;           // the grant were en_i high, one-hot (win & ok)
  logic [P-1:0]       goh;            // the granted port, one-hot (gpre under en_i)

  // The next class: the one-hot pointer rotated by one.
  // (x << 1 drops bit Q-1, which x >> (Q-1) brings to bit 0; with Q = 1
  // it is x.)
  function automatic logic [Q-1:0] rotl(input logic [Q-1:0] x);
    rotl = (x << 1) | (x >> (Q - 1));
  endfunction

  // d >= h, LW bits, as a tree (issue 29, schedone): 3-bit groups, each
  // its own > and == (six inputs: one LUT6), then the groups combined from
  // the lowest, ge = gt | (eq & ge below) (five inputs for three groups:
  // one LUT6). Written as `d >= h` it mapped as a ripple, two bits a
  // level: a class's term (below) ended 6 levels from def_q at the
  // defaults (the head length 1, the compare 2..5), 4 now.
  function automatic logic ge_tree(input logic [LW-1:0] d, input logic [LW-1:0] h);
    logic [LWG-1:0] dw, hw;
    logic [2:0]     dg, hg;
    dw      = LWG'(d);
    hw      = LWG'(h);
    ge_tree = 1'b1;
    for (int g = 0; g < LWG / 3; g++) begin
      dg      = dw[3*g +: 3];
      hg      = hw[3*g +: 3];
      ge_tree = (dg > hg) || (dg == hg && ge_tree);
    end
  endfunction

  // sp: the lowest class set in x (0 when none).
  function automatic logic [CQW-1:0] first_q(input logic [Q-1:0] x);
    first_q = '0;
    for (int c = Q - 1; c >= 0; c--) begin
      if (x[c]) first_q = CQW'(c);
    end
  endfunction

  // Simulation cost: the per-port logic is written per mode under
  // `if (drr_i)`, and a class's terms under its bit of the class pointer
  // (OR-ed, the AND-OR select), so a simulator computes only the
  // configured mode's half, and under drr only the class each port visits;
  // the same logic as each drr term carrying drr_i (the Verilated model
  // computed every queue's cover compare, adder and subtractor every
  // cycle, under sp too). Intermediate values are locals of their block:
  // Icarus 11 re-runs, forever, an always @* that writes a module-level
  // variable it also reads.
  //
  // Per port before the grant: the candidate bit and whether its grant
  // is valid; under drr its visit (el, ne, rdy): at its class pointer the
  // queue is eligible, non-empty, and ready (eligible, the quantum added,
  // the deficit covers the head: a narrow compare, as the head is LW bits
  // wide and any deficit bit above LW covers it).
  always @* begin
    logic [P-1:0]   a;
    logic [Q-1:0]   e, oh, t;
    logic [DFW-1:0] d;
    logic [LW-1:0]  h;
    logic           l;
    a  = '0;
    e  = '0;
    oh = '0;
    d  = '0;
    h  = '0;
    t  = '0;
    l  = 1'b0;
    for (int p = 0; p < P; p++) a[p] = |elig_i[p*Q +: Q];
    anye = a;
    el   = '0;
    ne   = '0;
    rdy  = '0;
    // sp: a candidate when a queue of it is eligible, its grant valid.
    cand = port_rdy_i & a;
    ok   = '1;
    if (drr_i) begin
      for (int p = 0; p < P; p++) begin
        e  = elig_i[p*Q +: Q];
        oh = coh_q[p*Q +: Q];
        l  = |(e & oh);
        // Per class its term, then one OR over the Q terms (issue 29,
        // schedone): `r = r | term` under each class's bit was a chain of
        // Q muxes, one level per class pair after the compare.
        t  = '0;
        for (int c = 0; c < Q; c++) begin
          if (oh[c]) begin
            d    = def_q[(p*Q + c)*DFW +: DFW];
            h    = head_len_i[(p*Q + c)*LW +: LW];
            t[c] = e[c] && ((|d[DFW-1:LW]) || ge_tree(d[LW-1:0], h));
          end
        end
        el[p]  = l;
        ne[p]  = |(nonempty_i[p*Q +: Q] & oh);
        rdy[p] = (|t) && add_q[p];
        // The grant is valid when the queue has neither changed its head
        // since its ready (an unlink now: head_len_i is no longer the
        // length the ready saw) nor stopped being eligible. A winner whose
        // grant is not valid is a bubble. The unlinked queue is the port's
        // class pointer's (qid_q) when its one-hot bit meets the pointer's:
        // a Q-bit AND-OR, no compare of queue indices (issue 29).
        ok[p]  = l && !(|(unl_oh_i[p*Q +: Q] & oh));
      end
      // A candidate when its class was ready last cycle (rdy_q).
      cand = port_rdy_i & rdy_q;
    end
  end

  // Round robin over the candidate ports from the pointer mask: port j wins
  // when it is a candidate and no candidate precedes it circularly (the
  // candidates at or after the pointer first, else all of them).
  logic [P-1:0] hi, src, pm_past;
  assign hi  = cand & pm_q;
  assign src = (|hi) ? hi : cand;

  // Depth (issue 29, qlencut, no cycle moved): en_i (the dequeue's room,
  // late) enters last. The winner, the grant's port and queue are built
  // without it (gpre) and en_i gates the outputs: the same values, since
  // with en_i low goh, the grant and its port and queue were all 0, and
  // pm_past, ptr_d are read only under a grant (en_i high).
  for (genvar j = 0; j < P; j++) begin : g_win
    // below_j: the ports before j. After a taken grant the pointer moves
    // just past the granted port: bit j set for j > that port (all set
    // past the last port).
    localparam logic [P-1:0] BELOW = P'((64'(1) << j) - 64'(1));
    assign win[j]     = src[j] && ((src & BELOW) == '0);
    assign pm_past[j] = ((gpre & BELOW) != '0) || gpre[P-1];
  end

  assign gpre = win & ok;
  assign goh  = en_i ? gpre : '0;

  // Depth (issue 29, schedelig, no cycle moved): the DRR's registers read
  // the grant through a round robin of their own over the drr candidates
  // (port_rdy_i & rdy_q), not through cand's mux with sp's |elig_i: under
  // drr (constant from reset) dwin is win and dgoh is goh, and the DRR's
  // registers update only under drr, so the values are the same; the
  // synthesised paths from elig_i into the deficits and the ready flags no
  // longer cross sp's port OR and the round robin.
  logic [P-1:0] dcand, dhi, dsrc, dwin, dgoh;
  assign dcand = rdy_q & port_rdy_i;  // (not "cand = port_rdy_i & rdy_q": tm-drr-rdy-comb)
  assign dhi   = dcand & pm_q;
  assign dsrc  = (|dhi) ? dhi : dcand;
  for (genvar j = 0; j < P; j++) begin : g_dwin
    localparam logic [P-1:0] DBELOW = P'((64'(1) << j) - 64'(1));
    assign dwin[j] = dsrc[j] && ((dsrc & DBELOW) == '0);
  end
  assign dgoh = en_i ? (dwin & ok) : '0;

  assign gnt_valid_o = en_i && (|gpre);

  // The granted port and its queue: drr its class pointer's queue, sp its
  // eligible queue of lowest class (AND-OR over the one-hot grant, each
  // port's term under its bit), then gated by en_i.
  always @* begin
    logic [PW-1:0] g;
    logic [IW-1:0] q;
    g = '0;
    q = '0;
    for (int p = 0; p < P; p++) begin
      if (gpre[p]) begin
        g = g | PW'(p);
        q = q | (drr_i ? qid_q[p*IW +: IW] : IW'(p * Q + 32'(first_q(elig_i[p*Q +: Q]))));
      end
    end
    gnt_port_o = en_i ? g : '0;
    gnt_qid_o  = en_i ? q : '0;
  end

  assign pm_d  = (gnt_valid_o && ack_i) ? pm_past : pm_q;
  assign ptr_d = !(gnt_valid_o && ack_i) ? ptr_q :
                 (32'(gnt_port_o) == P - 1) ? '0 : gnt_port_o + PW'(1);

  // drr, per port: the quantum is added when its class is eligible and the
  // flag is clear (never ready then); it passes when not ready otherwise
  // (the pointer moves on, the class pointer wrapping from the last class,
  // its one-hot top bit). The ready of a port granted now was computed on
  // the head it takes. Per queue at the class pointer its deficit: less
  // the head on a taken grant, plus the quantum, 0 when the queue is
  // empty, else kept. The deficit's next value never depends on the cover
  // compare except through the grant (which implies ready), so the selects
  // are one-hot. Under sp the registers hold (below) and these are their
  // values.
  always @* begin
    logic [Q-1:0]   oh;
    logic           qn, ps, tk, zr;
    logic [DFW-1:0] d, dsub, dadd;
    oh    = '0;
    {qn, ps, tk, zr} = '0;
    {d, dsub, dadd}  = '0;
    coh_d = coh_q;
    add_d = add_q;
    rdy_d = '0;
    qid_d = qid_q;
    def_d = def_q;
    if (drr_i) begin
      for (int p = 0; p < P; p++) begin
        oh = coh_q[p*Q +: Q];
        qn = el[p] && !add_q[p];
        ps = anye[p] && !rdy[p] && !(el[p] && !add_q[p]);
        tk = dgoh[p] && ack_i;
        zr = anye[p] && !el[p] && !ne[p];
        add_d[p] = qn || (add_q[p] && !ps);
        rdy_d[p] = rdy[p] && !(dgoh[p] && ack_i);
        if (ps) begin
          coh_d[p*Q +: Q]   = rotl(oh);
          qid_d[p*IW +: IW] = oh[Q-1] ? IW'(p * Q) : qid_q[p*IW +: IW] + IW'(1);
        end
        if (tk || qn || zr) begin
          for (int c = 0; c < Q; c++) begin
            if (oh[c]) begin
              d    = def_q[(p*Q + c)*DFW +: DFW];
              dsub = d - DFW'(head_len_i[(p*Q + c)*LW +: LW]);
              dadd = d + DFW'(quantum_i[c*16 +: 16]);
              def_d[(p*Q + c)*DFW +: DFW] = ({DFW{tk}} & dsub) | ({DFW{qn}} & dadd);
            end
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pm_q  <= '1;
      ptr_q <= '0;
    end else begin
      pm_q  <= pm_d;
      ptr_q <= ptr_d;
    end
  end

  // The DRR's registers. Under sp (drr_i, constant from reset) their next
  // values are their values and they stay at reset: written so, Verilator
  // skips their update every cycle under sp (the same logic).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int p = 0; p < P; p++) coh_q[p*Q +: Q] <= Q'(1);
      add_q <= '0;
      rdy_q <= '0;
      for (int p = 0; p < P; p++) qid_q[p*IW +: IW] <= IW'(p * Q);
      def_q <= '0;
    end else if (drr_i) begin
      coh_q <= coh_d;
      add_q <= add_d;
      rdy_q <= rdy_d;
      qid_q <= qid_d;
      def_q <= def_d;
    end
  end

`ifndef SYNTHESIS
  // Under drr: under sp the class pointers hold their reset values and a
  // grant needs no ready.
  always @(posedge clk_i) begin
    if (rst_ni) begin
      assert (unl_i || unl_oh_i == '0)
        else $error("tm_sched: unl_oh_i %0h without an unlink", unl_oh_i);
    end
    if (rst_ni && drr_i) begin
      for (int p = 0; p < P; p++) begin
        // (Not $onehot: Icarus 11 gives 0 for it on a variable part-select.)
        assert (coh_q[p*Q +: Q] != '0 && (coh_q[p*Q +: Q] & (coh_q[p*Q +: Q] - Q'(1))) == '0)
          else $error("tm_sched: port %0d class pointer not one-hot", p);
        assert (!goh[p] || rdy[p])
          else $error("tm_sched: port %0d granted while its class is not ready now", p);
      end
    end
  end
`endif

endmodule
