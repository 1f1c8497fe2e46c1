package tm

import "occamy/testbench/blocks"

// deqcutMutants break the dequeue's free register (issue 29: tm_dequeue's
// fa_q, fh_q, ft_q, fn_q, fd_q; hw/tm DeqFreeLag) and the hazards it
// brings: a round's frees reach the free list and the free count a cycle
// after the round, and each is appended exactly once.
var deqcutMutants = []blocks.Mutant{
	{
		ID: "tm-deq-freed-bypass", File: "tm_dequeue.sv",
		Anchor:  "assign freed_o   = fd_q;",
		Replace: "assign freed_o   = fd_d;",
		Desc:    "the free count credits a round's cells in the round's cycle while the free list takes them a cycle later: free_o a cycle early",
	},
	{
		ID: "tm-deq-fa-bypass", File: "tm_dequeue.sv",
		Anchor:  "assign fa_o      = fa_q;",
		Replace: "assign fa_o      = fa_d;",
		Desc:    "tags: the appends' enables are this round's, their cells the last round's: cells appended twice or lost",
	},
	{
		ID: "tm-deq-free-hold", File: "tm_dequeue.sv",
		Anchor:  "fa_q   <= fa_d;",
		Replace: "fa_q   <= run ? fa_d : fa_q;",
		Desc:    "tags: the append enables hold through a cycle without a round while the cells clear: a second append, of cell 0 (0 cells), links cell 0 into bank 0 again (a cell handed to two packets)",
	},
}
