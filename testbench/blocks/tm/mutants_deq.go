package tm

import "occamy/testbench/blocks"

// deqChainMutants: tm_dequeue's chain free counts.
var deqChainMutants = []blocks.Mutant{
	{
		ID: "tm-deq-chain-sublist", File: "tm_dequeue.sv",
		Anchor:  "fn_d[s*BNW +: BNW] = BNW'((32'(n) - s + K - 1) / K);",
		Replace: "fn_d[s*BNW +: BNW] = BNW'((32'(n) - s) / K + 1);",
		Desc:    "the dequeue's chain free counts a sub-list one cell long when its length is a multiple of K",
	},
}

// deqRoundMutants: tm_dequeue's sub-list rounds.
var deqRoundMutants = []blocks.Mutant{
	{
		ID: "tm-deq-round-reads", File: "tm_dequeue.sv",
		Anchor:  "assign rds     = (32'(left) > K) ?",
		Replace: "assign rds     = (32'(left) > K + 1) ?",
		Desc:    "a sub-list round off by one: with K+1 cells left the dequeue reads no link, so its last round follows a stale pointer",
	},
}

// deqPendMutants: tm_dequeue's room with the grant being read.
var deqPendMutants = []blocks.Mutant{
	{
		ID: "tm-deq-pend", File: "tm_dequeue.sv",
		First:   "defaults/occamy",
		Anchor:  "assign room_o      = (dn_d + 3'(pend_i)) < 3'(JD);",
		Replace: "assign room_o      = dn_d < 3'(JD);",
		Desc:    "the dequeue's room ignores the grant being read (pend_i): a grant can overfill the job FIFO",
	},
}
