package experiment

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

// TestQCTPairsAdmissions drives hw/tm through the QCT loop's ingress ring
// with random packets to random queues, at tm.AdmitLag and at lag 1 (hw/tm
// behind a 1-cycle ingress register, a TM answering a cycle late): every
// admission names the queue of the packet the ring pairs it with. A ring
// at the wrong lag (0 on the late TM, 1 on hw/tm) must fail that.
func TestQCTPairsAdmissions(t *testing.T) {
	for _, tc := range []struct{ ring, tmLag int }{{tm.AdmitLag, tm.AdmitLag}, {1, 1}, {0, 1}, {1, 0}} {
		if tc.tmLag < tm.AdmitLag {
			continue
		}
		t.Run(fmt.Sprintf("ring%d/tm%d", tc.ring, tc.tmLag), func(t *testing.T) {
			c := tm.DefaultConfig()
			c.P, c.Q, c.B, c.MaxPkt, c.Events = 4, 2, 2000, 8, true
			c.AlphaExp, c.Quantum = []int{1, 0}, []int{8, 8}
			m, err := tm.New(c)
			require.NoError(t, err)
			in := newQCTIngress(tc.ring)
			rng := rand.New(rand.NewPCG(1, 2))
			delay := make([][]traffic.Sent, tc.tmLag-tm.AdmitLag)
			admits := 0
			for cyc := 0; cyc < 4000; cyc++ {
				now := in.r.Now()
				now.sent, now.marks = now.sent[:0], now.marks[:0]
				for k := rng.IntN(4); k > 0; k-- {
					now.sent = append(now.sent, traffic.Sent{Flow: cyc, Seq: int64(k), Queue: rng.IntN(c.N()), Cells: 1 + rng.IntN(c.MaxPkt)})
					now.marks = append(now.marks, k&1 != 0)
				}
				offers := now.sent
				if len(delay) > 0 {
					delay = append(delay, append([]traffic.Sent(nil), now.sent...))
					offers, delay = delay[0], delay[1:]
				}
				for _, p := range offers {
					m.Offer(tm.Arrival{Queue: p.Queue, Cells: p.Cells})
				}
				require.NoError(t, m.Step())
				ans := in.r.Answered()
				in.r.Next()
				for _, e := range m.Events() {
					if e.Kind != tm.EvAdmit {
						continue
					}
					p, _, err := ans.admitted(e)
					if tc.ring != tc.tmLag {
						if err != nil {
							t.Logf("caught at cycle %d: %v", cyc, err)
							return
						}
						continue
					}
					require.NoError(t, err, "cycle %d", cyc)
					require.Equal(t, cyc-tc.tmLag, p.Flow, "cycle %d: the offer's cycle", cyc)
					admits++
				}
			}
			require.Equal(t, tc.ring, tc.tmLag, "a ring at lag %d paired a TM at lag %d for 4000 cycles", tc.ring, tc.tmLag)
			require.Greater(t, admits, 1000)
		})
	}
}
