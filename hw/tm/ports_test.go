package tm

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOutputsAgreeWithCounters drives random overload and checks the
// occamy_tm output view against the counters every cycle: in_ok_o against
// admissions, hd_valid_o against head drops, and each port's egress tags:
// a packet's cells leave in index order 0..n-1, one packet after another,
// and a packet's serial leaves its queue at most once.
func TestOutputsAgreeWithCounters(t *testing.T) {
	for _, pol := range []Policy{PolicyDT, PolicyOccamy, PolicyOccamyLQD} {
		for _, fm := range []FreeMode{FreeCell, FreeChain} {
			t.Run(fmt.Sprintf("%v/%s", pol, fm), func(t *testing.T) {
				c := DefaultConfig()
				c.B, c.P, c.Q, c.MaxPkt, c.R = 256, 2, 2, 8, 2
				c.AlphaExp, c.Quantum = []int{1, -1}, []int{8, 8}
				c.Policy, c.FreeMode = pol, fm
				m, err := New(c)
				require.NoError(t, err)
				r := rand.New(rand.NewPCG(7, 1))
				next := make([]int, c.P)  // next cell index expected per port
				seen := map[uint32]bool{} // serials whose last cell left
				var adm, hd, sent uint64
				for cy := 0; cy < 20000; cy++ {
					for i := 0; i < 3; i++ {
						if r.IntN(2) == 0 {
							m.Offer(Arrival{Queue: r.IntN(c.N()), Cells: 1 + r.IntN(c.MaxPkt)})
						}
					}
					require.NoError(t, m.Step())
					o := m.Outputs()
					for i := 0; i < o.NIn; i++ {
						if o.InOK[i] {
							adm++
						}
					}
					if o.HDValid {
						hd++
					}
					for p := 0; p < c.P; p++ {
						if o.EgValid>>uint(p)&1 == 0 {
							continue
						}
						sent++
						serial, idx := uint32(o.EgTag[p]>>16), int(o.EgTag[p]&0xffff)
						require.Equal(t, next[p], idx, "cycle %d port %d: cell index of tag %#x", cy, p, o.EgTag[p])
						require.Equal(t, p, int(o.EgQid[p])/c.Q, "cycle %d port %d: queue %d", cy, p, o.EgQid[p])
						next[p] = idx + 1
						if idx == 0 {
							require.False(t, seen[serial], "cycle %d: serial %d sent twice", cy, serial)
						}
						if idx+1 == cellsOf(m, serial, p, idx) {
							next[p] = 0
							seen[serial] = true
						}
					}
				}
				s := m.Stats()
				require.Equal(t, s.Total.Admitted.Pkts, adm, "in_ok_o count against Admitted")
				require.Equal(t, s.Total.HeadDropped.Pkts, hd, "hd_valid_o count against HeadDropped")
				require.Greater(t, hd+uint64(len(seen)), uint64(0))
				require.LessOrEqual(t, s.Total.Transmitted.Cells, sent, "cells sent against Transmitted cells")
			})
		}
	}
}

// cellsOf returns the size of the packet whose cell idx port p just sent:
// idx+1 when that was its last cell (tm_egress's Go-only EgLastO), else
// more.
func cellsOf(m *TM, _ uint32, p, idx int) int {
	if m.u.eg.EgLastO>>uint(p)&1 != 0 {
		return idx + 1
	}
	return idx + 2
}
