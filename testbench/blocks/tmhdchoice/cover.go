package tmhdchoice

import (
	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
)

// cover is the re-check's boundary, which the whole TM's coverpoints
// (hd_any, maxfind_not_rr, stale_skipped) do not name: the arbiter's
// grant on a queue exactly at its threshold while the re-check is on
// (the mutant sub-hd-recheck-ge).
var cover = []blocks.Coverpoint{
	{Name: "recheck_at_thr", Desc: "with recheck_i, u_arb grants a queue whose length is exactly its threshold", NA: func(p map[string]int) string {
		if p["RECHECK"] == 0 && p["RECONF"] == 0 {
			return "RECHECK=0: no re-check"
		}
		return ""
	}},
}

func hits(u any) func(h []uint64) {
	c := u.(*hw.HDChoice)
	return func(h []uint64) {
		if c.RecheckI && c.ArbValidI && c.QlenI[c.ArbIdxI] == c.ThrI[c.ArbIdxI] {
			h[0]++
		}
	}
}
