package cpsublists

import "occamy/testbench/blocks"

// mutants are cpsublists's bugs for the self-check (cosim/mutation); docs/mutation.md
// lists the stimulus that kills each.
var mutants = []blocks.Mutant{
	// cp_sublists: a chase of K sub-lists, one round per link read.
	{
		ID: "cp-last-early", File: "cp_sublists.sv",
		Anchor:  "assign out_last_o  = fire && (nxt >= r_n);",
		Replace: "assign out_last_o  = fire && (nxt + XW'(1) >= r_n);",
		Desc:    "out_last_o one cell early",
	},
	{
		ID: "cp-start-while-busy", File: "cp_sublists.sv",
		Anchor:  "assign take = start_i && !busy_q;",
		Replace: "assign take = start_i;",
		Desc:    "a start is taken while a chase is busy, cutting it short",
	},
	{
		ID: "cp-read-past-end", File: "cp_sublists.sv",
		Anchor:  "assign rd_en[s]             = in_round && (r_done + XW'(s) + XW'(K) < r_n);",
		Replace: "assign rd_en[s]             = in_round;",
		Desc:    "the last round still reads the links of its cells: the stale read returns into the next chase",
	},
	{
		ID: "cp-round-le", File: "cp_sublists.sv",
		Anchor:  "cnt    = (left < XW'(K)) ? left : XW'(K);",
		Replace: "cnt    = (left <= XW'(K)) ? left : XW'(K);",
		Desc:    "the round size compares with <= instead of <",
		Equivalent: "when left == K both arms give K: the comparison only decides between two equal values, " +
			"so the round size, every output and every link read are unchanged",
	},
}
