package tmscore

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStarvedQueueHeadDrops: at the small set with one α for both classes,
// strict priority leaves port 1's class 1 (queue 3) unserved for thousands
// of cycles while it is expelled and never empty. No younger packet of it
// starts leaving and its unmatched head drops never equal its waiting
// packets, so only a drop's age (the egress latency) tells the board which
// packet it removed. hw/tm's golden adapter (occamy_tm cycle for cycle)
// must pass, and no queue may hold more unmatched head drops than one a
// cycle over the latency. Before the drops were matched by age, the board
// kept every one of them: its store of packets (1186 here) overflowed at
// cycle 41444 (occamy, seed 3), 41841 (occamy-lqd, seed 3) and 93818
// (occamy-lqd, seed 1: issue 26's finding, on Verilator the same).
func TestStarvedQueueHeadDrops(t *testing.T) {
	for _, x := range []struct {
		policy, cycles int
		seed           int64
	}{{1, 42000, 3}, {2, 42000, 3}, {2, 94000, 1}} {
		p := map[string]int{"P": 2, "Q": 2, "B": 48, "K": 2, "QW": 7, "AW": 3, "MAXPKT": 6, "IN": 3, "TXWIN": 4,
			"PUSHOUT_WAIT": 12, "R": 4, "ALPHA": 2, "QUANTUM": 3, "SW": 16, "POLICY": x.policy, "CHAIN": 1}
		name := fmt.Sprintf("policy %d seed %d, %d cycles", x.policy, x.seed, x.cycles)
		r, b := runGoldBoard(t, p, x.cycles, x.seed, breaker{})
		require.Equal(t, Pass, r.Verdict, "%s: %s; first: %v", name, r.Summary(), r.First)
		assert.Contains(t, r.LockStep, "no difference in", name)
		assert.LessOrEqual(t, b.maxPend, b.p.Latency+1, "%s: a queue held more head drops not matched than one a cycle over the latency", name)
		assert.Greater(t, b.maxPend, 1, "%s: no queue held head drops waiting to be matched: the run does not reach the case", name)
	}
}
