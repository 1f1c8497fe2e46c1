package tm

import "occamy/testbench/blocks"

// flTagMutants: tm_free_list's bank tails: the reset tail and the head
// drop's append (both "tags", see mutants).
var flTagMutants = []blocks.Mutant{
	{
		ID: "tm-fl-tail-reset", File: "tm_free_list.sv",
		Anchor:  "tail_q[b*CW +: CW]  <= CW'(b + K * ((B - 1 - b) / K));",
		Replace: "tail_q[b*CW +: CW]  <= CW'(b + K * ((B - 1 - b) / K - 1));",
		Desc:    "tags: a free bank's tail resets to its last cell but one, so the first append links the chain behind the wrong cell",
	},
	{
		ID: "tm-fl-hd-old-tail", File: "tm_free_list.sv",
		Anchor:  "a = a | tail_f[b*CW +: CW];",
		Replace: "a = a | tail_q[b*CW +: CW];",
		Desc:    "tags: the head drop's chain is appended to the bank's tail before the dequeue's append of the same cycle, cutting that one off",
	},
}
