package tm

import "occamy/testbench/blocks"

// flenlinkMutants break the forwarding's new form (issue 29, flenlink:
// tm_pd_lists records "last cycle's link went behind the one PD left"
// per queue in lk_q, and that link's PD and cells in lpd_q and lcells_q;
// the next cycle's unlink of that queue takes them).
var flenlinkMutants = []blocks.Mutant{
	{
		ID: "tm-flk-every-link", File: "tm_pd_lists.sv",
		Anchor:  "lk_d      = ld & one_a;",
		Replace: "lk_d      = ld;",
		Desc:    "every link is marked as forwarded, not only one behind the one PD left after the unlink: a queue of two or more PDs unlinked in the next cycle jumps its head to the new tail",
	},
	{
		ID: "tm-flk-cells-now", File: "tm_pd_lists.sv",
		Anchor:  "fu[i] ? lcells_q : unl_nlen_i;",
		Replace: "fu[i] ? link_cells_i : unl_nlen_i;",
		Desc:    "a forwarded unlink's head length is this cycle's link's cells, not the forwarded link's (the register a cycle late): the new head's length is wrong",
	},
}
