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

// equalWords reports whether a and b (of equal length) hold the same
// words: a lock-step cycle's comparison, vectorised (pack.Equal; the
// TM's 53 output words cost about 30 instructions where a word loop took
// 530, docs/perf.md).
func equalWords(a, b []uint32) bool { return pack.Equal(a, b) }

func (e *engine) toRTL(ch *chunk) {
	ci, ri := e.s.canon.InWords, e.m.Layout().InWords
	for k := 0; k < ch.n; k++ {
		for _, f := range e.pm.in {
			copy(e.rin[k*ri+f[1]:k*ri+f[1]+f[2]], ch.in[k*ci+f[0]:k*ci+f[0]+f[2]])
		}
	}
}

func (e *engine) fromRTL(ch *chunk) {
	for k := 0; k < ch.n; k++ {
		e.fromRTLOne(ch, k)
	}
}

func (e *engine) fromRTLOne(ch *chunk, k int) {
	co, ro := e.s.canon.OutWords, e.m.Layout().OutWords
	for _, f := range e.pm.out {
		copy(ch.rtl[k*co+f[0]:k*co+f[0]+f[2]], e.rout[k*ro+f[1]:k*ro+f[1]+f[2]])
	}
}
