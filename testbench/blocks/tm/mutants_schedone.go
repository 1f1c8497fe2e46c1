package tm

import "occamy/testbench/blocks"

// schedoneMutants break the DRR visit's cover compare as a tree of 3-bit
// groups (issue 29, schedone: tm_sched's ge_tree, d >= h, replaced the
// ripple compare; no register, no cycle moved).
var schedoneMutants = []blocks.Mutant{
	{
		ID: "tm-schedone-ge-strict", File: "tm_sched.sv",
		Anchor:  "    ge_tree = 1'b1;\n",
		Replace: "    ge_tree = 1'b0;\n",
		Desc:    "the tree's carry into its lowest group starts at 0: the compare is d > h, so a deficit equal to the head does not cover it and the port passes the class",
	},
	{
		ID: "tm-schedone-ge-no-carry", File: "tm_sched.sv",
		First:   "defaults/lqd-drr",
		Anchor:  "ge_tree = (dg > hg) || (dg == hg && ge_tree);",
		Replace: "ge_tree = (dg > hg) || dg == hg;",
		Desc:    "the groups not chained: only the top group is compared, so a deficit whose top group equals the head's covers it whatever its lower bits",
	},
}
