package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// staleRun is the two-port burst of burstRun (a long-lived queue in
// steady state, then a burst to another port) with the head-drop re-check
// on or off; it returns the totals.
func staleRun(t *testing.T, pol Policy, s int, recheck bool) QueueStats {
	t.Helper()
	c := DefaultConfig()
	c.Policy, c.HDRecheck = pol, recheck
	for i := range c.AlphaExp {
		c.AlphaExp[i] = s
	}
	m, err := New(c)
	require.NoError(t, err)
	const start, burst = 30000, 12000
	sent := 0
	for cy := 0; cy < start+20000; cy++ {
		m.Offer(Arrival{Queue: 0, Cells: 8})
		if cy >= start && sent < burst && cy%4 == 0 {
			m.Offer(Arrival{Queue: c.Q, Cells: 8})
			sent += 8
		}
		require.NoError(t, m.Step(), "cycle %d", cy)
	}
	return m.Stats().Total
}

// TestStaleHeadDrops checks the stale head-drop counter: Occamy's head
// drops include some issued to a queue already at or below its threshold
// (the registered bitmap lags the threshold), the counter is a part of the
// head drops, it is 0 for the policies without the selector, and the
// re-check at issue removes every stale drop.
func TestStaleHeadDrops(t *testing.T) {
	for _, pol := range []Policy{PolicyOccamy, PolicyOccamyLQD} {
		st := staleRun(t, pol, 3, false)
		require.Positive(t, st.HeadDropped.Pkts, "%v: no head drops", pol)
		assert.Positive(t, st.StaleHeadDropped.Pkts, "%v: no stale head drop among %d", pol, st.HeadDropped.Pkts)
		assert.Less(t, st.StaleHeadDropped.Pkts, st.HeadDropped.Pkts, "%v: stale drops not a part of the head drops", pol)
		t.Logf("%v α=8: %d of %d head drops stale (%.0f%%)", pol, st.StaleHeadDropped.Pkts, st.HeadDropped.Pkts,
			100*float64(st.StaleHeadDropped.Pkts)/float64(st.HeadDropped.Pkts))
		re := staleRun(t, pol, 3, true)
		assert.Zero(t, re.StaleHeadDropped.Pkts, "%v with HDRecheck: stale head drops", pol)
		assert.Positive(t, re.HeadDropped.Pkts, "%v with HDRecheck: no head drops at all", pol)
		t.Logf("%v α=8 re-check: %d head drops, burst admitted %d cells (without: %d)", pol, re.HeadDropped.Pkts, re.Admitted.Cells, st.Admitted.Cells)
	}
	for _, pol := range []Policy{PolicyDT, PolicyPushout, PolicyPushoutPorts} {
		st := staleRun(t, pol, 3, false)
		assert.Zero(t, st.StaleHeadDropped.Pkts, "%v: stale head drops counted", pol)
	}
}
