// Package tmsched is the verification face of tm_sched, a sub-block of the
// traffic manager (hw/tm, verilog/tm_sched.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmsched

import (
	"occamy/testbench/blocks"
	"occamy/testbench/blocks/tmsub"
)

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_sched",
		Summary: "the TM's egress scheduler: strict priority or DRR over eligible queues of ready ports (stage C)",
		Mutants: []blocks.Mutant{
			{
				ID: "sub-sp-order", File: "tm_sched.sv",
				Anchor:  "for (int c = Q - 1; c >= 0; c--) begin\n      if (x[c]) first_q",
				Replace: "for (int c = 0; c < Q; c++) begin\n      if (x[c]) first_q",
				Desc:    "strict priority reversed: the last class, not class 0, is served first (the TM's tm-sp-order, against the sub-block alone)",
			},
		},
	})
}
