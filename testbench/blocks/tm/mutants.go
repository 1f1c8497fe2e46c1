package tm

import "occamy/testbench/blocks"

// mutants are occamy_tm's mutants, checked first at the small set
// reconfiguring (Checks.MutateFirst "small/reconf"): one cheap build each,
// and its reconfiguring resets run every policy, free mode and scheduler in
// one run; a survivor goes on through the rest of the matrix. Those marked "tags" change nothing an
// executor-block port shows at first (lengths, free count and port use stay
// right): a corrupted free list or cell chain hands one cell to two
// packets, and only the cell-data tags at egress (or a lost packet much
// later) tell.
var mutants = append([]blocks.Mutant{
	{
		ID: "tm-fl-tail-reset", File: "tm_free_list.sv",
		Anchor:  "tail_q[b*CW +: CW]  <= CW'(b + K * ((B - 1 - b) / K));",
		Replace: "tail_q[b*CW +: CW]  <= CW'(b + K * ((B - 1 - b) / K - 1));",
		Desc:    "tags: a free bank's tail resets to its last cell but one, so the first append links the chain behind the wrong cell",
	},
	{
		ID: "tm-fl-hd-old-tail", File: "tm_free_list.sv",
		Anchor:  "a = a | tail_f[b*CW +: CW];",
		Replace: "a = a | tail_q[b*CW +: CW];",
		Desc:    "tags: the head drop's chain is appended to the bank's tail before the dequeue's append of the same cycle, cutting that one off",
	},
	{
		ID: "tm-cp-thread", File: "occamy_tm.sv",
		Anchor:  ".LAT(1), .INIT_STRIDE(K)) u_cp_mem (",
		Replace: ".LAT(1), .INIT_STRIDE(1)) u_cp_mem (",
		Desc:    "tags: the reset threads cp_mem with stride 1, so a bank's links run into the other banks' cells",
	},
	{
		ID: "tm-pdl-no-forward", File: "tm_pd_lists.sv",
		Anchor:  "fwd_u  = fwd_q[unl_qid_i];",
		Replace: "fwd_u  = 1'b0;",
		Desc:    "the unlink forwarding register dropped: a packet linked behind a head PD being read is lost to the stale link",
	},
	{
		ID: "tm-deq-chain-sublist", File: "tm_dequeue.sv",
		Anchor:  "fa_n_o[s*BNW +: BNW]  = BNW'((32'(n) - s + K - 1) / K);",
		Replace: "fa_n_o[s*BNW +: BNW]  = BNW'((32'(n) - s) / K + 1);",
		Desc:    "the dequeue's chain free counts a sub-list one cell long when its length is a multiple of K",
	},
	{
		ID: "tm-hd-chain-sublist", File: "tm_hd_exec.sv",
		Anchor:  "sleft_d[b*LW +: LW]     |= len;",
		Replace: "sleft_d[b*LW +: LW]     |= len + LW'(32'(s) == 32'(rr));",
		Desc:    "the executor's lane entry counts sub-list n mod K one cell too long (the chain append frees a cell it does not hold; per cell a stale cell is freed)",
	},
	{
		ID: "tm-deq-round-reads", File: "tm_dequeue.sv",
		Anchor:  "assign rds     = (32'(left) > K) ?",
		Replace: "assign rds     = (32'(left) > K + 1) ?",
		Desc:    "a sub-list round off by one: with K+1 cells left the dequeue reads no link, so its last round follows a stale pointer",
	},
	{
		ID: "tm-hd-round-reads", File: "tm_hd_exec.sv",
		Anchor:  "smul_d[b]               |= 32'(len) > 1;",
		Replace: "smul_d[b]               |= 32'(len) > 2;",
		Desc:    "a sub-list chase off by one in the executor's lanes (per cell): a 2-cell sub-list reaches its lane marked as reading no link, so it frees its first cell again instead of the second",
	},
	{
		ID: "tm-hd-lane-depth", File: "tm_hd_exec.sv",
		Anchor:  "localparam int LD  = 4;",
		Replace: "localparam int LD  = 3;",
		Desc:    "the lane depth off by one (3 against hw/tm's HDLaneDepth 4): the executor stops taking grants while a lane holds 3 entries",
	},
	{
		ID: "tm-hd-lane-latch", File: "tm_hd_exec.sv",
		Anchor:  "// Blocked: the front (the push when c = 0) stays, its cell latched.\n          fcur_d[b*CW +: CW]  = fcur;",
		Replace: "// Blocked: the front (the push when c = 0) stays, its cell latched.\n          fcur_d[b*CW +: CW]  = (c != '0) ? fcur_q[b*CW +: CW] : fcur;",
		Desc:    "tags: a lane blocked for ports the cycle after its link read drops the read data, so it later frees the cell it had already freed",
	},
	{
		ID: "tm-hd-empty-needs-write", File: "tm_hd_exec.sv",
		Anchor:  "need = cnt_f_i[b*BNW +: BNW] != '0;",
		Replace: "need = 1'b1;",
		Desc:    "empty bank: an append into an empty free bank is counted as a cell-pointer write, so a lane whose bank is empty is skipped when no write is left",
	},
	{
		ID: "tm-hd-empty-bank0", File: "tm_hd_exec.sv",
		Anchor:  "need = cnt_f_i[b*BNW +: BNW] != '0;",
		Replace: "need = cnt_f_i[0 +: BNW] != '0;",
		Desc:    "empty bank: every lane reads bank 0's free count, so a lane appends without a write into a bank that is not empty (or waits for one it does not need)",
	},
	{
		ID: "tm-hd-chain-tail", File: "tm_hd_exec.sv",
		Anchor:  "ga_tail_o[b*CW +: CW] = chain_i ? ftail : fcur;",
		Replace: "ga_tail_o[b*CW +: CW] = fcur;",
		Desc:    "tags: chain freeing appends a sub-list with its head as its tail, so the bank's tail is wrong and the next append cuts the chain after its first cell",
	},
	{
		ID: "tm-hd-freed-narrow", File: "tm_hd_exec.sv",
		Anchor:  "sum = sum + FW'(sums[32'(wgo[g +: GL])*SGW +: SGW]);",
		Replace: "sum = FW'(LW'(sum + FW'(sums[32'(wgo[g +: GL])*SGW +: SGW])));",
		Desc:    "the cells freed in a cycle summed in LW bits: lanes of two long packets (MAXPKT = 2^LW-1) freeing more than 2^LW-1 cells wrap the free count",
	},
	{
		ID: "tm-hd-stall", File: "tm_hd_exec.sv",
		Anchor:  "          curp_d[b]           = 1'b0;\n        end\n        if (need) wreq",
		Replace: "          curp_d[b]           = 1'b0;\n          wreq = WW'(K);\n          rreq = RW'(2 * K);\n        end\n        if (need) wreq",
		Desc:    "a blocked lane stalls the lanes after it (their ports taken) instead of being skipped: a later lane that fits waits",
	},
	{
		ID: "tm-hd-rd-slots-ones", File: "tm_hd_exec.sv",
		Anchor:  "cp_rd_addr_o = '0;",
		Replace: "cp_rd_addr_o = '1;",
		Desc:    "the read-port slots the executor does not use are driven all ones, not 0: occamy_tm ORs them into the addresses of the dequeue's and the pops' reads",
	},
	{
		ID: "tm-hd-read-budget", File: "tm_hd_exec.sv",
		Anchor:  "if ((!need || wreq < wr_left_i) && (!rdn || rreq < rd_left_i)) begin",
		Replace: "if (!need || wreq < wr_left_i) begin",
		Desc:    "a lane's link read ignores the read ports left (rd_left_i)",
		Equivalent: "in occamy_tm the writes always bind first: a link read by the dequeue (per cell) goes with a write of the cell it frees, " +
			"a head-drop lane's with its append's, and each bank adds at most one to the reads that have no write (a pop with a link read, " +
			"or an append into an empty bank, which that bank's pop with a read excludes), so reads used <= K + K = 2K whenever the writes fit " +
			"(docs/mutation.md)",
	},
	{
		ID: "tm-hd-takes-deq-port", File: "occamy_tm.sv",
		Anchor:  ".pd_free_i(!gv_q),",
		Replace: ".pd_free_i(1'b1),",
		Desc:    "the head drop takes the PD read port a dequeue holds: its grant is acknowledged and its read is lost",
	},
	// flatcut (issue 29): the scheduler's grant registered (gv_q, gq_q,
	// gp_q), its PD read and booking the cycle after, and the hazards of
	// that cycle.
	{
		ID: "tm-gnt-no-lock", File: "occamy_tm.sv",
		Anchor:  "assign sch_elig = cfg_drr_i ? nonempty : nonempty & ~glock;",
		Replace: "assign sch_elig = nonempty;",
		Desc:    "strict priority grants the queue whose grant is being read (its head not yet unlinked): the same head is read twice",
		Equivalent: "the queue's port is not ready in that cycle either (sch_rdy drops the grant's port, tm-gnt-no-port-lock), " +
			"so the scheduler cannot grant the queue whether or not it is eligible; and a grant of it would be read after the " +
			"unlink of the cycle (the next head, or cancelled when empty). Measured: SURVIVED, 6,000,000 cycles (the lock is redundant)",
	},
	{
		ID: "tm-gnt-no-port-lock", File: "occamy_tm.sv",
		Anchor:  "assign sch_rdy  = port_rdy & ~(gv_q ? P'(1) << gp_q : '0);",
		Replace: "assign sch_rdy  = port_rdy;",
		Desc:    "the port of the grant being read is granted again before its port_rdy counts that packet: the transmit window overshoots",
	},
	{
		ID: "tm-gnt-no-cancel", File: "occamy_tm.sv",
		Anchor:  "assign gok      = gv_q && nonempty[gq_q];",
		Replace: "assign gok      = gv_q;",
		Desc:    "a grant whose queue a head drop emptied since is still read and booked: a read of an empty queue",
	},
	{
		ID: "tm-gnt-book-wrong-queue", File: "occamy_tm.sv",
		Anchor:  ".issue_cells_i(head_len[gq_q*LW +: LW]),",
		Replace: ".issue_cells_i(head_len[sch_qid*LW +: LW]),",
		Desc:    "the packet read is booked with the head length of this cycle's grant's queue, not the queue read: a wrong count pending on the port",
	},
	{
		ID: "tm-gnt-port-old", File: "occamy_tm.sv",
		Anchor:  "rdp_d  = gp_q;",
		Replace: "rdp_d  = sch_port;",
		Desc:    "the dequeue's job takes this cycle's grant's port, not the port of the grant being read: its cells go to another port",
	},
	{
		ID: "tm-deq-pend", File: "tm_dequeue.sv",
		Anchor:  "assign room_o      = (dn_d + 3'(pend_i)) < 3'(JD);",
		Replace: "assign room_o      = dn_d < 3'(JD);",
		Desc:    "the dequeue's room ignores the grant being read (pend_i): a grant can overfill the job FIFO",
	},
	{
		ID: "tm-hd-recheck-ge", File: "tm_hd_choice.sv",
		Anchor:  "o[i] = qlen_i[i*QW +: QW] > thr_i[i*QW +: QW];",
		Replace: "o[i] = qlen_i[i*QW +: QW] >= thr_i[i*QW +: QW];",
		Desc:    "the re-check comparator `>` became `>=`: a queue exactly at its threshold is still expelled",
	},
	{
		ID: "tm-hd-ack-busy", File: "tm_hd_choice.sv",
		Anchor:  "gnt_idx_o   = arb_idx_i;\n          arb_ack_o   = take_i;",
		Replace: "gnt_idx_o   = arb_idx_i;\n          arb_ack_o   = 1'b1;",
		Desc:    "the arbiter is acknowledged while the executor cannot take the grant (a lane full or the PD port taken): the round-robin pointer skips queues it never expelled",
	},
	{
		ID: "tm-adm-dt-lt", File: "tm_admission.sv",
		Anchor:  "<= $signed(s1_room_q[i*XW +: XW]);",
		Replace: "< $signed(s1_room_q[i*XW +: XW]);",
		Desc:    "DT `<=` became `<`: a packet that fills its queue exactly to the threshold is refused",
	},
	{
		ID: "tm-adm-free-lt", File: "tm_admission.sv",
		Anchor:  "fits  = s1_v_q[i] && !fr[XW-1] && need <= fr;",
		Replace: "fits  = s1_v_q[i] && !fr[XW-1] && need < fr;",
		Desc:    "a packet that takes exactly the last free cells is refused",
	},
	{
		ID: "tm-adm-pushout-le", File: "tm_admission.sv",
		Anchor:  "> $signed(GW'({1'b0, s1_same_q[i*CW +: CW]}));",
		Replace: ">= $signed(GW'({1'b0, s1_same_q[i*CW +: CW]}));",
		Desc:    "the Pushout rule's compare `>` became `>=`: a packet of the longest queue is admitted to wait for room too",
	},
	{
		ID: "tm-adm-wait-plus1", File: "tm_admission.sv",
		Anchor:  "t[BS*XW +: XW]   = XW'(0) - XW'(WAIT);",
		Replace: "t[BS*XW +: XW]   = XW'(0) - XW'(WAIT) - XW'(1);",
		Desc:    "the Pushout wait allowance off by one: the free count may fall to -(WAIT+1)",
	},
	{
		ID: "tm-po-neg-gate", File: "occamy_tm.sv",
		Anchor:  ".free_neg_i(tfree_adm[QW]),",
		Replace: ".free_neg_i(tfree_q[QW]),",
		Desc:    "pushout-ports' negative-free gate reads the start-of-cycle free count, not the count after this cycle's admissions: an expulsion starts a cycle late or one too many",
	},
	{
		ID: "tm-po-maxfind-tie", File: "tm_hd_choice.sv",
		Anchor:  "assign w   = nv[2*j] && (!nv[2*j+1] || nl[2*j] >= nl[2*j+1]);",
		Replace: "assign w   = nv[2*j] && (!nv[2*j+1] || nl[2*j] > nl[2*j+1]);",
		Desc:    "the choice's pipelined maximum finder off by one on ties: equal lengths go to the higher index (pushout-ports' and occamy-lqd's choice)",
	},
	{
		ID: "tm-po-masked", File: "tm_hd_choice.sv",
		Anchor:  "assign leaf_v    = (policy_i == 2'd3) ? held : (policy_i == 2'd2) ? over_i : '0;",
		Replace: "assign leaf_v    = (policy_i == 2'd3 || policy_i == 2'd2) ? over_i : '0;",
		Desc:    "pushout-ports' longest candidate masked by the selector bitmap: a longest queue under its DT threshold is never expelled",
	},
	{
		ID: "tm-po-stale-gone", File: "tm_hd_choice.sv",
		Anchor:  "if (lqd_valid && cand_i[lqd_idx]) begin",
		Replace: "if (lqd_valid) begin",
		Desc:    "pushout-ports' stale choice not re-checked as a candidate: a queue emptied, or its head read, since the finder saw it is granted",
	},
	{
		ID: "tm-lqd-stale-gone", File: "tm_hd_choice.sv",
		Anchor:  "if (lqd_valid && cand_i[lqd_idx] && over_i[lqd_idx] && (!recheck_i || ovn[lqd_idx])) begin",
		Replace: "if (lqd_valid && over_i[lqd_idx] && (!recheck_i || ovn[lqd_idx])) begin",
		Desc:    "occamy-lqd's stale choice not re-checked as a candidate: a queue emptied, or its head read, since the finder saw it is granted",
	},
	{
		ID: "tm-lqd-stale-under", File: "tm_hd_choice.sv",
		Anchor:  "if (lqd_valid && cand_i[lqd_idx] && over_i[lqd_idx] && (!recheck_i || ovn[lqd_idx])) begin",
		Replace: "if (lqd_valid && cand_i[lqd_idx] && (!recheck_i || ovn[lqd_idx])) begin",
		Desc:    "occamy-lqd's stale choice not re-checked against this cycle's bitmap: a queue brought under its threshold since the finder saw it is expelled",
	},
	{
		ID: "tm-mf-pipe-hold", File: "tm_hd_choice.sv",
		Anchor:  "          v_q  <= v_d;\n          li_q <= li_d;",
		Replace: "          if (|leaf_v) begin\n            v_q  <= v_d;\n            li_q <= li_d;\n          end",
		Desc:    "the finder's stage registers hold while no queue is a candidate: the pipeline is not flushed, and an old choice outlives its lengths",
	},
	{
		ID: "tm-drr-no-carry", File: "tm_sched.sv",
		Anchor:  "zr = anye[p] && !el[p] && !ne[p];",
		Replace: "zr = ps;",
		Desc:    "the DRR deficit is not carried over: a queue passed because its head does not fit loses what it had left",
	},
	{
		ID: "tm-sp-order", File: "tm_sched.sv",
		Anchor:  "for (int c = Q - 1; c >= 0; c--) begin\n      if (x[c]) first_q",
		Replace: "for (int c = 0; c < Q; c++) begin\n      if (x[c]) first_q",
		Desc:    "strict priority reversed: the last class, not class 0, is served first",
	},
	{
		ID: "tm-drr-unl-ignored", File: "tm_sched.sv",
		Anchor:  "ok[p]  = l && !(unl_i && unl_qid_i == qid_q[p*IW +: IW]);",
		Replace: "ok[p]  = l;",
		Desc:    "pipelined DRR's head hazard not checked: a ready queue unlinked in its grant's cycle (a head drop) is granted on the new head, which the deficit may not cover",
	},
	{
		ID: "tm-drr-rdy-kept", File: "tm_sched.sv",
		Anchor:  "rdy_d[p] = rdy[p] && !(goh[p] && ack_i);",
		Replace: "rdy_d[p] = rdy[p];",
		Desc:    "pipelined DRR: a port granted now stays ready on the ready computed from the head it takes (old deficit), and is granted again on its next head",
		Equivalent: "in occamy_tm every grant is taken (ack_i tied 1) and reads its head PD, which returns the next cycle: the unlink of " +
			"that queue (unl_i, rdq_q) then withholds the kept ready's grant, and the port pointer has moved past the port, so it " +
			"wins only when no other port is a candidate (the bubble blocks nobody); with a PD read latency above 1 (Go only) the " +
			"lock clears elig_i instead. The drop matters to a tm_sched whose heads change later (hw/scheduler's reference test); " +
			"survived the whole matrix, 6 000 000 cycles",
	},
	{
		ID: "tm-sched-ptr-winner", File: "tm_sched.sv",
		Anchor:  "assign pm_past[j] = ((goh & BELOW) != '0) || goh[P-1];",
		Replace: "assign pm_past[j] = ((goh & BELOW) != '0) || goh[j];",
		Desc:    "the port pointer's mask (pm_q) set to the granted port, not past it: the port just served comes first again",
	},
	{
		ID: "tm-drr-rdy-comb", File: "tm_sched.sv",
		Anchor:  "cand = port_rdy_i & rdy_q;",
		Replace: "cand = port_rdy_i & rdy;",
		Desc:    "pipelined DRR: the ready not registered: a class is granted in the cycle it is found ready, a cycle early",
	},
	{
		ID: "tm-drr-qid-wrap", File: "tm_sched.sv",
		Anchor:  "oh[Q-1] ? IW'(p * Q) : qid_q[p*IW +: IW] + IW'(1);",
		Replace: "oh[Q-1] ? IW'(0) : qid_q[p*IW +: IW] + IW'(1);",
		Desc:    "pipelined DRR: the per-port queue-index register wraps to queue 0, not to the port's first queue: a port past port 0 grants another port's queue",
	},
	{
		ID: "tm-eg-txwin-le", File: "tm_egress.sv",
		Anchor:  "assign port_rdy_o[p]        = 32'(pend_q) < TXWIN;",
		Replace: "assign port_rdy_o[p]        = 32'(pend_q) <= TXWIN;",
		Desc:    "the transmit window compares with <=: a port is scheduled with TXWIN cells pending",
	},
	{
		ID: "tm-eg-rate", File: "tm_egress.sv",
		Anchor:  "tmr_d  = r_i - 11'd1;",
		Replace: "tmr_d  = r_i;",
		Desc:    "the line rate off by one: a port sends one cell every R+1 cycles",
	},
	// admission pipeline (issue 29): the slot chain broken, each slot decided
	// against the start-of-cycle values less every earlier valid slot.
	{
		ID: "tm-adm-same-ignored", File: "tm_admission.sv",
		Anchor:  "tab[(j+1)*XW +: XW] = XW'(in_cells_i[j*LW +: LW]);",
		Replace: "tab[(j+1)*XW +: XW] = XW'(0);",
		Desc:    "admission: earlier slots to the same queue not counted: two slots to one queue in a cycle both pass the threshold and overshoot it",
	},
	{
		ID: "tm-adm-all-ignored", File: "tm_admission.sv",
		Anchor:  "tall[j*XW +: XW] = XW'(in_cells_i[j*LW +: LW]);",
		Replace: "tall[j*XW +: XW] = XW'(0);",
		Desc:    "admission: earlier slots' cells not taken from the free count: the slots of one cycle may take the same free cells twice",
	},
	// admcore (issue 29): tm_admission's pipeline. The decision at c+1 must
	// see every cell admitted before it: the batch taking effect at c (in
	// its length, stage 1), the batch decided at c (in its length and the
	// free count, stage 2).
	{
		ID: "tm-adm-pipe-no-free-bypass", File: "tm_admission.sv",
		Anchor:  "need  = XW'(s1_need_q[(i*NS + 32'(sel))*CW +: CW]);",
		Replace: "need  = XW'(s1_need_q[(i*NS)*CW +: CW]);",
		Desc:    "admission pipeline: the free count's bypass gone (the batch decided the cycle before not taken from it): two batches may take the same free cells",
	},
	{
		ID: "tm-adm-pipe-len-inflight", File: "tm_admission.sv",
		Anchor:  "lenok = le[sel];",
		Replace: "lenok = le[0];",
		Desc:    "admission pipeline: the DT length's subset is always the empty one (the cells the batch decided the cycle before admits to the queue not counted): back-to-back packets overshoot the threshold",
	},
	{
		ID: "tm-adm-pipe-len-effect", File: "tm_admission.sv",
		Anchor:  "tab[(IN+1+j)*XW +: XW] = XW'(s2_n_q[j*LW +: LW]);",
		Replace: "tab[(IN+1+j)*XW +: XW] = XW'(0);",
		Desc:    "admission pipeline: a length misses the cells of the batch taking effect in the offer's cycle (not yet in qlen_i): packets two cycles apart overshoot the DT threshold",
	},
	{
		ID: "tm-adm-pipe-free-stale", File: "tm_admission.sv",
		Anchor:  "tr[0 +: XW] = XW'($signed(free_i));  // sign-extended",
		Replace: "tr[0 +: XW] = XW'($signed(free_i)) + XW'(s1_v_q[0]);  // sign-extended",
		Desc:    "admission pipeline: the free count the decision uses one cell high while a batch is decided (a stale or wrong free register): a packet takes a cell that is not free",
	},
	{
		ID: "tm-adm-pipe-pd-low", File: "tm_admission.sv",
		Anchor:  "s1_pd_d[(i*N + p)*DW +: DW] = DW'(qlen_i[p*QW +: QW]) - DW'(ql);",
		Replace: "s1_pd_d[(i*N + p)*DW +: DW] = DW'(qlen_i[p*QW +: QW]) - DW'(ql) - DW'(1);",
		Desc:    "admission pipeline: Pushout's differences qlen(p) - qlen(q) one low: a queue one cell longer than the arrival's (with its earlier cells) no longer counts as longer, so that packet is refused instead of waiting",
	},
	// vadm (issue 29): the gates that let the simulators skip an empty
	// slot's and an untouched queue's work, each broken where it must be open.
	{
		ID: "tm-adm-skip-slot", File: "tm_admission.sv",
		Anchor:  "if (in_valid_i[i]) begin\n        q    = in_qid_i[i*IW +: IW];",
		Replace: "if (in_valid_i[IN-1]) begin\n        q    = in_qid_i[i*IW +: IW];",
		Desc:    "admission: a slot's stage 1 computed only when the last slot is valid too: its registers keep an earlier offer's sums and compares, so a partly filled cycle is decided on stale values",
	},
	{
		ID: "tm-adm-skip-decide", File: "tm_admission.sv",
		Anchor:  "if (s1_v_q[i]) begin\n        tq = '0;",
		Replace: "if (s1_v_q[0] && i == 0) begin\n        tq = '0;",
		Desc:    "admission: only slot 0's length and Pushout compares made at stage 2: every later slot fails its DT length and is refused",
	},
	{
		ID: "tm-adm-skip-queue", File: "tm_admission.sv",
		Anchor:  "if (s2_ok_q[i]) s3_hit_d[s2_qid_q[i*IW +: IW]] = 1'b1;",
		Replace: "if (s2_ok_q[i] && i == 0) s3_hit_d[s2_qid_q[i*IW +: IW]] = 1'b1;",
		Desc:    "admission: a queue's length summed only when slot 0 of the batch goes to it: a packet admitted in a later slot alone is never counted in its queue",
	},
	// vspeed2 (issue 29's regression): the gates that let Verilator skip the
	// work a configuration does not use, each broken where it must be open.
	{
		ID: "tm-mf-gate-lqd", File: "tm_hd_choice.sv",
		Anchor:  "assign use_mf = policy_i[1];",
		Replace: "assign use_mf = policy_i == 2'd3;",
		Desc:    "the finder's tree gated off under occamy-lqd as under dt and occamy: it holds its reset values, so occamy-lqd never expels",
	},
	{
		ID: "tm-drr-visit-en", File: "tm_sched.sv",
		Anchor:  "end else if (drr_i) begin\n      coh_q <= coh_d;",
		Replace: "end else if (drr_i && en_i) begin\n      coh_q <= coh_d;",
		Desc:    "the DRR visit's registers gated by en_i as well as drr_i: the visits stop while the dequeue cannot take a packet",
	},
	// executor pipeline (issue 29: tm_hd_exec within 8 levels): stage A's
	// register, the room it takes, the front copy, the request rule.
	{
		ID: "tm-hd-stage-room", File: "tm_hd_exec.sv",
		Anchor:  "assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(push[b]) + 32'(unl_i) >= LD;",
		Replace: "assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(unl_i) >= LD;",
		Desc:    "executor pipeline: the room a read needs forgets the push in stage A's register, so a read is issued whose push finds its lane full",
	},
	{
		ID: "tm-hd-stage-unl", File: "tm_hd_exec.sv",
		Anchor:  "assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(push[b]) + 32'(unl_i) >= LD;",
		Replace: "assign full[b] = 32'(cnt_q[b*LCW +: LCW]) + 32'(push[b]) >= LD;",
		Desc:    "executor pipeline: the room a read needs forgets the unlink of this cycle (two head drops back to back), so the second's push finds its lane full",
	},
	{
		ID: "tm-hd-stage-comb", File: "tm_hd_exec.sv",
		Anchor:  "assign push      = sv_q;",
		Replace: "assign push      = sv_d;",
		Desc:    "executor pipeline: stage A's register bypassed for the push flags: a lane counts the unlink's entry a cycle early, before its cells arrive",
	},
	{
		ID: "tm-hd-front-next", File: "tm_hd_exec.sv",
		Anchor:  "fcur_d[b*CW +: CW]  = ecur_q[(b*LD + 32'(r1))*CW +: CW];",
		Replace: "fcur_d[b*CW +: CW]  = ecur_q[(b*LD + 32'(r))*CW +: CW];",
		Desc:    "executor pipeline: the front copy, when its entry leaves, takes the entry that left, not the next one: the lane frees a cell of the old sub-list again",
	},
	{
		ID: "tm-hd-front-mul", File: "tm_hd_exec.sv",
		Anchor:  "fmul_d[b]                    = 32'(fleft) > 2;",
		Replace: "fmul_d[b]                    = 32'(fleft) > 1;",
		Desc:    "executor pipeline: the front's \"link read needed\" flag, after a read, tested on the cells before it: its last cell reads a link it does not have",
	},
	{
		ID: "tm-hd-asks-granted", File: "tm_hd_exec.sv",
		Anchor:  "        if (rdn) begin\n          rreq = rreq + RW'(1);",
		Replace: "        if (rdn && rd_go[b]) begin\n          rreq = rreq + RW'(1);",
		Desc:    "executor pipeline: a lane's read port counts only the reads granted before it (the greedy rule), not the reads asked for: a lane after a blocked one reads on another port than the model's",
		Equivalent: "in occamy_tm the port a lane reads on is internal (its data comes back on that port, port_q) and the reads never " +
			"bind (tm-hd-read-budget), so only the port numbers differ, which no output of occamy_tm shows; the tm_hd_exec face " +
			"(cp_rd_en_o) and hw/tm's TestHDExecAsksNotGranted do; survived the whole matrix, 6 000 000 cycles",
	},
	// executor pipeline (exec3): the thresholds' free count credits the
	// executor's cells from the unlink (tfree_q), as does pushout-ports'
	// trigger (tfree_adm).
	{
		ID: "tm-hd-credit", File: "occamy_tm.sv",
		Anchor:  ".free_i(tfree_pos),",
		Replace: ".free_i(free_pos),",
		Desc:    "executor pipeline: the thresholds read the free count without the executor's cells unlinked and not yet freed: a queue just expelled stays over its threshold until the lanes free its cells",
	},
	{
		ID: "tm-hd-credit-po", File: "occamy_tm.sv",
		Anchor:  ".free_neg_i(tfree_adm[QW]),",
		Replace: ".free_neg_i(free_adm[QW]),",
		Desc:    "executor pipeline: pushout-ports' trigger reads the free count after admission without the executor's cells: it expels again while the last head drop's cells are still in the lanes",
	},
	// deqtop (issue 29): the top's qlen update selects the unlinked queue by
	// a one-hot derived register (rdv_q && rdq_q == q) instead of rdq_q.
	{
		ID: "tm-top-rdo-stale", File: "occamy_tm.sv",
		Anchor:  "else         rdo_q <= pd_rd ? N'(1) << rd_qid : '0;",
		Replace: "else         rdo_q <= pd_rd ? N'(1) << rdq_q : '0;",
		Desc:    "the unlinked-queue one-hot decoded from rdq_q (last cycle's read) instead of rd_qid: the unlinked cells leave the wrong queue's length",
	},
	// Issue 29: the thresholds are a register, thr_q (hw/tm
	// ThrLag), reset to the thresholds of the reset free count.
	{
		ID: "tm-thr-bypass", File: "occamy_tm.sv",
		Anchor:  "assign thrq[i*QW +: QW] = thr_q[(i % Q)*QW +: QW];",
		Replace: "assign thrq[i*QW +: QW] = thr_d[(i % Q)*QW +: QW];",
		Desc:    "the consumers read u_thr's thresholds of this cycle's free count, not thr_q: the thresholds a cycle fresher than the model's",
	},
	{
		ID: "tm-thr-reset", File: "occamy_tm.sv",
		Anchor:  "if (!rst_ni) thr_q <= thr_rst;",
		Replace: "if (!rst_ni) thr_q <= '0;",
		Desc:    "thr_q resets to 0, not to the thresholds of B: the first cycle after a reset refuses every offer and sees every non-empty queue over",
	},
}, admcutMutants...)
