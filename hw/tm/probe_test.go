package tm

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSampledLengths checks, over random cycles of every policy and free
// mode, that SampledLengths after Eval holds every queue's length as
// Registers gave it before Eval (the golden adapter reads it instead of
// copying the 64 lengths itself): stage 0 copies only the queues qChg
// marked, so a write that forgot to mark its queue would show here.
func TestSampledLengths(t *testing.T) {
	for _, pol := range AllPolicies {
		for _, fm := range []FreeMode{FreeCell, FreeChain} {
			t.Run(fmt.Sprintf("%s/%s", pol, fm), func(t *testing.T) {
				c := DefaultConfig()
				c.Policy, c.FreeMode = pol, fm
				c.B = 1024 // overload within a few thousand cycles
				m, err := New(c)
				require.NoError(t, err)
				r := rand.New(rand.NewPCG(uint64(pol), uint64(len(fm))))
				pre := make([]uint32, c.N())
				for cy := 0; cy < 20000; cy++ {
					for i := r.IntN(3); i > 0; i-- {
						m.Offer(Arrival{Queue: r.IntN(c.N()), Cells: 1 + r.IntN(c.MaxPkt)})
					}
					qlen, _ := m.Registers()
					copy(pre, qlen)
					m.Eval()
					if got := m.SampledLengths(); !slices.Equal(got, pre) {
						q := 0
						for i := range pre {
							if got[i] != pre[i] {
								q = i
								break
							}
						}
						require.Failf(t, "SampledLengths", "cycle %d: queue %d: sampled %d, the register before Eval was %d", cy, q, got[q], pre[q])
					}
					m.Commit()
					require.NoError(t, m.Err())
				}
			})
		}
	}
}
