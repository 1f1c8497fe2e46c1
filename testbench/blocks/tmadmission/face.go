// Package tmadmission is the verification face of tm_admission, a sub-block of the
// traffic manager (hw/tm, verilog/tm_admission.sv), built by testbench/blocks/tmsub
// from hw/tm's port table: this package holds what is particular to it.
package tmadmission

import "occamy/testbench/blocks/tmsub"

func init() {
	tmsub.Register(tmsub.Spec{
		Module:  "tm_admission",
		Summary: "the TM's ingress admission: IN slots a cycle under DT or Pushout's rule (stage 1)",
		Uses:    []string{"tm_maxfind"},
	})
}
