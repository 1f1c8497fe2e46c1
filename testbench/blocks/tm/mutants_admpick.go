package tm

import "occamy/testbench/blocks"

// admpickMutants break admission's subset selects as mux trees (issue 29,
// admpick: `pick`, the entry of the subset the registered decisions name,
// as halvings by the subset's bits, in place of an indexed part-select
// whose index Yosys 0.23 built as a multiply-add before the mux). Stage
// 2's need and wait sum go through it.
var admpickMutants = []blocks.Mutant{
	{
		ID: "tm-admpick-low-bit-inverted", File: "tm_admission.sv",
		Anchor:  "if (k[0]) t[0 +: XW]   = t[XW +: XW];",
		Replace: "if (!k[0]) t[0 +: XW]   = t[XW +: XW];",
		Desc:    "admission's subset select: the last halving reads the other half, so slot 0's decision is read inverted: the free test counts its cells when it was refused and not when it was admitted",
	},
	{
		ID: "tm-admpick-slot2-unseen", File: "tm_admission.sv",
		Anchor:  "if (k[2]) t[0 +: 4*XW] = t[4*XW +: 4*XW];",
		Replace: "if (1'b0) t[0 +: 4*XW] = t[4*XW +: 4*XW];",
		Desc:    "admission's subset select: the halving by slot 2's decision dropped: a packet it admitted the cycle before is left out of the free test",
	},
}
