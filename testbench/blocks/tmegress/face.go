// Package tmegress is the verification face of tm_egress, a sub-block of the
// traffic manager (hw/tm, verilog/tm_egress.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmegress

import (
	"occamy/testbench/blocks"
	"occamy/testbench/blocks/tmsub"
)

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_egress",
		Summary: "the TM's per-port transmit side: pending cells, returned-cell buffers, one cell per R cycles (stage H)",
		Uses:    []string{"sram_mp"},
		Cover:   cover,
		Hits:    hits,
		Mutants: []blocks.Mutant{
			{
				ID: "sub-eg-rate", File: "tm_egress.sv",
				Anchor:  "tmr_d  = r_i - 11'd1;",
				Replace: "tmr_d  = r_i;",
				Desc:    "the line rate off by one: a port sends one cell every R+1 cycles (the TM's tm-eg-rate, against the sub-block alone)",
			},
		},
	})
}
