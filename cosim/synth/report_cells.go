package synth

import (
	"fmt"
	"math"
)

// How WriteMarkdown writes one cell of its tables: ratios, bounds, the
// level budget's verdicts.

func ceilDiv(a, b int) int {
	if b <= 0 {
		return 0
	}
	return (a + b - 1) / b
}

func perComparator(r Result) string { return ratio(r.Cost.LUTs, r.Job.Size.N) }

func ratio(a, n int) string {
	if n <= 0 {
		return "—"
	}
	v := float64(a) / float64(n)
	if v == math.Trunc(v) {
		return fmt.Sprintf("%d", int(v))
	}
	return fmt.Sprintf("%.1f", v)
}

func timesBound(r Result, qw int) string {
	lb := ComparatorLowerBound(qw)
	return fmt.Sprintf("%.1f×", float64(r.Cost.LUTs)/float64(r.Job.Size.N)/float64(lb))
}

func paramValue(j Job, name string) int {
	for _, p := range j.Params {
		if p.Name == name {
			return p.Value
		}
	}
	return 0
}

func bold(v int, on bool) string {
	if on {
		return fmt.Sprintf("**%d**", v)
	}
	return fmt.Sprintf("%d", v)
}

func status(ok bool, margin int, unit string) string {
	if ok && margin == 0 {
		return "met, at the limit"
	}
	if ok {
		return fmt.Sprintf("met (%d %s to spare)", margin, unit)
	}
	return fmt.Sprintf("**missed** by %d %s", -margin, unit)
}

func nsRange(levels int) string {
	return fmt.Sprintf("%.2f–%.2f ns", RegisterNs+float64(levels)*LevelNsLow, RegisterNs+float64(levels)*LevelNsHigh)
}

func fits(levels int) string {
	switch {
	case levels <= LevelBudget(LevelNsHigh):
		return "fits"
	case levels <= LevelBudget(LevelNsLow):
		return "marginal"
	default:
		return "does not fit"
	}
}

func verdict(levels int) string {
	switch fits(levels) {
	case "fits":
		return "within one cycle even at the pessimistic end"
	case "marginal":
		return "marginal, within one cycle at the optimistic end of the assumption only"
	default:
		return "too deep for one cycle at either end of the assumption"
	}
}
