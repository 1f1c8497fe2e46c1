package tm

import "occamy/testbench/blocks"

// schedeligMutants break the DRR registers' own round robin (issue 29,
// schedelig: tm_sched's deficits, ready flags read the grant through dwin
// over the drr candidates port_rdy_i & rdy_q, dgoh, not through cand's mux
// with strict priority's port OR).
var schedeligMutants = []blocks.Mutant{
	{
		ID: "tm-schedelig-dgoh-no-ok", File: "tm_sched.sv",
		Anchor:  "assign dgoh = en_i ? (dwin & ok) : '0;",
		Replace: "assign dgoh = en_i ? dwin : '0;",
		Desc:    "the DRR registers' grant without the validity (ok): a bubble (the winner's queue unlinked in its grant's cycle) still takes the head from the deficit and drops the ready",
	},
	{
		ID: "tm-schedelig-dwin-no-ptr", File: "tm_sched.sv",
		Anchor:  "assign dhi   = dcand & pm_q;",
		Replace: "assign dhi   = dcand;",
		Desc:    "the DRR registers' round robin ignores the port pointer: with two candidate ports the deficit is taken from the lowest one, not the granted one",
	},
}
