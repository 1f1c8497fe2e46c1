package tmscore

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/pack"
	"occamy/rtl/port"
)

// TestSteadyAndFairnessBroken: the steady-state check fails on a design
// whose α is a quarter of the map's (its congested queues settle at
// αB/(1+nα) of the other α), and the round-robin check on a design that
// expels the longest queue (occamy-lqd) where the map says occamy.
func TestSteadyAndFairnessBroken(t *testing.T) {
	big := smallTM(map[string]int{"B": 256, "QW": 9, "AW": 4, "POLICY": 0, "CLASSES": 0, "ALPHA": 1})
	r := runGold(t, big, 5000, 1, breaker{in: func(c uint64, l *port.Layout, w []uint32) {
		a := portOf(l, w, "cfg_alpha_i")
		for k := 0; k < 2; k++ {
			pack.Put(a, k, 4, uint64(int64(pack.Get(a, k, 4))-2)&15)
		}
	}})
	require.NotNil(t, r.Steady)
	assert.False(t, r.Steady.OK, "steady state %+v", *r.Steady)
	assert.Contains(t, r.Violated(), "policy")
	t.Logf("steady %+v", *r.Steady)

	ok := runGold(t, big, 5000, 1, breaker{})
	require.Equal(t, Pass, ok.Verdict, ok.Summary())
	assert.True(t, ok.Steady.OK, "%+v", *ok.Steady)
	t.Logf("steady %+v", *ok.Steady)
}
