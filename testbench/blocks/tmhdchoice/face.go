// Package tmhdchoice is the verification face of tm_hd_choice, a sub-block of the
// traffic manager (hw/tm, verilog/tm_hd_choice.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmhdchoice

import (
	"occamy/testbench/blocks"
	"occamy/testbench/blocks/tmsub"
)

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_hd_choice",
		Summary: "the TM's head-drop choice: round robin (occamy), longest queue by a pipelined finder (occamy-lqd, pushout-ports), re-check (stage D)",
		Cover:   cover,
		Hits:    hits,
		Mutants: []blocks.Mutant{
			{
				ID: "sub-hd-recheck-ge", File: "tm_hd_choice.sv",
				Anchor:  "o[i] = qlen_i[i*QW +: QW] > thr_i[i*QW +: QW];",
				Replace: "o[i] = qlen_i[i*QW +: QW] >= thr_i[i*QW +: QW];",
				Desc:    "the re-check comparator `>` became `>=`: a queue exactly at its threshold is still expelled (the TM's tm-hd-recheck-ge, against the sub-block alone)",
			},
			{
				ID: "sub-hd-ack-busy", File: "tm_hd_choice.sv",
				Anchor:  "gnt_valid_o = 1'b1;\n          arb_ack_o   = take_i;",
				Replace: "gnt_valid_o = 1'b1;\n          arb_ack_o   = 1'b1;",
				Desc:    "arb_ack_o high while take_i is low (the TM's tm-hd-ack-busy, against the sub-block alone: occamy_tm no longer reads arb_ack_o since agtake)",
			},
			{
				ID: "sub-hd-stale-gone", File: "tm_hd_choice.sv",
				Anchor:  "if (lqd_valid && cand_i[lqd_idx]) begin",
				Replace: "if (lqd_valid) begin",
				Desc:    "pushout-ports' stale choice not re-checked as a candidate (the TM's tm-po-stale-gone, against the sub-block alone)",
			},
		},
	})
}
