// alt_tm: a small shared-buffer traffic manager with Occamy head drop,
// written as a switch team outside the Occamy project would write theirs.
// It is test data for the toolkit's transaction-level scoreboard: a TM whose
// micro-architecture and timing differ on purpose from the project's
// occamy_tm (see README.md beside this file).
//
// Parameters
//   P      (1..32,  default 4)   egress ports
//   Q      (1..8,   default 2)   queues per port = alpha classes; queue i is
//                                port i/Q, class i%Q; N = P*Q queues
//   B      (1..65535, default 256) buffer cells
//   MAXPKT (1..min(B,255), default 8) largest packet, in cells
//   DW     (1..256, default 32)  cell data word (opaque: egress returns it)
//   AW     (2..8,   default 4)   signed alpha exponent width
//   R      (1..1024, default 4)  line rate: a port sends at most one cell
//                                every R cycles
//   Derived: IW = max(1, clog2(N)) queue index, LW = clog2(MAXPKT+1)
//   packet length, QW = clog2(B+1) queue length / free count / threshold.
//
// Ports (sync active-low reset; every output is a register)
//   cfg_hd_en_i          1: Occamy (DT admission + head drop); 0: plain DT
//   cfg_alpha_i [Q*AW]   class c's signed exponent s_c at [c*AW +: AW],
//                        alpha_c = 2^s_c; both cfg inputs constant after reset
//   in_valid_i, in_ready_o   cell-serial ingress: one cell per accepted beat
//   in_queue_i [IW], in_cells_i [LW]  read on a packet's first beat only; the
//                        packet is the next in_cells_i accepted beats
//                        (in_cells_i = 0 counts as one beat)
//   in_data_i [DW]       the cell's data word, stored as is
//   adm_valid_o, adm_drop_o, adm_queue_o [IW], adm_cells_o [LW]
//                        admission event, the cycle after the packet's first
//                        beat was accepted: adm_drop_o = 1 refused, 0 admitted
//   eg_valid_o, eg_queue_o [IW], eg_data_o [DW], eg_first_o, eg_last_o
//                        one cell leaves per cycle (all ports share the
//                        output), the cycle after it was read
//   hd_valid_o, hd_queue_o [IW], hd_cells_o [LW]
//                        head-drop event, the cycle after the queue's head
//                        packet was expelled and its chain freed
//   qlen_o [N*QW]        queue i's cells at [i*QW +: QW]: admitted, not yet
//                        fully sent or head-dropped (a packet counts until
//                        its last cell leaves)
//   free_o [QW]          B - sum(qlen); free_o + sum(qlen_o) = B every cycle
//   thr_o [Q*QW]         class c's threshold as admission and selector use it
//
// Latency (cycle t = the cycle an input is presented / a decision is taken)
//   ingress: in_ready_o is low for B cycles after reset (the free list is
//     threaded one link per cycle), then high.
//   admission: decided in the cycle t of the first beat, reported at t+1;
//     refused iff in_cells_i is 0 or > MAXPKT, or qlen_o(t)[q] + cells >
//     thr(t), or cells > free_o(t), where thr(t) = T_c(free_o(t-1)) (the
//     threshold register is one cycle stale): T_c(f) = f << s_c (saturated
//     to 2^QW-1) or f >> -s_c. qlen_o and free_o include it from t+1.
//   a packet's PD is pushed in the cycle after its last beat is accepted;
//     egress and head drop can take it from the cycle after that.
//   egress: each port picks its lowest non-empty class (strict priority),
//     ports are served round robin, one cell per cycle in all; the cell read
//     at t is on eg_* at t+1; after the last cell the packet's chain goes
//     back to the free list, and qlen_o/free_o show it at t+1.
//   head drop: the selector's bitmap in cycle t is qlen_o(t-1)[i] >
//     thr(t-1) (registered, hd_selector); round robin over the queues that
//     are over and hold a PD (rr_arbiter, acked by the executor); the
//     executor pops the granted queue's head PD and appends its whole chain
//     to the free list in one write, at most every other cycle, never in a
//     cycle where egress frees a chain (one free-list write port) nor on the
//     queue whose head egress takes in that cycle; reported on hd_* and in
//     qlen_o/free_o at t+1.
//
// Differences from occamy_tm: one PD FIFO per queue instead of PD linked
// lists; one cell-link memory shared by packets and the free list, chain
// freeing only; cell-serial ready/valid ingress instead of offer slots;
// admission registered and reported one cycle later; the DT threshold taken
// from a registered free count; egress one cell per cycle, round robin over
// ports, registered; no memory port budgets modelled.
module alt_tm #(
  parameter int P      = 4,
  parameter int Q      = 2,
  parameter int B      = 256,
  parameter int MAXPKT = 8,
  parameter int DW     = 32,
  parameter int AW     = 4,
  parameter int R      = 4
) (
  input  logic                                      clk_i,
  input  logic                                      rst_ni,
  input  logic                                      cfg_hd_en_i,
  input  logic [Q*AW-1:0]                           cfg_alpha_i,
  input  logic                                      in_valid_i,
  output logic                                      in_ready_o,
  input  logic [((P*Q > 1) ? $clog2(P*Q) : 1)-1:0]  in_queue_i,
  input  logic [$clog2(MAXPKT+1)-1:0]               in_cells_i,
  input  logic [DW-1:0]                             in_data_i,
  output logic                                      adm_valid_o,
  output logic                                      adm_drop_o,
  output logic [((P*Q > 1) ? $clog2(P*Q) : 1)-1:0]  adm_queue_o,
  output logic [$clog2(MAXPKT+1)-1:0]               adm_cells_o,
  output logic                                      eg_valid_o,
  output logic [((P*Q > 1) ? $clog2(P*Q) : 1)-1:0]  eg_queue_o,
  output logic [DW-1:0]                             eg_data_o,
  output logic                                      eg_first_o,
  output logic                                      eg_last_o,
  output logic                                      hd_valid_o,
  output logic [((P*Q > 1) ? $clog2(P*Q) : 1)-1:0]  hd_queue_o,
  output logic [$clog2(MAXPKT+1)-1:0]               hd_cells_o,
  output logic [P*Q*$clog2(B+1)-1:0]                qlen_o,
  output logic [$clog2(B+1)-1:0]                    free_o,
  output logic [Q*$clog2(B+1)-1:0]                  thr_o
);

  localparam int N   = P * Q;
  localparam int IW  = (N > 1) ? $clog2(N) : 1;
  localparam int PW  = (P > 1) ? $clog2(P) : 1;
  localparam int CLW = (Q > 1) ? $clog2(Q) : 1;
  localparam int LW  = $clog2(MAXPKT + 1);
  localparam int QW  = $clog2(B + 1);
  localparam int CW  = (B > 1) ? $clog2(B) : 1;   // a cell's address
  localparam int PDW = 2 * CW + LW;               // a PD: {first, last, cells}
  localparam int SH  = (1 << (AW - 1)) - 1;       // largest left shift of T
  localparam int RTW = (R > 1) ? $clog2(R) : 1;
  localparam int THR_STAGES = 1;                  // registers on the threshold
  localparam bit CAN_LONG = ((1 << LW) - 1) > MAXPKT; // in_cells_i can exceed MAXPKT

`ifdef __ICARUS__
  initial begin
    if (P < 1 || P > 32) $fatal(1, "alt_tm: P=%0d out of range 1..32", P);
    if (Q < 1 || Q > 8) $fatal(1, "alt_tm: Q=%0d out of range 1..8", Q);
    if (B < 1 || B > 65535) $fatal(1, "alt_tm: B=%0d out of range 1..65535", B);
    if (MAXPKT < 1 || MAXPKT > B || MAXPKT > 255) $fatal(1, "alt_tm: MAXPKT=%0d out of range 1..min(B,255)", MAXPKT);
    if (DW < 1 || DW > 256) $fatal(1, "alt_tm: DW=%0d out of range 1..256", DW);
    if (AW < 2 || AW > 8) $fatal(1, "alt_tm: AW=%0d out of range 2..8", AW);
    if (R < 1 || R > 1024) $fatal(1, "alt_tm: R=%0d out of range 1..1024", R);
  end
`else
  if (P < 1 || P > 32 || Q < 1 || Q > 8 || B < 1 || B > 65535 || MAXPKT < 1 || MAXPKT > B ||
      MAXPKT > 255 || DW < 1 || DW > 256 || AW < 2 || AW > 8 || R < 1 || R > 1024) begin : g_bad
    $fatal(1, "alt_tm: parameter out of range (P=%0d Q=%0d B=%0d MAXPKT=%0d DW=%0d AW=%0d R=%0d)",
           P, Q, B, MAXPKT, DW, AW, R);
  end
`endif

  // Buffer accounting unit: what a packet of `cells` cells takes from the
  // free count and adds to its queue's length.
  function automatic logic [QW-1:0] charge(input logic [LW-1:0] cells);
    charge = QW'(cells);
  endfunction

  // DT threshold of a class: f << s saturated to QW bits, or f >> -s.
  function automatic logic [QW-1:0] dt(input logic [QW-1:0] f, input logic [AW-1:0] s);
    logic [QW+SH-1:0] wide;
    logic [AW-1:0]    mag;
    wide = {{SH{1'b0}}, f} << s;
    mag  = -s;
    if (s[AW-1]) dt = f >> mag;
    else         dt = (|wide[QW+SH-1:QW]) ? '1 : wide[QW-1:0];
  endfunction

  // Lowest set bit of a port's non-empty queues: its strict-priority class.
  function automatic logic [CLW-1:0] lowest(input logic [Q-1:0] v);
    lowest = '0;
    for (int c = Q - 1; c >= 0; c--) if (v[c]) lowest = CLW'(c);
  endfunction

  // ---------------------------------------------------------------- memories
  logic [DW-1:0]  data_mem [0:B-1];              // cell data
  logic [CW-1:0]  link_mem [0:B-1];              // next cell: packet or free list
  logic [PDW-1:0] pd_mem   [0:(1<<(IW+CW))-1];   // PD FIFOs: queue q at {q, ptr}

  // ------------------------------------------------------- state and wiring
  logic          init_q;                  // threading the free list
  logic [CW-1:0] init_idx_q;
  logic [CW-1:0] fl_head_q, fl_tail_q;    // the free list
  logic [QW-1:0] fl_cnt_q;                // cells on it
  logic [QW-1:0] free_q;                  // B - sum of queue lengths

  logic [N*QW-1:0] qlen_all;              // per-queue registers, packed
  logic [N*CW-1:0] rd_all;                // PD FIFO read pointers
  logic [N*CW-1:0] wr_all;                // PD FIFO write pointers
  logic [N-1:0]    pd_ne;                 // PD FIFO not empty

  logic [(THR_STAGES+1)*Q*QW-1:0] thr_stage;    // stage k at [k*Q*QW +: Q*QW]
  logic [Q*QW-1:0] thr_use;

  // ----------------------------------------------------- ingress, stage 0
  logic [LW-1:0] ing_left_q;      // beats still to come in the current packet
  logic          ing_drop_q;      // current packet refused
  logic [IW-1:0] ing_queue_q;
  logic [LW-1:0] ing_cells_q;
  logic          beat, sop, refuse, adm_take, keep;
  logic [QW-1:0] in_qlen, in_thr;
  logic [LW-1:0] left_d;

  assign in_ready_o = !init_q;
  assign beat    = in_valid_i && in_ready_o;
  assign sop     = beat && (ing_left_q == '0);
  assign in_qlen = qlen_all[32'(in_queue_i) * QW +: QW];
  assign in_thr  = thr_use[(32'(in_queue_i) % Q) * QW +: QW];
  assign refuse  = (in_cells_i == '0) || (CAN_LONG && 32'(in_cells_i) > MAXPKT) ||
                   ({1'b0, in_qlen} + {1'b0, charge(in_cells_i)} > {1'b0, in_thr}) ||
                   (charge(in_cells_i) > free_q);
  assign adm_take = sop && !refuse;
  assign keep     = beat && !(sop ? refuse : ing_drop_q);
  assign left_d   = sop ? ((in_cells_i == '0) ? '0 : in_cells_i - LW'(1))
                        : (beat ? ing_left_q - LW'(1) : ing_left_q);

  // ------------------------------------------ ingress, stage 1: write a cell
  logic          s1_valid_q, s1_first_q, s1_last_q;
  logic [IW-1:0] s1_queue_q;
  logic [LW-1:0] s1_cells_q;
  logic [DW-1:0] s1_data_q;
  logic [CW-1:0] pkt_head_q, pkt_prev_q;
  logic          fl_pop, pd_push;
  logic [CW-1:0] new_cell;
  logic [PDW-1:0] pd_new;

  assign fl_pop   = s1_valid_q;
  assign new_cell = fl_head_q;
  assign pd_push  = s1_valid_q && s1_last_q;
  assign pd_new   = {s1_first_q ? new_cell : pkt_head_q, new_cell, s1_cells_q};

  // ------------------------------------------------------------------ egress
  logic [P-1:0]     elig, act_all;
  logic [P*CW-1:0]  cur_all, ph_all, pt_all;
  logic [P*LW-1:0]  rem_all, pl_all;
  logic [P*IW-1:0]  pq_all;
  logic [P*CLW-1:0] cls_all;
  logic             eg_go, eg_start, eg_pop, eg_last, eg_free;
  logic [PW-1:0]    eg_port;
  logic [IW-1:0]    eg_q;
  logic [PDW-1:0]   pd_e, eg_chain;
  logic [CW-1:0]    eg_cell;
  logic [LW-1:0]    eg_rem;

  rr_arbiter #(.N(P)) u_port_arb (
    .clk_i, .rst_ni, .req_i(elig), .ack_i(1'b1), .gnt_valid_o(eg_go), .gnt_idx_o(eg_port)
  );

  assign eg_start = eg_go && !act_all[eg_port];
  assign eg_q     = eg_start ? IW'(32'(eg_port) * Q + 32'(cls_all[32'(eg_port) * CLW +: CLW]))
                             : pq_all[32'(eg_port) * IW +: IW];
  assign pd_e     = pd_mem[{eg_q, rd_all[32'(eg_q) * CW +: CW]}];
  assign eg_cell  = eg_start ? pd_e[CW+LW +: CW] : cur_all[32'(eg_port) * CW +: CW];
  assign eg_rem   = eg_start ? pd_e[LW-1:0] : rem_all[32'(eg_port) * LW +: LW];
  assign eg_chain = eg_start ? pd_e : {ph_all[32'(eg_port) * CW +: CW],
                                       pt_all[32'(eg_port) * CW +: CW],
                                       pl_all[32'(eg_port) * LW +: LW]};
  assign eg_last  = eg_rem == LW'(1);
  assign eg_pop   = eg_start;
  assign eg_free  = eg_go && eg_last;

  // -------------------------------------------------- Occamy head drop
  logic [N*QW-1:0] sel_qlen, sel_thr;
  logic [N-1:0]    over, hd_req;
  logic            hd_gv, hd_fire, hd_cool_q;
  logic [IW-1:0]   hd_q;
  logic [PDW-1:0]  pd_h;

  hd_selector #(.N(N), .QW(QW)) u_sel (
    .clk_i, .rst_ni, .qlen_i(sel_qlen), .thr_i(sel_thr), .over_o(over)
  );

  assign hd_req = over & pd_ne & {N{cfg_hd_en_i}};

  rr_arbiter #(.N(N)) u_hd_arb (
    .clk_i, .rst_ni, .req_i(hd_req), .ack_i(hd_fire), .gnt_valid_o(hd_gv), .gnt_idx_o(hd_q)
  );

  assign pd_h    = pd_mem[{hd_q, rd_all[32'(hd_q) * CW +: CW]}];
  assign hd_fire = hd_gv && !hd_cool_q && !eg_free && !(eg_pop && eg_q == hd_q);

  // ---------------------------------------- free list: pops and chain appends
  logic           fa_valid;
  logic [PDW-1:0] fa_chain;
  logic [QW-1:0]  fl_cnt_pop;

  assign fa_valid   = eg_free || hd_fire;
  assign fa_chain   = eg_free ? eg_chain : pd_h;
  assign fl_cnt_pop = fl_cnt_q - QW'(fl_pop);

  // ------------------------------------------------------------- thresholds
  for (genvar c = 0; c < Q; c++) begin : g_cls
    assign thr_stage[c*QW +: QW] = dt(free_q, cfg_alpha_i[c*AW +: AW]);
  end
  for (genvar k = 0; k < THR_STAGES; k++) begin : g_thr
    logic [Q*QW-1:0] thr_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) thr_q <= '0;
      else         thr_q <= thr_stage[k*Q*QW +: Q*QW];
    end
    assign thr_stage[(k+1)*Q*QW +: Q*QW] = thr_q;
  end
  assign thr_use = thr_stage[THR_STAGES*Q*QW +: Q*QW];

  // -------------------------------------------------------------- per queue
  for (genvar i = 0; i < N; i++) begin : g_q
    logic [QW-1:0] qlen_q, pdc_q;
    logic [CW-1:0] rd_q, wr_q;
    logic          push, pop;
    logic [QW-1:0] add, sub;
    assign push = pd_push && (s1_queue_q == IW'(i));
    assign pop  = (eg_pop && eg_q == IW'(i)) || (hd_fire && hd_q == IW'(i));
    assign add  = (adm_take && in_queue_i == IW'(i)) ? charge(in_cells_i) : '0;
    assign sub  = ((eg_free && eg_q == IW'(i)) ? charge(eg_chain[LW-1:0]) : '0) +
                  ((hd_fire && hd_q == IW'(i)) ? charge(pd_h[LW-1:0]) : '0);
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        qlen_q <= '0;
        pdc_q  <= '0;
        rd_q   <= '0;
        wr_q   <= '0;
      end else begin
        qlen_q <= qlen_q + add - sub;
        pdc_q  <= pdc_q + QW'(push) - QW'(pop);
        rd_q   <= rd_q + CW'(pop);
        wr_q   <= wr_q + CW'(push);
      end
    end
    assign qlen_all[i*QW +: QW] = qlen_q;
    assign rd_all[i*CW +: CW]   = rd_q;
    assign wr_all[i*CW +: CW]   = wr_q;
    assign pd_ne[i]             = pdc_q != '0;
    assign sel_qlen[i*QW +: QW] = qlen_q;
    assign sel_thr[i*QW +: QW]  = thr_use[(i % Q) * QW +: QW];
  end

  // --------------------------------------------------------------- per port
  for (genvar p = 0; p < P; p++) begin : g_port
    logic           act_q;
    logic [CW-1:0]  cur_q, ph_q, pt_q;
    logic [LW-1:0]  rem_q, pl_q;
    logic [IW-1:0]  pq_q;
    logic [RTW-1:0] rt_q;
    logic [Q-1:0]   ne;
    logic           mine;
    assign ne   = pd_ne[p*Q +: Q];
    assign mine = eg_go && (eg_port == PW'(p));
    assign elig[p] = (rt_q == '0) && (act_q || (|ne));
    assign cls_all[p*CLW +: CLW] = lowest(ne);
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        act_q <= 1'b0;
        rt_q  <= '0;
      end else if (mine) begin
        act_q <= !eg_last;
        rt_q  <= RTW'(R - 1);
      end else if (rt_q != '0) begin
        rt_q  <= rt_q - RTW'(1);
      end
    end
    always_ff @(posedge clk_i) begin
      if (mine) begin
        cur_q <= link_mem[eg_cell];
        rem_q <= eg_rem - LW'(1);
        if (eg_start) begin
          pq_q <= eg_q;
          {ph_q, pt_q, pl_q} <= pd_e;
        end
      end
    end
    assign act_all[p]            = act_q;
    assign cur_all[p*CW +: CW]   = cur_q;
    assign rem_all[p*LW +: LW]   = rem_q;
    assign pq_all[p*IW +: IW]    = pq_q;
    assign ph_all[p*CW +: CW]    = ph_q;
    assign pt_all[p*CW +: CW]    = pt_q;
    assign pl_all[p*LW +: LW]    = pl_q;
  end

  // ----------------------------------------------------- shared registers
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      init_q      <= 1'b1;
      init_idx_q  <= '0;
      fl_head_q   <= '0;
      fl_tail_q   <= CW'(B - 1);
      fl_cnt_q    <= QW'(B);
      free_q      <= QW'(B);
      ing_left_q  <= '0;
      ing_drop_q  <= 1'b0;
      s1_valid_q  <= 1'b0;
      hd_cool_q   <= 1'b0;
      adm_valid_o <= 1'b0;
      eg_valid_o  <= 1'b0;
      hd_valid_o  <= 1'b0;
    end else begin
      if (init_q) begin
        init_idx_q <= init_idx_q + CW'(1);
        init_q     <= init_idx_q != CW'(B - 1);
      end
      // Free list: this cycle's pop (stage 1) before the chain append.
      if (fa_valid && fl_cnt_pop == '0) fl_head_q <= fa_chain[CW+LW +: CW];
      else if (fl_pop)                  fl_head_q <= link_mem[fl_head_q];
      if (fa_valid) fl_tail_q <= fa_chain[LW +: CW];
      fl_cnt_q <= fl_cnt_pop + (fa_valid ? QW'(fa_chain[LW-1:0]) : '0);
      free_q   <= free_q - (adm_take ? charge(in_cells_i) : '0)
                         + (eg_free ? charge(eg_chain[LW-1:0]) : '0)
                         + (hd_fire ? charge(pd_h[LW-1:0]) : '0);
      // Ingress.
      ing_left_q <= left_d;
      if (sop) begin
        ing_drop_q  <= refuse;
        ing_queue_q <= in_queue_i;
        ing_cells_q <= in_cells_i;
      end
      s1_valid_q <= keep;
      hd_cool_q  <= hd_fire;
      // Events, one cycle after the fact.
      adm_valid_o <= sop;
      eg_valid_o  <= eg_go;
      hd_valid_o  <= hd_fire;
    end
  end

  // Registers without reset: data paths, valid only with their flags.
  always_ff @(posedge clk_i) begin
    if (beat) begin
      s1_first_q <= sop;
      s1_last_q  <= left_d == '0;
      s1_queue_q <= sop ? in_queue_i : ing_queue_q;
      s1_cells_q <= sop ? in_cells_i : ing_cells_q;
      s1_data_q  <= in_data_i;
    end
    if (s1_valid_q) begin
      pkt_prev_q <= new_cell;
      if (s1_first_q) pkt_head_q <= new_cell;
    end
    if (sop) begin
      adm_drop_o  <= refuse;
      adm_queue_o <= in_queue_i;
      adm_cells_o <= in_cells_i;
    end
    if (eg_go) begin
      eg_queue_o <= eg_q;
      eg_data_o  <= data_mem[eg_cell];
      eg_first_o <= eg_start;
      eg_last_o  <= eg_last;
    end
    if (hd_fire) begin
      hd_queue_o <= hd_q;
      hd_cells_o <= pd_h[LW-1:0];
    end
  end

  // Memory writes: data and link of the cell written by stage 1, the free
  // list's one append (the old tail's link, none into an empty list), the
  // free-list threading after reset, and the PD push.
  always_ff @(posedge clk_i) begin
    if (init_q) link_mem[init_idx_q] <= init_idx_q + CW'(1);
    if (s1_valid_q) begin
      data_mem[new_cell] <= s1_data_q;
      if (!s1_first_q) link_mem[pkt_prev_q] <= new_cell;
    end
    if (fa_valid && fl_cnt_pop != '0) link_mem[fl_tail_q] <= fa_chain[CW+LW +: CW];
    if (pd_push) pd_mem[{s1_queue_q, wr_all[32'(s1_queue_q) * CW +: CW]}] <= pd_new;
  end

  assign qlen_o = qlen_all;
  assign free_o = free_q;
  assign thr_o  = thr_use;

endmodule
