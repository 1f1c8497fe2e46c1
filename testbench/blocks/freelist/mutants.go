package freelist

import "occamy/testbench/blocks"

// mutants are freelist's bugs for the self-check (cosim/mutation); docs/mutation.md
// lists the stimulus that kills each.
var mutants = []blocks.Mutant{
	// free_list: K banks, pops from the head, appends of chains at the tail.
	{
		ID: "fl-chain-counts-one", File: "free_list.sv",
		Anchor:  "cnt_d  = cnt1 + a_n;",
		Replace: "cnt_d  = cnt1 + FW'(1);",
		Desc:    "an appended chain adds one cell to the bank's count whatever its length",
	},
	{
		ID: "fl-empty-head", File: "free_list.sv",
		Anchor:  "if (cnt1 == '0) head_d = a_head;",
		Replace: "if (1'b0) head_d = a_head;",
		Desc:    "an append to an empty bank does not load the bank's head",
	},
	{
		ID: "fl-no-wait", File: "free_list.sv",
		Anchor:  "if (rd) wait_d = LW'(L - 1);",
		Replace: "if (rd) wait_d = '0;",
		Desc:    "no wait for the link read: the next pop comes before the new head is known (LAT > 1)",
	},
	{
		ID: "fl-reset-tail", File: "free_list.sv",
		Anchor:  "tail_q             <= CW'(RST_TAIL);",
		Replace: "tail_q             <= CW'(b);",
		Desc:    "the bank's tail resets to its first cell, not its last: the first append links the wrong cell",
	},
}
