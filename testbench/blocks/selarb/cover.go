package selarb

import (
	"occamy/hw/arbiter"
	"occamy/hw/selector"
	"occamy/testbench/blocks"
)

// Coverpoints of the unit: where the bitmap meets the arbiter.
const (
	saContended = iota
	saOneOver
	saWrap
	saNotTaken
	saResetBusy
)

var selArbCover = []blocks.Coverpoint{
	{Name: "contended", Desc: "two or more queues over their thresholds: the arbiter chooses", NA: func(p map[string]int) string {
		if p["N"] < 2 {
			return "N=1: one queue"
		}
		return ""
	}},
	{Name: "one_over", Desc: "exactly one queue over its threshold: its grant every cycle"},
	{Name: "wrap", Desc: "a grant taken at index N-1 moves the pointer back to 0"},
	{Name: "not_taken", Desc: "a grant shown with ack_i low: the pointer holds"},
	{Name: "reset_busy", Desc: "reset while some over_o bit is set"},
}

// cover counts the unit's coverpoints from the bitmap the arbiter sees
// and its grant (after both Evals, before Commit).
func cover(h []uint64, s *selector.Selector, a *arbiter.Arbiter) {
	n := s.OverO.Count()
	blocks.Hit(h, saContended, s.RstNI && n >= 2)
	blocks.Hit(h, saOneOver, s.RstNI && n == 1)
	blocks.Hit(h, saWrap, a.RstNI && a.GntValidO && a.AckI && int(a.GntIdxO) == a.P.N-1)
	blocks.Hit(h, saNotTaken, a.RstNI && a.GntValidO && !a.AckI)
	blocks.Hit(h, saResetBusy, !s.RstNI && s.OverO.Any())
}
