// Package tmadmission is the verification face of tm_admission, a sub-block of the
// traffic manager (hw/tm, verilog/tm_admission.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmadmission

import (
	"occamy/testbench/blocks"
	"occamy/testbench/blocks/tmsub"
)

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_admission",
		Summary: "the TM's ingress admission: IN slots a cycle under DT or Pushout's rule (stage 1)",
		Cover:   cover,
		Hits:    hits,
		Mutants: []blocks.Mutant{
			{
				ID: "sub-adm-free-lt", File: "tm_admission.sv",
				Anchor:  "fits  = s1_v_q[i] && le4(fx, rr, st, need);",
				Replace: "fits  = s1_v_q[i] && le4(fx, rr, st, need + XW'(1));",
				Desc:    "a packet that takes exactly the last free cells is refused (the TM's tm-adm-free-lt, against the sub-block alone)",
			},
		},
	})
}
