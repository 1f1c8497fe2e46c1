package tm

import "occamy/testbench/blocks"

// admCompareMutants: tm_admission's compares: DT, the last free cells, the
// Pushout rule and its wait allowance.
var admCompareMutants = []blocks.Mutant{
	{
		ID: "tm-adm-dt-lt", File: "tm_admission.sv",
		Anchor:  "{k, s} = fa3(s, k, XW'(2));",
		Replace: "{k, s} = fa3(s, k, XW'(1));",
		Desc:    "DT `<=` became `<`: a packet that fills its queue exactly to the threshold is refused",
	},
	{
		ID: "tm-adm-free-lt", File: "tm_admission.sv",
		Anchor:  "fits  = s1_v_q[i] && le4(fx, rr, st, need);",
		Replace: "fits  = s1_v_q[i] && le4(fx, rr, st, need + XW'(1));",
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
}

// admSlotMutants: admission pipeline (issue 29): the slot chain broken, each
// slot decided against the start-of-cycle values less every earlier valid
// slot.
var admSlotMutants = []blocks.Mutant{
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
}

// admPipeMutants: admcore (issue 29): tm_admission's pipeline. The decision
// at c+1 must see every cell admitted before it: the batch taking effect at
// c (in its length, stage 1), the batch decided at c (in its length and the
// free count, stage 2).
var admPipeMutants = []blocks.Mutant{
	{
		ID: "tm-adm-pipe-no-free-bypass", File: "tm_admission.sv",
		Anchor:  "need  = pick(nv, sel);",
		Replace: "need  = nv[0 +: XW];",
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
		Anchor:  "fx = XW'($signed(free_i));  // sign-extended",
		Replace: "fx = XW'($signed(free_i)) + XW'(s1_v_q[0]);  // sign-extended",
		Desc:    "admission pipeline: the free count the decision uses one cell high while a batch is decided (a stale or wrong free register): a packet takes a cell that is not free",
	},
	{
		ID: "tm-adm-pipe-pd-low", File: "tm_admission.sv",
		Anchor:  "s1_pd_d[(i*N + p)*DW +: DW] = DW'(qlen_i[p*QW +: QW]) - DW'(ql);",
		Replace: "s1_pd_d[(i*N + p)*DW +: DW] = DW'(qlen_i[p*QW +: QW]) - DW'(ql) - DW'(1);",
		Desc:    "admission pipeline: Pushout's differences qlen(p) - qlen(q) one low: a queue one cell longer than the arrival's (with its earlier cells) no longer counts as longer, so that packet is refused instead of waiting",
	},
}

// admSkipMutants: vadm (issue 29): the gates that let the simulators skip an
// empty slot's and an untouched queue's work, each broken where it must be
// open.
var admSkipMutants = []blocks.Mutant{
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
}
