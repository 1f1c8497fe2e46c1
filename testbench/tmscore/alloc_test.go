package tmscore

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
)

// TestNoAllocPerCycle: a cycle of the scoreboard (its inputs, its checks,
// hw/tm beside it) allocates nothing once the run is under way; the
// design here is hw/tm's golden adapter, which allocates nothing either.
func TestNoAllocPerCycle(t *testing.T) {
	fb, err := blocks.Lookup("tm")
	require.NoError(t, err)
	for _, pol := range []int{1, 3} {
		p, err := fb.Fill(smallTM(map[string]int{"POLICY": pol}))
		require.NoError(t, err)
		l, err := fb.Layout(p)
		require.NoError(t, err)
		f, err := tmface.ScoreMap(p)
		require.NoError(t, err)
		c, err := tmface.Config(p)
		require.NoError(t, err)
		sb, err := New(Setup{Map: f, Layout: &l, Params: p, Config: c, Seed: 1, Cycles: 100000})
		require.NoError(t, err)
		sd, err := fb.Build(p, &l, 1)
		require.NoError(t, err)
		in, out := make([]uint32, l.InWords), make([]uint32, l.OutWords)
		cy := uint64(0)
		step := func() {
			sb.Inputs(cy, in)
			sd.Golden.Step(in, out)
			sb.Check(cy, in, out, nil)
			cy++
		}
		for cy < 20000 {
			step()
		}
		assert.Zero(t, testing.AllocsPerRun(5000, step), "policy %d", pol)
		r := sb.Result(false)
		require.Equal(t, Incomplete, r.Verdict, r.Summary())
		require.NotZero(t, r.Counts.Left)
	}
}
