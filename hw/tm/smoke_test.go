package tm

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomLoad offers packets to random queues with probability p per cycle
// per port, sizes 1..maxCells.
func randomLoad(t *testing.T, c Config, cycles int, p float64, maxCells int, seed uint64) *TM {
	t.Helper()
	m, err := New(c)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(seed, 1))
	for cy := 0; cy < cycles; cy++ {
		for port := 0; port < c.P; port++ {
			if r.Float64() < p {
				m.Offer(Arrival{Queue: r.IntN(c.N()), Cells: 1 + r.IntN(maxCells)})
			}
		}
		require.NoError(t, m.Step(), "cycle %d", cy)
	}
	return m
}

func TestSmokeInvariants(t *testing.T) {
	for _, pol := range AllPolicies {
		for _, fm := range []FreeMode{FreeCell, FreeChain} {
			for _, k := range []int{1, 2, 4, 8} {
				for _, sched := range []SchedMode{SchedSP, SchedDRR} {
					t.Run(fmt.Sprintf("%v/%s/k%d/%s", pol, fm, k, sched), func(t *testing.T) {
						c := DefaultConfig()
						c.B, c.P, c.Q = 512, 2, 4
						c.AlphaExp, c.Quantum = []int{3, 1, 0, -1}, []int{8, 8, 16, 4}
						c.Policy, c.FreeMode, c.K, c.Sched = pol, fm, k, sched
						c.CP = MemConfig{ReadPorts: 2 * k, WritePorts: k, ReadLatency: 1}
						c.CD = MemConfig{ReadPorts: k, WritePorts: k, ReadLatency: 2}
						c.MaxPkt, c.R = 16, 2
						c.Check = true
						m := randomLoad(t, c, 3000, 0.3, 12, uint64(k))
						s := m.Stats()
						t.Logf("arr %d adm %d admdrop %d hd %d tx %d len %d", s.Total.Arrived.Pkts, s.Total.Admitted.Pkts, s.Total.AdmDropped.Pkts, s.Total.HeadDropped.Pkts, s.Total.Transmitted.Pkts, s.Total.Len.Pkts)
					})
				}
			}
		}
	}
}
