package tm

import "occamy/testbench/blocks"

// enqgoMutants break the enqueue's round register (issue 29: tm_enqueue's
// stage X, xv_q, xpop_q, ...; hw/tm EnqGoLag): a round decided in cycle c
// is done in c+1 from registers, and the decision reads the banks' counts
// less the pops of the round in stage X then.
var enqgoMutants = []blocks.Mutant{
	{
		ID: "tm-enq-go-no-xpop-first", File: "tm_enqueue.sv",
		Anchor:  "if (((32'(c) << KB) | 32'(jt)) < 32'(hn) + (xpop_q[b] ? K : 0)) go_t = 1'b0;",
		Replace: "if (((32'(c) << KB) | 32'(jt)) < 32'(hn)) go_t = 1'b0;",
		Desc:    "a packet just taken decides its first round on the counts without the round in flight's pops: a sub-list longer than its bank holds (the chain runs into cells pushed later, or the bank empties mid-packet)",
	},
	{
		ID: "tm-enq-xfirst-stale", File: "tm_enqueue.sv",
		Anchor:  "assign xfirst_d = done_c == '0;",
		Replace: "assign xfirst_d = 1'b0;",
		Desc:    "stage X never knows a first round: the PD's heads stay the previous packet's",
	},
	{
		ID: "tm-enq-xpop-hold", File: "tm_enqueue.sv",
		Anchor:  "assign xpop_d   = go ? needb : '0;",
		Replace: "assign xpop_d   = go ? needb : xpop_q;",
		Desc:    "a round's pops are repeated in the cycles after it until the next round: cells popped and lost",
	},
	{
		ID: "tm-enq-go-no-xpop-later", File: "tm_enqueue.sv",
		Anchor:  "if (needb_q[b] && 32'(c) <= 32'(xpop_q[b])) go_l = 1'b0;",
		Replace: "if (needb_q[b] && c == '0) go_l = 1'b0;",
		Desc:    "a later round is decided on a bank's last cell that the round in flight pops: it would pop an empty bank",
		Equivalent: "a packet's first round goes only when every bank it pops holds that sub-list's whole length L, and only " +
			"the enqueue pops: when round r >= 1 is decided, rounds 0..r-2 are done and r-1 is in stage X, so the bank " +
			"holds at least L-r+1 cells less the 1 in flight, L-r >= 1 as round r has a cell in the sub-list (survived " +
			"6M cycles on occamy_tm and 800k on tm_enqueue, whose inputs are recorded from the TM)",
	},
}
