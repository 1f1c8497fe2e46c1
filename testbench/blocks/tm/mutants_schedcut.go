package tm

import "occamy/testbench/blocks"

// schedcutMutants break the scheduler's inputs as schedcut left them
// (issue 29: occamy_tm's en_i is the dequeue's room alone, elig_i is
// nonempty without glock; docs/tm.md, "The scheduler's inputs").
var schedcutMutants = []blocks.Mutant{
	{
		ID: "tm-sched-en-no-room", File: "occamy_tm.sv",
		First:   "defaults/occamy",
		Anchor:  ".en_i(deq_room), .drr_i(cfg_drr_i),",
		Replace: ".en_i(1'b1), .drr_i(cfg_drr_i),",
		Desc:    "the scheduler grants without room in the dequeue's job FIFO (en_i is the room alone since schedcut): a job overfills it",
	},
	{
		ID: "tm-sched-elig-all", File: "occamy_tm.sv",
		Anchor:  ".elig_i(nonempty), .nonempty_i(nonempty),",
		Replace: ".elig_i('1), .nonempty_i(nonempty),",
		Desc:    "every queue eligible: an empty queue is granted (the grant cancelled at its read, a lost slot), and under sp a port's class 0 hides its other classes",
	},
}
