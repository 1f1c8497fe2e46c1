package tmscore

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
)

// smallTM is occamy_tm's small set with tags wide enough to tell every
// packet in the buffer apart.
func smallTM(extra map[string]int) map[string]int {
	p := map[string]int{"P": 2, "Q": 2, "B": 48, "K": 2, "QW": 7, "AW": 3, "MAXPKT": 6, "IN": 3, "TXWIN": 4,
		"SW": 12, "PUSHOUT_WAIT": 12, "R": 4, "ALPHA": 2, "QUANTUM": 3}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

// runGold runs the scoreboard on hw/tm's golden adapter of occamy_tm
// through occamy_tm's own map: the Go model as the design.
func runGold(t *testing.T, given map[string]int, cycles int, seed int64) *Result {
	t.Helper()
	fb, err := blocks.Lookup("tm")
	require.NoError(t, err)
	p, err := fb.Fill(given)
	require.NoError(t, err)
	require.NoError(t, fb.Validate(p))
	l, err := fb.Layout(p)
	require.NoError(t, err)
	f, err := tmface.ScoreMap(p)
	require.NoError(t, err)
	c, err := tmface.Config(p)
	require.NoError(t, err)
	sb, err := New(Setup{Map: f, Layout: &l, Params: p, Config: c, Seed: seed, Cycles: cycles, Steady: true, EarlyDrain: true})
	require.NoError(t, err)
	sd, err := fb.Build(p, &l, seed)
	require.NoError(t, err)
	in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
	for cy := uint64(0); sb.Inputs(cy, in); cy++ {
		sd.Golden.Step(in, out)
		sb.Check(cy, in, out, nil)
	}
	require.NoError(t, sd.Err())
	return sb.Result(true)
}

func TestGoldPassesOwnMap(t *testing.T) {
	for _, pol := range []int{0, 1, 2, 3} {
		for _, chain := range []int{0, 1} {
			for seed := int64(1); seed <= 3; seed++ {
				r := runGold(t, smallTM(map[string]int{"POLICY": pol, "CHAIN": chain, "CLASSES": 7 + int(seed)}), 40000, seed)
				t.Logf("POLICY=%d CHAIN=%d: %s", pol, chain, r.Summary())
				for _, v := range r.Violations {
					t.Logf("  %s", v)
				}
				if r.Steady != nil {
					t.Logf("  steady %+v", *r.Steady)
				}
				t.Logf("  outcome distance %v %s", r.Outcome.Distance, r.Outcome.Worst)
			}
		}
	}
}
