// Package tmpdlists is the verification face of tm_pd_lists, a sub-block of the
// traffic manager (hw/tm, verilog/tm_pd_lists.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmpdlists

import "occamy/testbench/blocks/tmsub"

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_pd_lists",
		Summary: "the TM's per-queue PD list registers: unlink, head read, link, forwarding (stages A, C-D, E)",
		Idle:    map[string]string{"link_tail_o": "link_pred_o", "rd_pd_o": "rd_i"},
	})
}
