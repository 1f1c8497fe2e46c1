package tmhdchoice

import (
	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
)

// cover is the re-check's boundary, which the whole TM's coverpoints
// (hd_any, maxfind_not_rr, stale_skipped) do not name: the arbiter's
// grant on a queue exactly at its threshold while the re-check is on
// (the mutant sub-hd-recheck-ge); and the pipelined finder's stale choice
// refused by a guard of this cycle (sub-hd-stale-gone).
var cover = []blocks.Coverpoint{
	{Name: "recheck_at_thr", Desc: "with recheck_i, u_arb grants a queue whose length is exactly its threshold", NA: func(p map[string]int) string {
		if p["RECHECK"] == 0 && p["RECONF"] == 0 {
			return "RECHECK=0: no re-check"
		}
		return ""
	}},
	{Name: "stale_guarded", Desc: "the pipelined finder's choice (occamy-lqd, pushout-ports) is no longer a candidate, or no longer over, and is refused", NA: func(p map[string]int) string {
		// POLICY indexes the TM's policies (testbench/blocks/tm.Policies: dt, occamy, occamy-lqd, pushout-ports).
		if p["RECONF"] == 0 && p["POLICY"] < 2 {
			return "POLICY dt or occamy: no longest-queue choice"
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
		if c.StaleDropO {
			h[1]++
		}
	}
}
