package tm

import "occamy/testbench/blocks"

// arbregMutants break issue 29's arbreg cut: occamy_tm registers u_arb's
// grant (agv_q, agq_q), acknowledges u_arb as the register loads, keeps
// the grant while its queue holds a PD (through the dequeue's lock and
// cycles out of the bitmap while u_arb grants nothing else), and offers
// it to u_choice only while its queue is over in the bitmap and not the
// dequeue's read.
var arbregMutants = []blocks.Mutant{
	{
		ID: "tm-ag-no-glock", File: "occamy_tm.sv",
		Anchor:  "assign ag_ok   = ag_keep && over[agq_q] && !glock[agq_q];",
		Replace: "assign ag_ok   = ag_keep && over[agq_q];",
		Desc:    "the registered grant is offered while the dequeue's read locks its queue: the executor and the dequeue read one queue's head in one cycle",
		Equivalent: "since stop 50's agtake ag_ok is read only with hd_take (ag_load) or through u_choice's grant, which the executor " +
			"issues only with its take_o: glock is non-zero only while gv_q holds the dequeue's read, and then pd_free_i = !gv_q holds " +
			"take_o low, so a locked queue's grant is neither loaded past nor read. Killed at cycle 818 before agtake (pd_rd_o). " +
			"The glock term still keeps tm_hd_choice's asserted contract (a grant is of a candidate, cand_i excluding glock), " +
			"which the mutation runs, built without assertions, do not check; ags_hit's own glock test is tm-agsave-no-glock, killed.",
	},
	{
		ID: "tm-ag-no-over", File: "occamy_tm.sv",
		Anchor:  "assign ag_ok   = ag_keep && over[agq_q] && !glock[agq_q];",
		Replace: "assign ag_ok   = ag_keep && !glock[agq_q];",
		Desc:    "the registered grant is offered though its queue left the bitmap: a head drop decided on the bitmap of the cycle before",
	},
	{
		ID: "tm-ag-drop-out", File: "occamy_tm.sv",
		Anchor:  "|| (!over[agq_q] && arb_valid);",
		Replace: "|| !over[agq_q];",
		Desc:    "a grant whose queue leaves the bitmap is dropped even when u_arb grants nothing else: its turn passes (the version that starved a queue)",
	},
	{
		ID: "tm-ag-hold-refused", File: "occamy_tm.sv",
		Anchor:  "(ag_ok && hd_take)",
		Replace: "(ag_ok && arb_ack)",
		Desc:    "a grant u_choice refuses (recheck_i: its queue no longer over its threshold) is kept and offered again, not replaced by u_arb's next (re-anchored on agtake's ag_load, stop 50)",
	},
	{
		ID: "tm-ag-ack-on-take", File: "occamy_tm.sv",
		Anchor:  ".req_i(arb_req), .ack_i(ag_ack),",
		Replace: ".req_i(arb_req), .ack_i(arb_ack && ag_ok),",
		Desc:    "u_arb is acknowledged when the executor takes the registered grant, not when it loads: its pointer passes the queue it grants now, not the one taken",
	},
	{
		ID: "tm-ag-keep-emptied", File: "occamy_tm.sv",
		Anchor:  "assign ag_keep = agv_q && nonempty[agq_q];",
		Replace: "assign ag_keep = agv_q;",
		Desc:    "a grant whose queue emptied is kept: it waits for the queue to fill and go over again instead of taking u_arb's next",
	},
}
