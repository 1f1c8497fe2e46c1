package scenario

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
)

// TestInflightBound measures, over a range of TxWindow and MaxPkt, the
// cells per port admitted but neither transmitted, head-dropped nor
// queued (docs/scenarios.md): a port takes a new packet while fewer than
// TxWindow of its cells wait to be sent, and a packet counts whole until
// its last cell leaves, so the most is TxWindow + 2·MaxPkt − 2 (the packet
// being sent with one cell left, TxWindow − 2 more cells waiting, a new
// packet of MaxPkt); with TxWindow = 1 a packet is taken only when nothing
// waits, so MaxPkt. The test checks the bound holds every cycle, that a
// random load reaches it (TxWindow ≥ MaxPkt), and that it is more than
// TxWindow, the figure the doc used to give.
func TestInflightBound(t *testing.T) {
	for _, win := range []int{1, 4, 16} {
		for _, maxPkt := range []int{1, 4, 8} {
			t.Run(fmt.Sprintf("TxWindow=%d,MaxPkt=%d", win, maxPkt), func(t *testing.T) {
				cfg := tm.DefaultConfig()
				cfg.P, cfg.Q, cfg.B, cfg.R, cfg.MaxPkt, cfg.TxWindow = 1, 4, 1024, 8, maxPkt, win
				cfg.AlphaExp, cfg.Quantum = []int{3, 3, 3, 3}, []int{maxPkt, maxPkt, maxPkt, maxPkt}
				cfg.Policy = tm.PolicyDT
				m, err := tm.New(cfg)
				require.NoError(t, err)
				rng := rand.New(rand.NewPCG(uint64(win), uint64(maxPkt)))
				bound := win + 2*maxPkt - 2
				most := 0
				// admitted[c % AdmitSettle]: the cells admitted up to tm.AdmitSettle
				// cycles before, those in effect now (an answer's cells enter Len
				// AdmitSettle cycles later)
				admitted := make([]uint64, tm.AdmitSettle)
				for c := 0; c < 20000; c++ {
					if rng.IntN(4) == 0 {
						m.Offer(tm.Arrival{Queue: rng.IntN(cfg.Q), Cells: 1 + rng.IntN(maxPkt)})
					}
					require.NoError(t, m.Step(), "cycle %d", c)
					q := m.Stats().Total
					in := int(admitted[c%tm.AdmitSettle] - q.Transmitted.Cells - q.HeadDropped.Cells - q.Len.Cells)
					admitted[c%tm.AdmitSettle] = q.Admitted.Cells
					require.LessOrEqual(t, in, bound, "cycle %d: %d cells in flight, bound TxWindow+2·MaxPkt−2 = %d", c, in, bound)
					most = max(most, in)
				}
				t.Logf("most in flight %d, bound %d", most, bound)
				switch {
				case win == 1: // nothing waits when a packet is taken: one packet at a time
					assert.Equal(t, maxPkt, most)
				case win >= maxPkt: // the random load reaches the bound
					assert.Equal(t, bound, most, "the bound is reached")
				}
				if maxPkt > 1 && win > 1 {
					assert.Greater(t, most, win, "more than TxWindow cells are in flight")
				}
			})
		}
	}
}
