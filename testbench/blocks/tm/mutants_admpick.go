package tm

import "occamy/testbench/blocks"

// admpickMutants break admission's subset selects as mux trees (issue 29,
// admpick: `pick`, the entry of the subset the registered decisions or the
// slots to the queue name, as 2:1 muxes on the subset's bits, in place of
// an indexed part-select whose index Yosys 0.23 built as a multiply-add
// before the mux). Stage 2's need and wait sum and stage 1's cells to the
// queue go through it.
var admpickMutants = []blocks.Mutant{
	{
		ID: "tm-admpick-arms-swapped", File: "tm_admission.sv",
		Anchor:  "t[k*XW +: XW] = s[b] ? t[(2*k+1)*XW +: XW] : t[(2*k)*XW +: XW];",
		Replace: "t[k*XW +: XW] = s[b] ? t[(2*k)*XW +: XW] : t[(2*k+1)*XW +: XW];",
		Desc:    "admission's subset select: each mux's arms swapped, so the complement subset is read: the free test counts the slots that were refused, the room the slots that go elsewhere",
	},
	{
		ID: "tm-admpick-last-slot", File: "tm_admission.sv",
		Anchor:  "for (int b = 0; b < BS; b++) begin\n      for (int k = 0; k < (NS >> (b + 1)); k++)",
		Replace: "for (int b = 0; b < BS - 1; b++) begin\n      for (int k = 0; k < (NS >> (b + 1)); k++)",
		Desc:    "admission's subset select: the tree one level short, so the last bypassed slot's decision is not seen: a packet it admitted the cycle before is left out of the free test and the room",
	},
}
