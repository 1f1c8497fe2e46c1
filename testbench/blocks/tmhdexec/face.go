// Package tmhdexec is the verification face of tm_hd_exec, a sub-block of the
// traffic manager (hw/tm, verilog/tm_hd_exec.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmhdexec

import (
	"occamy/testbench/blocks"
	"occamy/testbench/blocks/tmsub"
)

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_hd_exec",
		Summary: "the TM's head-drop executor: take, PD read, per-bank lanes freeing cells (stages D, A, G)",
		Idle:    map[string]string{"cp_rd_addr_o": "cp_rd_ask_o"},
		Mutants: []blocks.Mutant{
			{
				ID: "sub-hd-lane-depth", File: "tm_hd_exec.sv",
				Anchor:  "localparam int LD  = 4;",
				Replace: "localparam int LD  = 3;",
				Desc:    "the lane depth off by one (3 against hw/tm's HDLaneDepth 4): the executor stops taking grants while a lane holds 3 entries (the TM's tm-hd-lane-depth, against the sub-block alone)",
			},
		},
	})
}
