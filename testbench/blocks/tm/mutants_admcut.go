package tm

import "occamy/testbench/blocks"

// admcutMutants are occamy_tm's mutants of admission's effects register
// (issue 29, hw/tm AdmitSettle = 2): tm_admission decodes the decision's
// effects (per-queue cells, cells in all, the packets packed) into s3 at
// the edge after the answer and applies them a cycle later, so its stage 1
// must count the batch in s2 (not in free_i when the offer is decided) and
// the batch in s3 (not in qlen_i at the offer's cycle).
var admcutMutants = []blocks.Mutant{
	{
		ID: "tm-adm-s3-free-miss", File: "tm_admission.sv",
		Anchor:  "st = XW'(s3_tot_q);",
		Replace: "st = XW'(0);",
		Desc:    "admission effects register: the decision's free test misses the batch in s3 (decided the cycle before, not yet in free_i): two batches may take the same free cells",
	},
	{
		ID: "tm-adm-s3-len-miss", File: "tm_admission.sv",
		Anchor:  "tab[(2*IN+1)*XW +: XW] = XW'(s3_add_q[q*EW +: EW]);",
		Replace: "tab[(2*IN+1)*XW +: XW] = XW'(0);",
		Desc:    "admission effects register: a length misses the cells of the batch in s3 (taking effect in the offer's cycle, not in qlen_i): packets three cycles apart overshoot the DT threshold",
	},
	{
		ID: "tm-adm-s3-free-bypass", File: "tm_admission.sv",
		Anchor:  "free_o = free_i - (QW+1)'(s3_tot_q);",
		Replace: "free_o = free_i - (QW+1)'(s3_tot_d);",
		Desc:    "admission effects register: the free count takes the batch's cells from the decode, not from s3: a cycle early, and the packets themselves a cycle later",
	},
	{
		ID: "tm-adm-s3-hit-bypass", File: "tm_admission.sv",
		Anchor:  "if (s3_hit_q[k]) qlen_o[k*QW +: QW]",
		Replace: "if (s3_hit_d[k]) qlen_o[k*QW +: QW]",
		Desc:    "admission effects register: a queue's length adds s3's cells when the decode (s2's batch) hits it, not s3's: cells lost from or added to the wrong cycle's queues",
	},
	{
		ID: "tm-adm-s3-serial", File: "tm_admission.sv",
		Anchor:  "serial_o     = serial_i + SW'(s3_n_q);",
		Replace: "serial_o     = serial_i + SW'(s3_n_d);",
		Desc:    "admission effects register: the serial register counts the decode's packets, not s3's: the tags' serials skip and repeat",
	},
	{
		ID: "tm-adm-tot-missing", File: "occamy_tm.sv",
		Anchor:  "assign tfree_adm = tfree_q - (QW+1)'(adm_tot);",
		Replace: "assign tfree_adm = tfree_q;",
		Desc:    "pushout-ports' trigger (tfree_q less u_adm's tot_o) misses the batch taking effect: the executor starts a cycle late or not at all after an admission beyond the free count",
	},
}
