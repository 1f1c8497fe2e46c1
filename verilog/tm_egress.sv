// tm_egress: the traffic manager's per-port transmit (hw/tm stage H,
// egress): the cell data read by the dequeue come back to their port's
// buffer, and each port sends at most one cell every R cycles, reporting
// the tag the cell-data memory returned for it.
//
// Parameters
//   N (1..256, default 64) queues; P (1..32, default 8) ports; K (1, 2, 4,
//   8, default 4) cells per data return; LW (1..13, default 7) cell-count
//   width; SW (1..32, default 16) serial bits; TXWIN (1..4096, default 16)
//   transmit window; MAXPKT (1..4095, default 64) largest packet.
//   Derived: IW = max(1, clog2(N)), PW = max(1, clog2(P)), TW = SW+LW,
//   PNW = clog2(TXWIN+MAXPKT) pending width (a port is scheduled while
//   pending < TXWIN, so pending <= TXWIN-1+MAXPKT), FD = 2^PNW buffer entries.
//
// Ports
//   r_i [11]             cycles per cell per port (line rate), 1..1024
//   issue_i, issue_port_i, issue_cells_i   a packet is booked on a port
//                        this cycle (stage C): registered here, its cells
//                        count as pending from the edge after next
//   ret_i, ret_port_i, ret_qid_i, ret_cnt_i   a dequeue round's data return
//                        now (read in the previous cycle)
//   ret_tag_i [K*TW]     cd_mem's read data: cell s's tag at [s*TW +: TW]
//   port_rdy_o [P]       registered: fewer than TXWIN cells pending and no
//                        booking of the cycle before on the port
//   eg_valid_o [P], eg_qid_o [P*IW], eg_tag_o [P*TW]   comb: port p sends a
//                        cell of queue eg_qid_o[p] whose data held eg_tag_o[p]
//
// Behaviour: cells returned in cycle t can leave in t; a port that sent in
// t sends again at t+R at the earliest. A returned cell waits in its port's
// buffer, a ring of FD entries {queue, tag} in one sram_mp (u_buf) shared
// by the ports (P read ports, K write ports), read ahead with a bypass.
//
// Hazards (issue 29, the egress cut; docs/tm.md "The egress cut"):
// - The pending view is a cycle stale: a booking of cycle t counts in
//   pend_q from t+2 (isv_q, isc_q in t+1), so port_rdy_o[p] is low in t+1
//   besides pend_q >= TXWIN; with the top's own lock of a granted port
//   (gport) a port is granted at most once in three cycles and every
//   earlier booking is in pend_q at a grant: pending <= TXWIN-1+MAXPKT.
// - A booked packet's first cell comes back two cycles after its booking
//   at the earliest (the PD read, then the dequeue's round), when pend_q
//   already counts it: a send never finds pend_q zero (asserted).
// - The line-free flag lf_q is tmr_q == 0 and e0_q, e1_q are cnt_q == 0,
//   1, each computed from the _d value; the bypass is chosen from them (a
//   next head among this cycle's writes means the buffer held no older
//   cell after the send; any other case would overflow it).
// Assertions (`ifndef SYNTHESIS): no buffer overflow; a send has a pending cell.
`include "occamy_checks.svh"

module tm_egress #(
  parameter int  N      = 64,
  parameter int  P      = 8,
  parameter int  K      = 4,
  parameter int  LW     = 7,
  parameter int  SW     = 16,
  parameter int  TXWIN  = 16,
  parameter int  MAXPKT = 64,
  // Derived, not to be set:
  localparam int IW     = (N > 1) ? $clog2(N) : 1,  // queue index
  localparam int PW     = (P > 1) ? $clog2(P) : 1,  // port index
  localparam int TW     = SW + LW,                  // cell tag {serial, cell index}
  localparam int WW     = $clog2(K + 1)             // cells of one return, 0..K
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [10:0]     r_i,
  input  logic            issue_i,
  input  logic [PW-1:0]   issue_port_i,
  input  logic [LW-1:0]   issue_cells_i,
  input  logic            ret_i,
  input  logic [PW-1:0]   ret_port_i,
  input  logic [IW-1:0]   ret_qid_i,
  input  logic [WW-1:0]   ret_cnt_i,
  input  logic [K*TW-1:0] ret_tag_i,
  output logic [P-1:0]    port_rdy_o,
  output logic [P-1:0]    eg_valid_o,
  output logic [P*IW-1:0] eg_qid_o,
  output logic [P*TW-1:0] eg_tag_o
);

  localparam int EW  = IW + TW;
  localparam int PNW = $clog2(TXWIN + MAXPKT);
  localparam int FD  = 1 << PNW;
  localparam int S1  = (K > 1) ? 1 : 0;  // a return's second cell (K > 1)

  `OCCAMY_CHECKS_BEGIN
    `OCCAMY_CHECK_RANGE(tm_egress, TXWIN, 1, 4096)
  `OCCAMY_CHECKS_END

  // Each port's registers are its own (generate block g_port), so a settle
  // updates scalars instead of inserting into P-wide packed vectors.
  logic [P*EW-1:0]  bhead;   // each port's oldest buffered cell {queue, tag}
  logic [P*PNW-1:0] wp_all;  // the write pointers, for the return's address

  // The issue is registered (isc_q, and each port's isv_q): a booking
  // counts in pend_q from the edge after the cycle after it, and its port
  // is not ready in that cycle (issue 29: no path from the PD lists' head
  // lengths through the issue's select into pend_q).
  logic [LW-1:0] isc_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      isc_q <= '0;
    end else begin
      isc_q <= issue_cells_i;
    end
  end

  logic [TW-1:0] ret_tag0;  // a return's first cell, sent at once into an empty buffer
  assign ret_tag0 = ret_tag_i[0 +: TW];

  // The ports' buffers: one sram_mp (u_buf, P*FD words {queue, tag}, one
  // read port per port, K write ports: a cycle's return goes to one port).
  // Read port p reads, every cycle, the entry that is port p's head next
  // cycle; an entry written in the same cycle is taken from a bypass
  // register instead (the read sees the array before the write).
  localparam int BAW = (P * FD > 1) ? $clog2(P * FD) : 1;
  logic [P*BAW-1:0] b_raddr;
  logic [P*EW-1:0]  b_rdata;
  logic [K-1:0]     b_wen;
  logic [K*BAW-1:0] b_waddr;
  logic [K*EW-1:0]  b_wdata;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [P-1:0]     b_rvld;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [PNW-1:0]   b_wp;   // the returning port's write pointer

  assign b_wp = wp_all[32'(ret_port_i)*PNW +: PNW];

  for (genvar s = 0; s < K; s++) begin : g_bw
    assign b_wen[s]              = ret_i && (32'(s) < 32'(ret_cnt_i));
    assign b_waddr[s*BAW +: BAW] = BAW'(32'(ret_port_i) * FD + 32'(PNW'(b_wp + PNW'(s))));
    assign b_wdata[s*EW +: EW]   = {ret_qid_i, ret_tag_i[s*TW +: TW]};
  end

  for (genvar p = 0; p < P; p++) begin : g_port
    logic [PNW-1:0] pend_q, pend_d;  // cells booked before the last cycle and not yet sent
    logic           isv_q;           // the issue of the last cycle was this port's
    logic [PNW-1:0] wp_q, wp_d;      // buffer write pointer
    logic [PNW-1:0] rp_q, rp_d;      // buffer read pointer
    logic [PNW:0]   cnt_q, cnt_d;    // cells in the buffer
    logic [10:0]    tmr_q, tmr_d;    // cycles until the port may send again
    logic           lf_q, lf_d;      // line free: tmr_q == 0, precomputed from tmr_d
    logic           e0_q, e0_d;      // cnt_q == 0, precomputed from cnt_d
    logic           e1_q, e1_d;      // cnt_q == 1, precomputed from cnt_d
    logic           byp_q, byp_d;    // next head is bdat_q, written this cycle
    logic [EW-1:0]  bdat_q, bdat_d;
    logic           ret_p;           // the return is this port's
    logic           send;
    logic [IW-1:0]  hq;
    logic [TW-1:0]  ht;

    assign ret_p = ret_i && 32'(ret_port_i) == p;

    // The cell count's change (the return less the send) is summed first,
    // so cnt_d is one adder after send; send reads the registered flags
    // e0_q and lf_q, not cnt_q's or tmr_q's compares (issue 29).
    always @* begin
      logic [WW-1:0] rc;
      rc     = ret_p ? ret_cnt_i : '0;
      wp_d   = wp_q + PNW'(rc);
      send     = (!e0_q || rc != '0) && lf_q;
      {hq, ht} = !e0_q ? bhead[p*EW +: EW] : {ret_qid_i, ret_tag0};
      rp_d     = rp_q;
      tmr_d    = tmr_q;
      lf_d     = lf_q;
      if (send) begin
        rp_d   = rp_q + PNW'(1);
        tmr_d  = r_i - 11'd1;
        lf_d   = r_i == 11'd1;
      end else if (!lf_q) begin
        tmr_d  = tmr_q - 11'd1;
        lf_d   = tmr_q == 11'd1;
      end
      cnt_d  = cnt_q + ((PNW+1)'(rc) - (PNW+1)'(send));
      pend_d = pend_q + ((isv_q ? PNW'(isc_q) : '0) - PNW'(send));
      e0_d  = cnt_d == '0;
      e1_d  = cnt_d == (PNW+1)'(1);
    end

    assign eg_valid_o[p]        = send;
    assign eg_qid_o[p*IW +: IW] = send ? hq : '0;
    assign eg_tag_o[p*TW +: TW] = send ? ht : '0;
    assign port_rdy_o[p]        = 32'(pend_q) < TXWIN && !isv_q;
    assign wp_all[p*PNW +: PNW] = wp_q;

    assign b_raddr[p*BAW +: BAW] = BAW'(p * FD + 32'(rp_d));
    assign bhead[p*EW +: EW]     = byp_q ? bdat_q : b_rdata[p*EW +: EW];
    // The next head is one of this cycle's writes only when the buffer
    // holds no older cell after the send (cnt_q == send): the first write
    // (off 0), or the second when the first is sent at once (cnt_q == 0,
    // off 1). Any other cnt_q would overflow the buffer (asserted).
    always @* begin
      logic one;  // the next head is the return's second cell
      one    = e0_q && send;
      byp_d  = ret_p && ((e0_q && !send && ret_cnt_i != '0) || (e1_q && send && ret_cnt_i != '0)
                         || (one && 32'(ret_cnt_i) >= 2));
      bdat_d = b_wdata[(one ? S1 : 0)*EW +: EW];
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        pend_q <= '0;
        isv_q  <= 1'b0;
        wp_q   <= '0;
        rp_q   <= '0;
        cnt_q  <= '0;
        tmr_q  <= '0;
        lf_q   <= 1'b1;
        e0_q   <= 1'b1;
        e1_q   <= 1'b0;
        byp_q  <= 1'b0;
        bdat_q <= '0;
      end else begin
        pend_q <= pend_d;
        isv_q  <= issue_i && 32'(issue_port_i) == p;
        wp_q   <= wp_d;
        rp_q   <= rp_d;
        cnt_q  <= cnt_d;
        tmr_q  <= tmr_d;
        lf_q   <= lf_d;
        e0_q   <= e0_d;
        e1_q   <= e1_d;
        byp_q  <= byp_d;
        bdat_q <= bdat_d;
      end
    end

`ifndef SYNTHESIS
    always @(posedge clk_i) begin
      if (rst_ni) begin
        assert (32'(cnt_d) <= FD) else $error("tm_egress: port %0d buffer overflow", p);
        if (send) begin
          assert (pend_q != '0) else $error("tm_egress: port %0d sends with no cell pending", p);
        end
      end
    end
`endif
  end

  sram_mp #(.DEPTH(P * FD), .WIDTH(EW), .RP(P), .WP(K), .LAT(1)) u_buf (
    .clk_i, .rst_ni,
    .rd_en_i({P{1'b1}}), .rd_addr_i(b_raddr), .rd_valid_o(b_rvld), .rd_data_o(b_rdata),
    .wr_en_i(b_wen), .wr_addr_i(b_waddr), .wr_data_i(b_wdata)
  );

endmodule
