package tm

import "occamy/testbench/blocks"

// qlencutMutants break the scheduler's grant with the dequeue's room
// entering last (issue 29, qlencut: tm_sched builds the winner and the
// grant's port and queue without en_i, gpre, and gates the outputs by it).
// Dropping the gate from the valid grants while the dequeue has no room.
var qlencutMutants = []blocks.Mutant{
	{
		ID: "tm-sched-en-last-ungated", File: "tm_sched.sv",
		First:   "defaults/occamy",
		Anchor:  "assign gnt_valid_o = en_i && (|gpre);",
		Replace: "assign gnt_valid_o = |gpre;",
		Desc:    "the grant's valid not gated by the dequeue's room (en_i), its port and queue still are: a grant while the dequeue is full, of queue 0 on port 0",
	},
}
