package tm

import "occamy/testbench/blocks"

// enqcutMutants break the enqueue's next-packet register (issue 29:
// tm_enqueue's nv_q, nx_q; hw/tm EnqTakeLag): the engine takes its packet
// from the register, which loads the FIFO's oldest (this cycle's first
// admission when the FIFO is empty) when empty or taken, each packet
// exactly once and in order.
var enqcutMutants = []blocks.Mutant{
	{
		ID: "tm-enq-ld-no-take", File: "tm_enqueue.sv",
		Anchor:  "assign ld   = avail && (!nv_q || take);",
		Replace: "assign ld   = avail && !nv_q;",
		Desc:    "the register does not reload in the cycle it is taken: a bubble between packets (one packet every 2 cycles at most)",
	},
	{
		ID: "tm-enq-ld-overwrite", File: "tm_enqueue.sv",
		Anchor:  "assign ld   = avail && (!nv_q || take);",
		Replace: "assign ld   = avail;",
		Desc:    "the register loads over a packet not yet taken: that packet is lost (its cells admitted, never linked)",
	},
	{
		ID: "tm-enq-nv-hold", File: "tm_enqueue.sv",
		Anchor:  "assign nv_d = ld || (nv_q && !take);",
		Replace: "assign nv_d = ld || nv_q;",
		Desc:    "a taken packet stays valid: taken again, allocated and linked twice",
	},
	{
		ID: "tm-enq-fifo-pop-take", File: "tm_enqueue.sv",
		Anchor:  "rp_d  = rp_q + DAW'(ld);",
		Replace: "rp_d  = rp_q + DAW'(take);",
		Desc:    "the FIFO pops on the engine's take, not on the register's load: the register's packet is read again from the FIFO (taken twice) and the count disagrees",
	},
}
