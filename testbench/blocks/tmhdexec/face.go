// Package tmhdexec is the verification face of tm_hd_exec, a sub-block of the
// traffic manager (hw/tm, verilog/tm_hd_exec.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmhdexec

import "occamy/testbench/blocks/tmsub"

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_hd_exec",
		Summary: "the TM's head-drop executor: take, PD read, per-bank lanes freeing cells (stages D, A, G)",
		Idle:    map[string]string{"cp_rd_addr_o": "cp_rd_en_o", "ga_head_o": "ga_o", "ga_tail_o": "ga_o", "ga_n_o": "ga_o"},
	})
}
