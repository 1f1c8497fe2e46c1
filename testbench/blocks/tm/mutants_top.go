package tm

import "occamy/testbench/blocks"

// topCellPtrMutants: occamy_tm's cell-pointer memory as the reset threads
// it.
var topCellPtrMutants = []blocks.Mutant{
	{
		ID: "tm-cp-thread", File: "occamy_tm.sv",
		Anchor:  ".LAT(1), .INIT_STRIDE(K)) u_cp_mem (",
		Replace: ".LAT(1), .INIT_STRIDE(1)) u_cp_mem (",
		Desc:    "tags: the reset threads cp_mem with stride 1, so a bank's links run into the other banks' cells",
	},
}

// topGrantMutants: occamy_tm's PD read port, shared by the head drop and the
// dequeue, then the scheduler's registered grant.
var topGrantMutants = []blocks.Mutant{
	{
		ID: "tm-hd-takes-deq-port", File: "occamy_tm.sv",
		Anchor:  ".pd_free_i(!gv_q),",
		Replace: ".pd_free_i(1'b1),",
		Desc:    "the head drop takes the PD read port a dequeue holds: its grant is acknowledged and its read is lost",
	},
	// flatcut (issue 29): the scheduler's grant registered (gv_q, gq_q,
	// gp_q), its PD read and booking the cycle after, and the hazards of
	// that cycle.
	// tm-gnt-no-lock (sch_elig without glock under sp) was an explained
	// equivalent; schedcut made it the design (elig_i is nonempty), so it
	// is gone: tm-gnt-no-port-lock now drops the only thing that keeps
	// the queue being read from a grant.
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
}

// topPushoutMutants: occamy_tm's negative-free gate of pushout-ports.
var topPushoutMutants = []blocks.Mutant{
	{
		ID: "tm-po-neg-gate", File: "occamy_tm.sv",
		Anchor:  ".free_neg_i(tfree_adm[QW]),",
		Replace: ".free_neg_i(tfree_q[QW]),",
		Desc:    "pushout-ports' negative-free gate reads the start-of-cycle free count, not the count after this cycle's admissions: an expulsion starts a cycle late or one too many",
	},
}

// topCreditMutants: executor pipeline (exec3): the thresholds' free count
// credits the executor's cells from the unlink (tfree_q), as does
// pushout-ports' trigger (tfree_adm).
var topCreditMutants = []blocks.Mutant{
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
}

// topQlenMutants: deqtop (issue 29): the top's qlen update selects the
// unlinked queue by a one-hot derived register (rdv_q && rdq_q == q) instead
// of rdq_q (since rdoh, stop 47: the decode registered ungated, rdoh_q,
// gated by rdv_q after it).
var topQlenMutants = []blocks.Mutant{
	{
		ID: "tm-top-rdo-stale", File: "occamy_tm.sv",
		Anchor:  "assign rdoh_d = N'(1) << rd_qid;",
		Replace: "assign rdoh_d = N'(1) << rdq_q;",
		Desc:    "the unlinked-queue one-hot decoded from rdq_q (last cycle's read) instead of rd_qid: the unlinked cells leave the wrong queue's length",
	},
}

// topThrMutants (issue 29): the thresholds are a register, thr_q (hw/tm
// ThrLag), reset to the thresholds of the reset free count.
var topThrMutants = []blocks.Mutant{
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
}
