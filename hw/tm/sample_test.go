package tm

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// TestSelectorHeldIsCompare steps the TM under bursts (every policy)
// and checks u_sel every cycle, whether stage 0 evaluated it, compared
// the changed queues or held it (selHeld): after Eval, over_o is its
// register; after the edge, the register is qlen_q > thrq for every
// queue, the lengths and thresholds that cycle used. It fails when the
// hold keeps an old over_o or skips an edge that had a new value.
func TestSelectorHeldIsCompare(t *testing.T) {
	for _, pol := range AllPolicies {
		c := DefaultConfig()
		c.Policy = pol
		for i := range c.AlphaExp {
			c.AlphaExp[i] = -4 // α = 1/16: the bursts take queues over
		}
		m, err := New(c)
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(uint64(pol), 29))
		held, flips := 0, 0
		var last rtl.Bitmap
		for cy := 0; cy < 20000; cy++ {
			// Bursts on a few queues fill the buffer (queues go over their
			// thresholds and back), then quiet stretches drain it.
			if cy%4000 < 2500 && r.IntN(2) == 0 {
				m.Offer(Arrival{Queue: r.IntN(4) * 9 % m.p.n, Cells: 1 + r.IntN(8)})
			}
			m.Eval()
			s := m.u.sel
			require.Equal(t, s.State().OverQ, s.OverO, "%s: cycle %d: over_o is the register", pol, cy)
			if m.r.selHeld && !m.idle.skipped {
				held++
			}
			m.Commit()
			require.NoError(t, m.Err())
			var want rtl.Bitmap
			for i := 0; i < m.p.n; i++ {
				if m.r.qlenQ[i] > m.r.thrq[i] {
					want.Set(i)
				}
			}
			require.Equal(t, want, s.State().OverQ, "%s: cycle %d: over_q after the edge is qlen_q > thrq", pol, cy)
			if want != last {
				flips++
			}
			last = want
		}
		assert.Greater(t, held, 1000, "%s: the hold was exercised", pol)
		assert.Greater(t, flips, 3, "%s: over_q changed", pol)
		t.Logf("%s: %d cycles held, over_q changed %d times", pol, held, flips)
	}
}
