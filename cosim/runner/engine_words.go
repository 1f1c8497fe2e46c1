package runner

import "occamy/rtl/pack"

// firstDiff returns the first cycle from `from` on whose words differ, or
// -1. Every word is compared: first the whole run at once as bytes
// (pack.Equal, vectorised: a chunk of the benchmark top compares 4 words
// per cycle at a fraction of a nanosecond), then, only when that finds a
// difference, word by word to name the cycle.
func firstDiff(a, b []uint32, ow, from int) int {
	lo := from * ow
	if lo >= len(a) {
		return -1
	}
	a, b = a[lo:], b[lo:len(a)]
	if pack.Equal(a, b) {
		return -1
	}
	for i := range a {
		if a[i] != b[i] {
			return (lo + i) / ow
		}
	}
	return -1
}

func (e *engine) toRTL(ch *chunk) {
	e.pm.toRTL(ch.n, ch.in, e.s.canon.InWords, e.rin, e.m.Layout().InWords)
}

func (e *engine) fromRTL(ch *chunk) {
	e.pm.fromRTL(ch.n, e.rout, e.m.Layout().OutWords, ch.rtl, e.s.canon.OutWords)
}

// fromRTLOne maps cycle k of the chunk alone (lock-step).
func (e *engine) fromRTLOne(ch *chunk, k int) {
	co, ro := e.s.canon.OutWords, e.m.Layout().OutWords
	e.pm.fromRTL(1, e.rout[k*ro:], ro, ch.rtl[k*co:], co)
}
