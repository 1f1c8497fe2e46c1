package tm

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEventsMatchStats runs random overload under every policy with events
// on and checks them against the counters and the queues' FIFO order:
// every offer gets exactly one admit or admission-drop event with its
// index; each cycle's event counts per queue equal the counters' deltas;
// every admitted serial leaves at most once (head drop or transmit), and a
// queue's head drops, and its transmissions, each follow admission order
// (a transmission ends cycles after its unlink, so the two interleave).
func TestEventsMatchStats(t *testing.T) {
	for _, pol := range AllPolicies {
		t.Run(pol.String(), func(t *testing.T) {
			c := DefaultConfig()
			c.B, c.P, c.Q, c.MaxPkt = 1024, 2, 4, 8
			c.AlphaExp, c.Quantum = []int{3, 1, 0, -1}, []int{8, 8, 8, 8}
			c.Policy, c.Events, c.PushoutWait = pol, true, 64
			m, err := New(c)
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(1, uint64(pol)))
			queueOf := map[uint32]int32{}
			left := map[uint32]bool{}
			lastOut := [2][]uint32{make([]uint32, c.N()), make([]uint32, c.N())}
			st := m.Stats()
			prev := make([]QueueStats, c.N())
			offers := 0
			for cy := 0; cy < 5000; cy++ {
				n := r.IntN(3)
				for i := 0; i < n; i++ {
					m.Offer(Arrival{Queue: r.IntN(3) / 2, Cells: 8}) // queues 0 (2/3), 1 (1/3): port 0
					if r.IntN(4) == 0 {
						m.Offer(Arrival{Queue: 4 + r.IntN(4), Cells: 1 + r.IntN(8)})
					}
				}
				decided := offers // the offers of the cycle before: decided now (AdmitLag)
				offers = len(m.obs.offers)
				require.NoError(t, m.Step(), "cycle %d", cy)
				seen := make([]bool, decided)
				var adm, admDrop, hd, tx = make([]uint64, c.N()), make([]uint64, c.N()), make([]uint64, c.N()), make([]uint64, c.N())
				for _, e := range m.Events() {
					q := e.Queue
					switch e.Kind {
					case EvAdmit, EvAdmDrop:
						require.False(t, seen[e.Offer], "cycle %d: offer %d decided twice", cy, e.Offer)
						seen[e.Offer] = true
						if e.Kind == EvAdmit {
							adm[q]++
							require.NotContains(t, queueOf, e.Serial, "cycle %d: serial %d admitted twice", cy, e.Serial)
							queueOf[e.Serial] = q
						} else {
							admDrop[q]++
						}
					case EvHeadDrop, EvTransmit:
						if e.Kind == EvHeadDrop {
							hd[q]++
						} else {
							tx[q]++
						}
						require.Equal(t, q, queueOf[e.Serial], "cycle %d: serial %d left queue %d, admitted to %d", cy, e.Serial, q, queueOf[e.Serial])
						require.False(t, left[e.Serial], "cycle %d: serial %d left twice", cy, e.Serial)
						left[e.Serial] = true
						k := e.Kind - EvHeadDrop
						require.Greater(t, e.Serial, lastOut[k][q], "cycle %d: queue %d: event %d of serial %d after serial %d (not FIFO)", cy, q, e.Kind, e.Serial, lastOut[k][q])
						lastOut[k][q] = e.Serial
					}
				}
				for i, ok := range seen {
					require.True(t, ok, "cycle %d: offer %d of the cycle before has no admission event", cy, i)
				}
				for q := range st.Queues {
					s := &st.Queues[q]
					require.Equal(t, s.Admitted.Pkts-prev[q].Admitted.Pkts, adm[q], "cycle %d queue %d: admit events", cy, q)
					require.Equal(t, s.AdmDropped.Pkts-prev[q].AdmDropped.Pkts, admDrop[q], "cycle %d queue %d: admission-drop events", cy, q)
					require.Equal(t, s.HeadDropped.Pkts-prev[q].HeadDropped.Pkts, hd[q], "cycle %d queue %d: head-drop events", cy, q)
					require.Equal(t, s.Transmitted.Pkts-prev[q].Transmitted.Pkts, tx[q], "cycle %d queue %d: transmit events", cy, q)
					prev[q] = *s
				}
			}
			if pol.Expels() {
				assert.Positive(t, m.Stats().Total.HeadDropped.Pkts, "no head drop exercised")
			}
		})
	}
}
