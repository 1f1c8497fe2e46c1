package runner

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// stepGolden runs a fresh golden side of s for n cycles and returns it.
func stepGolden(t *testing.T, s *session, n uint64) *goldWrap {
	t.Helper()
	sd, err := s.newSide()
	require.NoError(t, err)
	w := sd.g.(*goldWrap)
	l := &s.canon
	in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
	for c := uint64(0); c < n; c++ {
		sd.src.Next(c, in)
		w.step(in, out)
		if c == 0 {
			markCompared(w) // as the engine does after the first reset cycle
		}
	}
	return w
}

func sumHits(t *testing.T, s *session, res *Result) uint64 {
	t.Helper()
	r := s.comparedCoverage(res)
	require.NotNil(t, r)
	var n uint64
	for _, p := range r.Points {
		n += p.Hits
	}
	return n
}

// TestCoverageCountsComparedCycles: the coverage of a run is that of the
// cycles it compared, whatever the golden side ran ahead: a run that
// stopped at cycle 1 (compared: cycle 1 alone) reports what cycle 1 hit,
// not the 20 000 cycles the golden side had stepped, and a run that
// compared every cycle reports them all but the reset cycle.
func TestCoverageCountsComparedCycles(t *testing.T) {
	for _, block := range []string{"arbiter", "tm"} {
		t.Run(block, func(t *testing.T) {
			s := testSession(t, Options{Block: block, Seed: 1})
			const ahead = 20000
			s.gold = stepGolden(t, s, ahead)
			full := sumHits(t, s, &Result{Counts: Counts{Cycles: ahead, Compared: ahead - 1}})
			require.Greater(t, full, uint64(100), "%s: 20 000 cycles hit its coverpoints", block)
			// The live counters (the old report) hold every cycle stepped.
			var live uint64
			for _, h := range s.gold.(*goldWrap).hits {
				live += h
			}
			require.GreaterOrEqual(t, live, full)

			early := sumHits(t, s, &Result{Counts: Counts{Cycles: 2, Compared: 1}})
			require.Less(t, early, full, "%s: a mismatch at cycle 1 reports cycle 1's coverage only", block)
			require.LessOrEqual(t, early, uint64(len(s.b.Coverpoints)), "one cycle hits each coverpoint once at most")
			// The same window from a golden side that stopped there.
			s.gold = stepGolden(t, s, 2)
			require.Equal(t, early, sumHits(t, s, &Result{Counts: Counts{Cycles: 2, Compared: 1}}))
			mid := sumHits(t, s, &Result{Counts: Counts{Cycles: 5000, Compared: 4999}})
			s.gold = stepGolden(t, s, 5000)
			require.Equal(t, mid, sumHits(t, s, &Result{Counts: Counts{Cycles: 5000, Compared: 4999}}), "a replay counts what the run did")
		})
	}
}
