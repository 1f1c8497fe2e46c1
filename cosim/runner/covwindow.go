package runner

import (
	"occamy/testbench/coverage"
)

// Coverage counts the compared cycles only. A run compares the cycles
// [Cycles-Compared, Cycles): from the one after the first reset cycle (or
// from cycle 0 for a block compared from the start) to the last one run,
// a mismatch included. The golden side runs chunks ahead of the design and
// through reset cycles that are not compared, so its counters at the end
// hold cycles no comparison saw: a mismatch at cycle 1 must not report the
// coverage of a whole chunk. comparedCoverage takes the counters of the
// compared window: the live ones less those at the first compared cycle
// (markCompared) when the golden side stopped exactly at the window's end,
// else those of a replay of the window (the stimulus and the golden model
// are deterministic for a seed), which only a run that mismatched or
// stopped early needs.

// markCompared notes, on the golden side, that the next cycle is the first
// compared: the hits so far are not the run's.
func markCompared(g golden) {
	if w, ok := g.(*goldWrap); ok {
		w.base = append(w.base[:0], w.hits...)
		w.baseAt = w.steps
	}
}

// comparedCoverage is the block's coverage report over the cycles res
// compared, nil when the block declares no coverpoints.
func (s *session) comparedCoverage(res *Result) *coverage.Report {
	w, ok := s.gold.(*goldWrap)
	if !ok || len(s.b.Coverpoints) == 0 {
		return nil
	}
	first := res.Cycles - min(res.Compared, res.Cycles)
	if w.steps == res.Cycles && w.baseAt == first {
		return s.b.Report(s.p, window(w.hits, w.base))
	}
	hits, err := s.replayHits(first, res.Cycles)
	if err != nil {
		// The golden side was built once already with these options:
		// a second build does not fail; if it did, no coverage is
		// better than a wrong one.
		return nil
	}
	return s.b.Report(s.p, hits)
}

// window is hits less base (base nil: nothing before the window).
func window(hits, base []uint64) []uint64 {
	h := append([]uint64(nil), hits...)
	for i := range base {
		if i < len(h) {
			h[i] -= base[i]
		}
	}
	return h
}

// replayHits steps a fresh golden side through cycles [0, end) of the
// run's stimulus and returns the hits of cycles [first, end).
func (s *session) replayHits(first, end uint64) ([]uint64, error) {
	saved := s.gold
	defer func() { s.gold = saved }()
	sd, err := s.newSide()
	if err != nil {
		return nil, err
	}
	w, ok := sd.g.(*goldWrap)
	if !ok {
		return nil, nil
	}
	l := &s.canon
	in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
	for c := uint64(0); c < end; c++ {
		if c == first {
			markCompared(w)
		}
		sd.src.Next(c, in)
		w.step(in, out)
	}
	if first >= end {
		markCompared(w)
	}
	return window(w.hits, w.base), nil
}
