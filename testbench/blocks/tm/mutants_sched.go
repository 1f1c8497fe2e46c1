package tm

import "occamy/testbench/blocks"

// schedMutants: tm_sched: strict priority, DRR's deficit and pipelined
// ready, the port pointer and the per-port queue index.
var schedMutants = []blocks.Mutant{
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
		Anchor:  "ok[p]  = l && !(|(unl_oh_i[p*Q +: Q] & oh));",
		Replace: "ok[p]  = l;",
		Desc:    "pipelined DRR's head hazard not checked: a ready queue unlinked in its grant's cycle (a head drop) is granted on the new head, which the deficit may not cover",
	},
	{
		ID: "tm-drr-rdy-kept", File: "tm_sched.sv",
		Anchor:  "rdy_d[p] = rdy[p] && !(dgoh[p] && ack_i);",
		Replace: "rdy_d[p] = rdy[p];",
		Desc:    "pipelined DRR: a port granted now stays ready on the ready computed from the head it takes (old deficit), and is granted again on its next head",
		Equivalent: "in occamy_tm every grant is taken (ack_i tied 1) and reads its head PD, which returns the next cycle: the unlink of " +
			"that queue (unl_i, rdo) then withholds the kept ready's grant, and the port pointer has moved past the port, so it " +
			"wins only when no other port is a candidate (the bubble blocks nobody); with a PD read latency above 1 (Go only) the " +
			"lock clears elig_i instead. The drop matters to a tm_sched whose heads change later (hw/scheduler's reference test); " +
			"survived the whole matrix, 6 000 000 cycles",
	},
	{
		ID: "tm-sched-ptr-winner", File: "tm_sched.sv",
		Anchor:  "assign pm_past[j] = ((gpre & BELOW) != '0) || gpre[P-1];",
		Replace: "assign pm_past[j] = ((gpre & BELOW) != '0) || gpre[j];",
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
}

// schedGateMutants: vspeed2 (issue 29's regression): the gates that let
// Verilator skip the work a configuration does not use, each broken where it
// must be open (tm_hd_choice's in hdChoiceGateMutants).
var schedGateMutants = []blocks.Mutant{
	{
		ID: "tm-drr-visit-en", File: "tm_sched.sv",
		First:   "defaults/lqd-drr",
		Anchor:  "end else if (drr_i) begin\n      coh_q <= coh_d;",
		Replace: "end else if (drr_i && en_i) begin\n      coh_q <= coh_d;",
		Desc:    "the DRR visit's registers gated by en_i as well as drr_i: the visits stop while the dequeue cannot take a packet",
	},
}
