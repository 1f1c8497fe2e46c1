package tmscore

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
)

// TestRoundRobinCountsCandidates: on hw/tm's golden adapter under occamy,
// at the 18 shapes of TestMapFieldsOnGoldenShapes (R, K = 1, 2, 4, both
// free modes), seeds 1..3, a head drop the round-robin check counts against
// a queue (a skip) is one where u_choice could have taken that queue: it
// was among the choice's candidates (hw/tm's probe, cand_i: a linked PD
// whose head is not being read) in the cycle before the report. Allowed:
// under 1% of the skips, and no run of them that alone reaches 2N + 1, the
// row that fails. Counting every admitted packet as waiting (the rule
// before, qs.waiting - qs.dn >= 2) fails it: 15289 of 50638 skips, 10 in a
// row at R=1 K=1 chain seed 1 (the golden's false starvation at cycle
// 1402); the linked rule (fair.go): 37 of 12463, at most 3 in a row
// (measured 2026-12-06).
func TestRoundRobinCountsCandidates(t *testing.T) {
	if testing.Short() {
		t.Skip("54 runs of 20000 cycles")
	}
	counted, notCand, longest := 0, 0, 0
	for _, r := range []int{1, 2, 4} {
		for _, k := range []int{1, 2, 4} {
			for chain := 0; chain <= 1; chain++ {
				for seed := int64(1); seed <= 3; seed++ {
					name := fmt.Sprintf("R=%d K=%d CHAIN=%d seed %d", r, k, chain, seed)
					c, n, l := candidateSkips(t, smallTM(map[string]int{"R": r, "K": k, "POLICY": 1, "CHAIN": chain}), seed)
					counted, notCand, longest = counted+c, notCand+n, max(longest, l)
					// 2N at the small set: N = P·Q = 4.
					assert.LessOrEqual(t, l, 2*2*2, "%s: %d skips in a row of a queue that was no candidate", name, l)
				}
			}
		}
	}
	t.Logf("%d skips counted, %d of a queue that was no candidate at the choice, at most %d in a row", counted, notCand, longest)
	require.NotZero(t, counted, "no skip counted: the runs do not reach the check")
	assert.Less(t, notCand*100, counted, "skips of a queue u_choice could not take")
}

// candidateSkips runs the golden adapter with given at seed, and returns
// the skips the board counted, those of a queue not among u_choice's
// candidates in the cycle before the head drop's report, and the longest
// run of those in one queue's row.
func candidateSkips(t *testing.T, given map[string]int, seed int64) (counted, notCand, longest int) {
	t.Helper()
	var before, run []int     // per queue: skips after the cycle before, the run
	var cand, prev rtl.Bitmap // u_choice's candidates this cycle and the one before
	each := func(c uint64, l *port.Layout, out []uint32, g blocks.Golden, b *Board) {
		if before == nil {
			before, run = make([]int, len(b.qs)), make([]int, len(b.qs))
		}
		if m := tmface.Model(g); m != nil {
			prev, cand = cand, m.Probe().Cand
		}
		r := -1 // the queue of this cycle's head drop
		if portOf(l, out, "hd_valid_o")[0] != 0 {
			r = int(portOf(l, out, "hd_qid_o")[0])
		}
		for q := range b.qs {
			s, was := b.qs[q].skips, before[q]
			before[q] = s
			// A skip: one more in the row, or the one that failed the check
			// (the row restarts at 0).
			skip := s == was+1 || r >= 0 && q != r && s == 0 && was == 2*b.n
			switch {
			case !skip && s < was:
				run[q] = 0 // the row ended
			case !skip:
				// no head drop of another queue counted this cycle
			case prev.Test(q):
				counted++
				run[q] = 0
			default:
				counted, notCand = counted+1, notCand+1
				run[q]++
				longest = max(longest, run[q])
			}
		}
	}
	runGold(t, given, 20000, seed, breaker{each: each})
	return counted, notCand, longest
}
