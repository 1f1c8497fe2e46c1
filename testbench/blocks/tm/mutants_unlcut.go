package tm

import "occamy/testbench/blocks"

// unlcutMutants break the unlink cut (issue 29): the unlink of last
// cycle's PD read acts per queue on the read's one-hot queue (occamy_tm's
// rdo) in u_pdl, u_sched and the qlen update, not by a select on rdq_q.
var unlcutMutants = []blocks.Mutant{
	{
		ID: "tm-unl-one-after", File: "tm_pd_lists.sv",
		Anchor:  "one_a  = (ud & two) | (~ud & one_q);",
		Replace: "one_a  = one_q;",
		Desc:    "the link's test 'one PD after the unlink' ignores the unlink: a link behind a read of a queue of two PDs is not forwarded, one behind the last is",
	},
	{
		ID: "tm-unl-rd-fwd", File: "tm_pd_lists.sv",
		Anchor:  "!ud[rd_qid_i] ? head_r : fu[rd_qid_i] ? lpd_q : unl_next_i;",
		Replace: "!ud[rd_qid_i] ? head_r : unl_next_i;",
		Desc:    "the head read of the queue unlinked now takes the PD's stale link, not the forwarded PD: it reads a PD that is not the new head",
	},
	{
		ID: "tm-unl-head-fwd", File: "tm_pd_lists.sv",
		Anchor:  "head_q[h*64 + l] <= fu[h*64 + l] ? lpd_q : unl_next_i;",
		Replace: "head_q[h*64 + l] <= unl_next_i;",
		Desc:    "the per-queue head register takes the PD's stale link at the unlink, not the forwarded PD (head_len_o and this cycle's read still right)",
	},
	{
		ID: "tm-unl-cnt-hold", File: "tm_pd_lists.sv",
		Anchor:  "cnt_q[h*64 + l]  <= cnt_q[h*64 + l] - CNW'(1);",
		Replace: "cnt_q[h*64 + l]  <= cnt_q[h*64 + l];",
		Desc:    "the per-queue PD count is not decremented by the unlink: the queue's 'two PDs' test (two) and so one_q go wrong",
	},
	{
		ID: "tm-unl-qlen-adm", File: "occamy_tm.sv",
		Anchor:  "if (rdo[q]) qlen_d[q*QW +: QW] = qlen_adm[q*QW +: QW] - QW'(unl_cells);",
		Replace: "if (rdo[q]) qlen_d[q*QW +: QW] = qlen_q[q*QW +: QW] - QW'(unl_cells);",
		Desc:    "the per-queue qlen update subtracts the unlinked cells from the start-of-cycle length: this cycle's admission into that queue is lost",
	},
	{
		ID: "tm-unl-sched-port", File: "tm_sched.sv",
		Anchor:  "ok[p]  = l && !(|(unl_oh_i[p*Q +: Q] & oh));",
		Replace: "ok[p]  = l && !(|unl_oh_i[p*Q +: Q]);",
		Desc:    "pipelined DRR's head hazard matched by port, not by the class pointer's queue: an unlink of another class of the port withholds the grant (a bubble)",
	},
}
