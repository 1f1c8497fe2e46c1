package tmadmission

import (
	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
)

// cover are the boundaries of tm_admission's two rules that the whole
// TM's coverpoints (adm_drop_room, free_empty, pushout_neg) do not name:
// an admission exactly at the DT threshold, and one taking exactly the
// last free cells (the mutants tm-adm-dt-lt and sub-adm-free-lt).
var cover = []blocks.Coverpoint{
	{Name: "adm_fill_to_thr", Desc: "under DT, a packet admitted that fills its queue exactly to its threshold"},
	{Name: "adm_last_cells", Desc: "this cycle's admissions leave exactly 0 free cells"},
}

func hits(u any) func(h []uint64) {
	a := u.(*hw.Admission)
	return func(h []uint64) {
		if !a.PushoutI {
			for j := 0; j < a.AdmNO; j++ {
				if q := a.AdmQidO[j]; a.QlenAfterO[j] == a.ThrI[q] {
					h[0]++
					break
				}
			}
		}
		if a.AdmNO > 0 && a.FreeO == 0 {
			h[1]++
		}
	}
}
