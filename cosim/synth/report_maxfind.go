package synth

import "fmt"

// writeMaxfindMarkdown is the report's maximum-finder sweep: tm_maxfind
// (Pushout's Difficulty 3, occamy-lqd's longest-queue choice) at every N
// and QW of the sweep, beside the selector and the arbiter at the same
// size.
func writeMaxfindMarkdown(p func(string, ...any), must func(string, Size) Result) {
	p("## Maximum finder beside the selector and the arbiter\n\n")
	p("`tm_maxfind` picks the longest of N queue lengths in one cycle (Pushout's Difficulty 3; in the TM, ")
	p("the occamy-lqd and pushout-ports head-drop choice in `tm_hd_choice` pipelines the same compare-and-select tree; pushout-ports' admission in `tm_admission` compares the arrival's queue with every queue instead, one level per stage, docs/tm.md). It is combinational, so its levels run from its inputs to its outputs.\n\n")
	p("| QW | N | maxfind LUT6 | LUT6 per queue | maxfind levels | selector LUT6 | selector levels | arbiter LUT6 | arbiter levels | maxfind / (selector + arbiter) LUT6 |\n")
	p("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, qw := range SweepQW {
		for _, n := range SweepN {
			m := must("maxfind", Size{N: n, QW: qw})
			s := must("selector", Size{N: n, QW: qw})
			a := must("arbiter", Size{N: n})
			p("| %d | %d | %d | %s | %d | %d | %d | %d | %d | %s |\n", qw, n, m.Cost.LUTs, ratio(m.Cost.LUTs, n), m.Path.Length,
				s.Cost.LUTs, s.Path.Length, a.Cost.LUTs, a.Path.Length, timesText(m.Cost.LUTs, s.Cost.LUTs+a.Cost.LUTs))
		}
	}
	p("\n")
	lo, hi := must("maxfind", Size{N: SweepN[0], QW: SweepQW[0]}), must("maxfind", Size{N: SweepN[len(SweepN)-1], QW: SweepQW[0]})
	sl, sh := must("selector", Size{N: SweepN[0], QW: SweepQW[0]}), must("selector", Size{N: SweepN[len(SweepN)-1], QW: SweepQW[0]})
	span := fmt.Sprintf("%d–%d", sl.Path.Length, sh.Path.Length)
	if sl.Path.Length == sh.Path.Length {
		span = fmt.Sprint(sl.Path.Length)
	}
	p("At QW=%d the maximum finder's depth goes from %d levels at N=%d to %d at N=%d, while the selector's is %s: ",
		SweepQW[0], lo.Path.Length, SweepN[0], hi.Path.Length, SweepN[len(SweepN)-1], span)
	p("a comparator bank is as deep as one comparator, a maximum over N values is a tree of log₂N compare-and-select stages.\n\n")
}
