package tm

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIngressBound: a TM whose ingress takes IN packets per cycle
// (MaxOffers) and is offered more behaves, cycle by cycle, exactly as a TM
// offered only the first IN: equal State, equal in_ok_o for the slots;
// every offer beyond is an admission drop counted in IngressDropped, with
// an EvAdmDrop event carrying its Offer index, after the slots' events and
// in Offer order, in its own cycle (the slots' answers come AdmitLag
// cycles after their offers); Step never fails for it.
func TestIngressBound(t *testing.T) {
	for _, in := range []int{1, 2, 3} {
		for _, pol := range []Policy{PolicyDT, PolicyOccamy, PolicyPushout} {
			t.Run(fmt.Sprintf("IN%d/%v", in, pol), func(t *testing.T) {
				c := stateConfig(pol, FreeCell, SchedSP)
				c.Events = true
				ref := c
				c.MaxOffers = in
				a, err := New(c)
				require.NoError(t, err)
				b, err := New(ref)
				require.NoError(t, err)
				r := rand.New(rand.NewPCG(uint64(in), 11))
				extra := make([]Count, c.N())
				var over, n int
				for cy := 0; cy < 3000; cy++ {
					dec := n // the offers of the cycle before: decided now (AdmitLag)
					n = r.IntN(in + 4)
					for i := 0; i < n; i++ {
						x := Arrival{Queue: r.IntN(c.N()), Cells: 1 + r.IntN(c.MaxPkt)}
						a.Offer(x)
						if i < in {
							b.Offer(x)
						} else {
							extra[x.Queue].Pkts++
							extra[x.Queue].Cells += uint64(x.Cells)
							over++
						}
					}
					require.NoError(t, a.Step(), "cycle %d: offers beyond IN must not fail Step", cy)
					require.NoError(t, b.Step())
					if d := stateDiff(a.State(), b.State()); d != "" {
						t.Fatalf("cycle %d: %d offers, IN=%d: ingress drops changed the state at %s", cy, n, in, d)
					}
					oa, ob := a.Outputs(), b.Outputs()
					require.Equal(t, min(dec, in), oa.NIn, "cycle %d: in slots decided", cy)
					require.Equal(t, ob.InOK[:ob.NIn], oa.InOK[:oa.NIn], "cycle %d: in_ok_o", cy)
					ea, eb := a.Events(), b.Events()
					k := len(ea) - len(eb)
					require.Equal(t, max(0, n-in), k, "cycle %d: one event per ingress drop (in its own cycle)", cy)
					// The slots' events come first, identical (with the ideal
					// Pushout's expulsions among them); then the drops.
					slots := 0
					for i, e := range eb {
						if e.Kind == EvAdmit || e.Kind == EvAdmDrop {
							slots = i + 1
						}
					}
					require.Equal(t, eb[:slots], ea[:slots], "cycle %d: slot events", cy)
					for j := 0; j < k; j++ {
						e := ea[slots+j]
						require.Equal(t, EvAdmDrop, e.Kind, "cycle %d: ingress event %d", cy, j)
						require.Equal(t, int32(in+j), e.Offer, "cycle %d: ingress drops in Offer order", cy)
					}
					require.Equal(t, eb[slots:], ea[slots+k:], "cycle %d: later events", cy)
				}
				require.Positive(t, over, "no offer beyond the ingress")
				require.NoError(t, a.Step()) // the last cycle's offers decided
				require.NoError(t, b.Step())
				sa, sb := a.Stats(), b.Stats()
				for q := range sa.Queues {
					qa, qb := sa.Queues[q], sb.Queues[q]
					require.Equal(t, extra[q], qa.IngressDropped, "queue %d: IngressDropped", q)
					require.Zero(t, qb.IngressDropped, "queue %d: reference IngressDropped", q)
					require.Equal(t, qb.Arrived.Pkts+extra[q].Pkts, qa.Arrived.Pkts, "queue %d: Arrived", q)
					require.Equal(t, qb.AdmDropped.Cells+extra[q].Cells, qa.AdmDropped.Cells, "queue %d: AdmDropped", q)
					require.Equal(t, qb.Admitted, qa.Admitted, "queue %d: Admitted", q)
				}
				require.NoError(t, a.Check())
			})
		}
	}
}
