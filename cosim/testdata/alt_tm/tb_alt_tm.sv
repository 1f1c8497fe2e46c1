// tb_alt_tm: self-checking smoke testbench of alt_tm, for Icarus 11
// (iverilog -g2012) and for 5.006's verilator --binary --timing.
//
// Traffic: random packets of 1..MAXPKT cells (now and then a refused length:
// 0, or MAXPKT+1 when it fits in_cells_i), cell-serial with random gaps; 3/4
// of them go to a "hot" port that changes every PHASE cycles, so the hot
// port is overloaded (ingress 1 cell/cycle, a port drains 1/R) and, once the
// hot port moves, the old hot queues are over their threshold and Occamy
// expels them. Every cell's data word is its tag {serial[23:0], index[7:0]}.
// After +cycles=C traffic cycles the ingress stops and the TM drains.
//
// Checks, every cycle, against a shadow built only from the DUT's events:
//   data:    every cell that leaves is a cell of an admitted packet still
//            queued, of its queue, in index order, first/last marks right,
//            no X; a port finishes a packet before starting another
//   order:   per queue, packets start leaving and are head-dropped in
//            admission order (head drops take the oldest waiting packet,
//            with its length); one admission event per packet
//   conservation: shadow queue length (admitted cells minus left and
//            head-dropped cells) = qlen_o per queue; free_o + sum qlen_o = B;
//            shadow cells never above B
//   policy:  each admission decision equals alt_tm's declared rule with its
//            declared staleness (header comment); each head drop comes from
//            a queue the selector saw over its threshold, with hd enabled
//   lost:    after the drain, every admitted packet left or was dropped
// Summary lines start with "tb_alt_tm:"; the last line is PASS or FAIL.
// Plusargs: +seed=S (default 1), +cycles=C (4000), +alpha=E (class
// exponent, all classes, default 3), +alpha0=E (class 0's, default
// +alpha's), +hd=0|1 (default 1).
module tb_alt_tm #(
  parameter int P      = 4,
  parameter int Q      = 2,
  parameter int B      = 256,
  parameter int MAXPKT = 8,
  parameter int R      = 4
);
  localparam int N     = P * Q;
  localparam int IW    = (N > 1) ? $clog2(N) : 1;
  localparam int LW    = $clog2(MAXPKT + 1);
  localparam int QW    = $clog2(B + 1);
  localparam int AW    = 4;
  localparam int DW    = 32;
  localparam int QMAX  = (1 << QW) - 1;
  localparam int MAXP  = 1 << 16;   // packet records
  localparam int RING  = 1 << 12;   // shadow FIFO per queue, packets
  localparam int PHASE = 400;       // cycles between hot-port moves
  localparam int DRAIN = 4 * B * R + 1000;  // cycles the drain may take
  // Packet states.
  localparam int ST_OFFERED = 0, ST_ADM = 1, ST_REFUSED = 2, ST_LEFT = 3, ST_HD = 4;

  logic            clk, rst_n, hd_en;
  logic [Q*AW-1:0] alpha;
  logic            in_valid, in_ready;
  logic [IW-1:0]   in_queue;
  logic [LW-1:0]   in_cells;
  logic [DW-1:0]   in_data;
  logic            adm_valid, adm_drop, eg_valid, eg_first, eg_last, hd_valid;
  logic [IW-1:0]   adm_queue, eg_queue, hd_queue;
  logic [LW-1:0]   adm_cells, hd_cells;
  logic [DW-1:0]   eg_data;
  logic [N*QW-1:0] qlen;
  logic [QW-1:0]   free;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [Q*QW-1:0] thr;   // thr_o: shown in waveforms, the checks compute their own
  /* verilator lint_on UNUSEDSIGNAL */

  alt_tm #(.P(P), .Q(Q), .B(B), .MAXPKT(MAXPKT), .DW(DW), .AW(AW), .R(R)) dut (
    .clk_i(clk), .rst_ni(rst_n), .cfg_hd_en_i(hd_en), .cfg_alpha_i(alpha),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_queue_i(in_queue),
    .in_cells_i(in_cells), .in_data_i(in_data),
    .adm_valid_o(adm_valid), .adm_drop_o(adm_drop), .adm_queue_o(adm_queue),
    .adm_cells_o(adm_cells),
    .eg_valid_o(eg_valid), .eg_queue_o(eg_queue), .eg_data_o(eg_data),
    .eg_first_o(eg_first), .eg_last_o(eg_last),
    .hd_valid_o(hd_valid), .hd_queue_o(hd_queue), .hd_cells_o(hd_cells),
    .qlen_o(qlen), .free_o(free), .thr_o(thr)
  );

  initial begin
    clk = 1'b0;
    forever #5 clk = ~clk;
  end

  // Run control and random numbers (xorshift32: the same traffic on both
  // simulators for one seed).
  int seed, cycles, aexp, aexp0, hdarg, cyc, drain_cyc, done;
  logic [31:0] rng;

  // Packet records, shadow queues, ports in transmission.
  int rec_q  [0:MAXP-1];
  int rec_len[0:MAXP-1];
  int rec_st [0:MAXP-1];
  int sq     [0:N*RING-1];
  int sq_h   [0:N-1];
  int sq_t   [0:N-1];
  int sh_qlen[0:N-1];
  int qlen_now[0:N-1];
  int qlen_h1[0:N-1];
  int qlen_h2[0:N-1];
  int tx_act [0:P-1];
  int tx_ser [0:P-1];
  int tx_idx [0:P-1];
  int tx_q   [0:P-1];
  int free_now, free_h1, free_h2, free_h3;

  // The packet being driven and the decision awaited.
  int nser, cur_ser, cur_idx, cur_beats, in_pkt, hot, acc_prev;
  int pend, pend_ser, pend_qlen, pend_free, pend_thr_free;

  // Counts.
  int offered, admitted, refused, refused_thr, left, hdropped, hd_cells_sum, cells_out;
  int max_buffered, errors, e_data, e_order, e_cons, e_policy, e_lost;

  function automatic logic [31:0] xorshift(input logic [31:0] x);
    logic [31:0] y;
    y = x ^ (x << 13);
    y = y ^ (y >> 17);
    return y ^ (y << 5);
  endfunction

  function automatic int dt_ref(input int f, input int s);
    int t;
    if (s >= 0) begin
      t = f << s;
      if (t > QMAX) t = QMAX;
    end else begin
      t = f >> (-s);
    end
    return t;
  endfunction

  task automatic rnd(output int r);
    rng = xorshift(rng);
    r = int'(rng[30:0]);
  endtask

  task automatic report(input int kind, input int s, input int q, input int expv, input int got);
    string what;
    errors++;
    case (kind)
      0: begin e_data++;   what = "data"; end
      1: begin e_order++;  what = "order"; end
      2: begin e_cons++;   what = "conservation"; end
      3: begin e_policy++; what = "policy"; end
      default: begin e_lost++; what = "lost"; end
    endcase
    if (errors <= 10)
      $display("tb_alt_tm: ERROR cycle %0d %s: serial %0d queue %0d expected %0d got %0d",
               cyc, what, s, q, expv, got);
  endtask

  /* verilator lint_off UNUSEDSIGNAL */
  int r, q, p, s, idx, L, sum, exp_drop, thr_c;  // scratch (p only indexes ports)
  /* verilator lint_on UNUSEDSIGNAL */

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 4000;
    if (!$value$plusargs("alpha=%d", aexp)) aexp = 3;
    if (!$value$plusargs("alpha0=%d", aexp0)) aexp0 = aexp;
    if (!$value$plusargs("hd=%d", hdarg)) hdarg = 1;
    rng = 32'h9e3779b9 ^ 32'(seed);
    if (rng == '0) rng = 32'h1;
    for (int c = 0; c < Q; c++) alpha[c*AW +: AW] = AW'((c == 0) ? aexp0 : aexp);
    hd_en = hdarg != 0;
    for (int i = 0; i < N; i++) begin
      sq_h[i] = 0; sq_t[i] = 0; sh_qlen[i] = 0; qlen_h1[i] = 0; qlen_h2[i] = 0;
    end
    for (int i = 0; i < P; i++) tx_act[i] = 0;
    free_h1 = B; free_h2 = B; free_h3 = B;
    nser = 0; acc_prev = 0; in_pkt = 0; cur_idx = 0; cur_beats = 0; cur_ser = 0; hot = 0; pend = 0;
    pend_ser = 0; pend_qlen = 0; pend_free = 0; pend_thr_free = 0;
    offered = 0; admitted = 0; refused = 0; refused_thr = 0; left = 0; hdropped = 0;
    hd_cells_sum = 0; cells_out = 0; max_buffered = 0;
    errors = 0; e_data = 0; e_order = 0; e_cons = 0; e_policy = 0; e_lost = 0;
    cyc = 0; drain_cyc = 0; done = 0;
    in_valid = 1'b0; in_queue = '0; in_cells = '0; in_data = '0;
    rst_n = 1'b0;
    // Everything below runs at the falling edge, mid-cycle: the DUT's
    // registered outputs of the cycle are stable, and inputs set here are
    // what the DUT samples at the next rising edge (no race on either
    // simulator).
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    while (done == 0) begin
      @(negedge clk);
      cyc++;
      free_now = int'(free);
      for (int i = 0; i < N; i++) qlen_now[i] = int'(qlen[i*QW +: QW]);

      // Admission event: the decision on last cycle's first beat.
      // X test as an XOR reduction: Icarus 11's $isunknown of a
      // concatenation is 1 even when every bit is known.
      if ((^{adm_valid, eg_valid, hd_valid, in_ready, qlen, free}) === 1'bx) report(0, -1, -1, 0, 1);
      if (adm_valid) begin
        if (pend == 0) begin
          report(1, -1, int'(adm_queue), 0, 1);
        end else begin
          s = pend_ser; q = rec_q[s]; L = rec_len[s];
          if (int'(adm_queue) != q) report(1, s, q, q, int'(adm_queue));
          if (int'(adm_cells) != L) report(1, s, q, L, int'(adm_cells));
          thr_c = dt_ref(pend_thr_free, (q % Q == 0) ? aexp0 : aexp);
          exp_drop = (L == 0 || L > MAXPKT || pend_qlen + L > thr_c || L > pend_free) ? 1 : 0;
          if (int'(adm_drop) != exp_drop) report(3, s, q, exp_drop, int'(adm_drop));
          if (!adm_drop) begin
            rec_st[s] = ST_ADM; admitted++;
            if (sq_t[q] - sq_h[q] >= RING) report(2, s, q, RING, sq_t[q] - sq_h[q]);
            else begin sq[q*RING + sq_t[q] % RING] = s; sq_t[q]++; end
            sh_qlen[q] += L;
          end else begin
            rec_st[s] = ST_REFUSED; refused++;
            if (L >= 1 && L <= MAXPKT && L <= pend_free) refused_thr++;
          end
        end
      end else if (pend != 0) begin
        report(1, pend_ser, rec_q[pend_ser], 1, 0);
        rec_st[pend_ser] = ST_REFUSED;
      end
      pend = 0;

      // Head-drop event: the expulsion of last cycle, decided on the
      // selector's bitmap (qlen two cycles ago against the threshold of the
      // free count three cycles ago).
      if (hd_valid) begin
        q = int'(hd_queue);
        if (!hd_en) report(3, -1, q, 0, 1);
        thr_c = dt_ref(free_h3, (q % Q == 0) ? aexp0 : aexp);
        if (!(qlen_h2[q] > thr_c)) report(3, -1, q, thr_c + 1, qlen_h2[q]);
        if (sq_t[q] == sq_h[q]) begin
          report(1, -1, q, 1, 0);
        end else begin
          s = sq[q*RING + sq_h[q] % RING]; sq_h[q]++;
          if (int'(hd_cells) != rec_len[s]) report(1, s, q, rec_len[s], int'(hd_cells));
          rec_st[s] = ST_HD; hdropped++; hd_cells_sum += rec_len[s];
          sh_qlen[q] -= rec_len[s];
        end
      end

      // Egress: the cell read last cycle.
      if (eg_valid) begin
        cells_out++;
        q = int'(eg_queue); p = q / Q;
        if ((^eg_data) === 1'bx) begin
          report(0, -1, q, 0, 1);
        end else begin
          s = int'(eg_data[31:8]); idx = int'(eg_data[7:0]);
          if (s >= nser || rec_q[s] != q || rec_st[s] != ST_ADM) begin
            report(0, s, q, q, (s < nser) ? rec_st[s] * 1000 + rec_q[s] : -1);
          end else if (eg_first) begin
            if (tx_act[p] != 0) report(1, tx_ser[p], q, tx_idx[p] + 1, -1);
            if (sq_t[q] == sq_h[q] || sq[q*RING + sq_h[q] % RING] != s) begin
              report(1, s, q, (sq_t[q] == sq_h[q]) ? -1 : sq[q*RING + sq_h[q] % RING], s);
            end else begin
              sq_h[q]++;
            end
            if (idx != 0) report(0, s, q, 0, idx);
            tx_act[p] = 1; tx_ser[p] = s; tx_idx[p] = idx; tx_q[p] = q;
          end else begin
            if (tx_act[p] == 0 || tx_ser[p] != s || tx_q[p] != q || idx != tx_idx[p] + 1)
              report(0, s, q, (tx_act[p] != 0) ? tx_idx[p] + 1 : -1, idx);
            tx_idx[p] = idx;
          end
          if (s < nser && rec_q[s] == q && rec_st[s] == ST_ADM) begin
            if (int'(eg_last) != ((idx == rec_len[s] - 1) ? 1 : 0)) report(0, s, q, rec_len[s] - 1, idx);
            if (eg_last) begin
              tx_act[p] = 0; rec_st[s] = ST_LEFT; left++;
              sh_qlen[q] -= rec_len[s];
            end
          end else if (eg_last) begin
            tx_act[p] = 0;
          end
        end
      end

      // Conservation, against the registers after this cycle's events.
      sum = 0;
      for (int i = 0; i < N; i++) begin
        if (sh_qlen[i] != qlen_now[i]) report(2, -1, i, sh_qlen[i], qlen_now[i]);
        sum += sh_qlen[i];
      end
      if (sum > max_buffered) max_buffered = sum;
      if (sum > B) report(2, -1, -1, B, sum);
      sum = 0;
      for (int i = 0; i < N; i++) sum += qlen_now[i];
      if (free_now + sum != B) report(2, -1, -1, B, free_now + sum);

      // Drive this cycle's beat: a new one once the last was accepted (or
      // none was offered), else hold it while it waits for in_ready.
      if (cyc % PHASE == 0) begin rnd(r); hot = r % P; end
      if (!in_valid || acc_prev != 0) begin
        rnd(r);
        if (in_pkt != 0) begin
          if (r % 8 == 0) begin
            in_valid = 1'b0;
          end else begin
            in_valid = 1'b1;
            in_data  = {24'(cur_ser), 8'(cur_idx)};
          end
        end else if (cyc < cycles && in_ready && r % 16 != 0 && nser < MAXP) begin
          cur_ser = nser; nser++; offered++;
          rnd(r);
          q = (r % 4 != 0) ? hot * Q + (r / 4) % Q : (r / 4) % N;
          rnd(r);
          L = 1 + r % MAXPKT;
          if (r % 256 == 7) L = 0;
          if (r % 256 == 9 && MAXPKT + 1 < (1 << LW)) L = MAXPKT + 1;
          rec_q[cur_ser] = q; rec_len[cur_ser] = L; rec_st[cur_ser] = ST_OFFERED;
          cur_idx = 0; cur_beats = (L == 0) ? 1 : L; in_pkt = 1;
          in_valid = 1'b1;
          in_queue = IW'(q);
          in_cells = LW'(L);
          in_data  = {24'(cur_ser), 8'(0)};
        end else begin
          in_valid = 1'b0;
        end
      end

      // The beat is taken at the coming edge; a first beat's decision is
      // reported next cycle, on this cycle's qlen/free and last cycle's free.
      acc_prev = (in_valid && in_ready) ? 1 : 0;
      if (acc_prev != 0) begin
        if (cur_idx == 0) begin
          pend = 1; pend_ser = cur_ser; pend_qlen = qlen_now[rec_q[cur_ser]];
          pend_free = free_now; pend_thr_free = free_h1;
        end
        cur_idx++;
        if (cur_idx == cur_beats) in_pkt = 0;
      end

      free_h3 = free_h2; free_h2 = free_h1; free_h1 = free_now;
      for (int i = 0; i < N; i++) begin
        qlen_h2[i] = qlen_h1[i]; qlen_h1[i] = qlen_now[i];
      end

      // Drain: traffic over, nothing in flight, every queue empty.
      if (cyc >= cycles && in_pkt == 0 && !in_valid) begin
        drain_cyc++;
        sum = 0;
        for (int i = 0; i < N; i++) sum += sh_qlen[i] + qlen_now[i];
        for (int i = 0; i < P; i++) sum += tx_act[i];
        if ((sum == 0 && pend == 0 && drain_cyc > 8) || drain_cyc > DRAIN) done = 1;
      end
    end

    for (int i = 0; i < nser; i++)
      if (rec_st[i] == ST_ADM) report(4, i, rec_q[i], ST_LEFT, ST_ADM);
    if (free_now != B) report(2, -1, -1, B, free_now);
    $display("tb_alt_tm: seed=%0d cycles=%0d alpha_exp=%0d alpha0_exp=%0d hd=%0d drain=%0d P=%0d Q=%0d B=%0d MAXPKT=%0d R=%0d",
             seed, cyc, aexp, aexp0, hdarg, drain_cyc, P, Q, B, MAXPKT, R);
    $display("tb_alt_tm: offered=%0d admitted=%0d refused=%0d refused_thr=%0d left=%0d head_dropped=%0d head_dropped_cells=%0d cells_out=%0d max_buffered=%0d",
             offered, admitted, refused, refused_thr, left, hdropped, hd_cells_sum, cells_out, max_buffered);
    $display("tb_alt_tm: errors=%0d data=%0d order=%0d conservation=%0d policy=%0d lost=%0d",
             errors, e_data, e_order, e_cons, e_policy, e_lost);
    if (errors == 0 && admitted > 0 && left > 0) $display("tb_alt_tm: PASS");
    else $display("tb_alt_tm: FAIL");
    $finish;
  end

endmodule
