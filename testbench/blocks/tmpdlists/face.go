// Package tmpdlists is the verification face of tm_pd_lists, a sub-block of the
// traffic manager (hw/tm, verilog/tm_pd_lists.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmpdlists

import (
	"occamy/testbench/blocks"
	"occamy/testbench/blocks/tmsub"
)

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_pd_lists",
		Summary: "the TM's per-queue PD list registers: unlink, head read, link, forwarding (stages A, C-D, E)",
		Idle:    map[string]string{"link_tail_o": "link_pred_o", "rd_pd_o": "rd_i"},
		Mutants: []blocks.Mutant{
			{
				ID: "sub-pdl-no-forward", File: "tm_pd_lists.sv",
				Anchor:  "fu     = lk_q & ud;",
				Replace: "fu     = '0;",
				Desc:    "the unlink forwarding register dropped: a packet linked behind a head PD being read is lost to the stale link (the TM's tm-pdl-no-forward, against the sub-block alone)",
			},
			// free list / PD lists pipeline (issue 29): the derived register
			// one_q = (cnt_q == 1).
			{
				ID: "sub-pdl-one-unl", File: "tm_pd_lists.sv",
				Anchor:  "| ((ud & ~ld) & two) |",
				Replace: "| ((ud & ~ld) & '0) |",
				Desc:    "the derived one-PD register misses an unlink from two PDs to one, so the queue's last unlink leaves it non-empty",
			},
		},
	})
}
