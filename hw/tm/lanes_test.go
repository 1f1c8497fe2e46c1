package tm

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// idleConfig is a TM whose only port is blocked after its first packet
// (TxWindow 1, R 1024), so that, once queues 1 and 2 are far over their
// thresholds, the head-drop executor has every PD and cell-pointer port
// but the enqueue's to itself. Queues 1 and 2 (α=1) are filled with
// n-cell packets at cycles 0..15; at t0 a two-cycle burst to queue 3
// (α=2) takes the free count to about 0.
func idleConfig(k, n int, fm FreeMode, lpd, lcp int) (Config, int) {
	c := DefaultConfig()
	c.P, c.Q, c.B, c.K, c.R, c.MaxPkt, c.TxWindow = 1, 4, 16384, k, 1024, 16, 1
	c.AlphaExp, c.Quantum = []int{0, 0, 0, 1}, []int{8, 8, 8, 8}
	c.FreeMode = fm
	c.CP = MemConfig{ReadPorts: 2 * k, WritePorts: k, ReadLatency: lcp}
	c.CD = MemConfig{ReadPorts: k, WritePorts: k, ReadLatency: 1}
	c.PD.ReadLatency = lpd
	c.MaxOffers = 4096
	return c, 8192*lcp/k + 500
}

func idleOffers(m *TM, cy, t0, n int) {
	if cy < 16 {
		for i := 0; i < 4096/n/16; i++ {
			m.Offer(Arrival{Queue: 1, Cells: n})
			m.Offer(Arrival{Queue: 2, Cells: n})
		}
	}
	if cy == t0 || cy == t0+1 {
		for i := 0; i < min(4096, 4096/n+1); i++ {
			m.Offer(Arrival{Queue: 3, Cells: n})
		}
	}
}

// laneBound is the executor's rate at idle ports by the lane contract
// (docs/tm.md, "The head-drop executor's lanes"), packets per clock, for
// n-cell packets: one PD read per L_pd; chain: nothing else (a packet
// takes one append in each of min(n,k) lanes); per cell: each lane frees
// one cell per L_cp, a sub-list of l cells holds its lane (l-1)·L_cp + 1
// cycles, and the enqueue's bank rotation gives every lane each sub-list
// index once per k packets.
func laneBound(n, k int, chain bool, lpd, lcp int) float64 {
	b := 1 / float64(lpd)
	if !chain {
		m := min(n, k)
		b = min(b, float64(k)/float64((n-m)*lcp+m))
	}
	return b
}

// TestBackToBackHeadDrops: the executor's pipeline at idle ports (k=4,
// 6-cell packets, latencies 1). The burst to queue 3 offered in cycles
// 2548-2549 takes the free count to 130 three cycles later (admission's
// effects a register, AdmitSettle = 2: every row a cycle later,
// measured), so queues 1 and 2 are far over their
// threshold (130, α=1), which the selector sees a cycle later than the
// free count moved (the thresholds are a register, ThrLag), and u_arb's
// grant reaches the executor a cycle after that (agv_q, arbreg): from
// cycle 2556 the executor reads a head PD every cycle, alternating queues
// 1 and 2 (the round-robin arbiter), and
// unlinks each one cycle later (qlen −6); its sub-lists wait in stage
// A's register for a cycle ("cells" from 2557: the register holds a
// packet) and reach the lanes two cycles after the read. Chain: one
// packet per clock, its four sub-lists appended as they reach the lanes
// (one write per lane; after the first cycle no bank is empty). Per
// cell: each of the four lanes frees one cell a cycle (4 writes) and
// reads the link of the sub-lists that go on (2+2+1+1 cells: 2 reads,
// then 1, ...): k=4 cells per clock; the lanes fill, and from then on a
// read is issued only when every lane has room, 4 of every 6 cycles.
// The free count takes the lanes' frees a cycle after the lanes free them
// (hdf_q, HDFreeLag): it rises from 2559, not 2558 (measured).
func TestBackToBackHeadDrops(t *testing.T) {
	type row struct {
		cycle           int
		hd              string
		issued          bool
		pending, served int
		hdCR, hdCW      int
		q1, q2, free    int
	}
	golden := map[FreeMode][]row{
		FreeChain: {
			// cycle hd issued pending served hd_cp_rd hd_cp_wr qlen1 qlen2 free
			{2555, "idle", false, 0, 0, 0, 0, 4026, 4032, 130},
			{2556, "rdPD", true, 0, 0, 0, 0, 4026, 4032, 130},
			{2557, "cells", true, 0, 0, 0, 0, 4020, 4032, 130},
			{2558, "cells", true, 4, 4, 0, 4, 4020, 4026, 130},
			{2559, "cells", true, 4, 4, 0, 4, 4014, 4026, 136},
			{2560, "cells", true, 4, 4, 0, 4, 4014, 4020, 142},
		},
		FreeCell: {
			{2555, "idle", false, 0, 0, 0, 0, 4026, 4032, 130},
			{2556, "rdPD", true, 0, 0, 0, 0, 4026, 4032, 130},
			{2557, "cells", true, 0, 0, 0, 0, 4020, 4032, 130},
			{2558, "cells", true, 4, 4, 2, 4, 4020, 4026, 130},
			{2559, "cells", true, 4, 4, 1, 4, 4014, 4026, 134},
			{2560, "cells", true, 4, 4, 2, 4, 4014, 4020, 138},
		},
	}
	for _, fm := range []FreeMode{FreeChain, FreeCell} {
		t.Run(fm.String(), func(t *testing.T) {
			c, t0 := idleConfig(4, 6, fm, 1, 1)
			c.Check = true
			m, err := New(c)
			require.NoError(t, err)
			rows := golden[fm]
			var issued, served, cycles int
			for cy := 0; cy < t0+80; cy++ {
				idleOffers(m, cy, t0, 6)
				require.NoError(t, m.Step(), "cycle %d", cy)
				p := m.Probe()
				if i := cy - rows[0].cycle; i >= 0 && i < len(rows) {
					got := row{cy, stateName[p.HD], p.HDPipe.Issued, p.HDPipe.Pending, p.HDPipe.Served,
						p.HDPorts[MemCP].Reads, p.HDPorts[MemCP].Writes, int(p.Qlen[1]), int(p.Qlen[2]), p.Free}
					assert.Equal(t, rows[i], got, "cycle %d: row (hd issued pending served hd_cp_rd hd_cp_wr qlen1 qlen2 free)", cy)
				}
				if cy >= t0+10 && cy < t0+70 {
					cycles++
					served += p.HDPipe.Served
					if p.HDPipe.Issued {
						issued++
					}
				}
			}
			if fm == FreeChain {
				assert.Equal(t, cycles, issued, "chain: a head-drop PD read every cycle (%d cycles)", cycles)
			} else {
				assert.Equal(t, 4*cycles, served, "per cell: k=4 cells freed every cycle (%d cycles)", cycles)
				assert.InDelta(t, float64(cycles)*4/6, float64(issued), 1, "per cell: 4/6 packets per clock")
			}
		})
	}
}

// TestExecutorRateAtIdlePorts (property): over k, packet size, free mode
// and the PD and cell-pointer read latencies, the executor's rate with
// every port idle (100 consecutive head drops, after 10) is the lane
// bound: never above it, and within 1% of it at latency 1 (the RTL's),
// 6% otherwise (the lanes' depth HDLaneDepth smooths the bank rotation's
// imbalance only so far, and the room a read needs counts stage A's
// register and the unlink on every lane: at k=8, 13 cells, L_pd=2,
// L_cp=3 it is 5.4% short, pinned in ratePinned (304 cycles since the
// enqueue takes from a register, EnqTakeLag; 306, 6.05% short, before);
// 5.4% before the thresholds were registered (ThrLag: 306 cycles for the 100 head drops,
// was 304; no other point moved by more than 0.2 point), 4.2% before
// stage A was registered).
// ratePoint is one point of TestExecutorRateAtIdlePorts' sweep.
type ratePoint struct {
	k, n int
	fm   FreeMode
	lat  [2]int
}

// ratePinned are the points of the sweep more than the tolerance below
// the lane bound, each held to its measured cycles for the 100 head
// drops (exactly, not a wider tolerance for every point): k=8, 13 cells,
// per cell, L_pd=2, L_cp=3 is 5.4% short since the enqueue takes from a
// register (304 cycles; 306, 6.05% short, since the thresholds were a
// register, 304 before).
var ratePinned = map[ratePoint]int{{8, 13, FreeCell, [2]int{2, 3}}: 304}

func TestExecutorRateAtIdlePorts(t *testing.T) {
	for _, k := range []int{1, 2, 4, 8} {
		for _, n := range []int{1, 3, 6, 8, 13, 16} {
			for _, fm := range []FreeMode{FreeChain, FreeCell} {
				for _, lat := range [][2]int{{1, 1}, {2, 1}, {1, 2}, {2, 3}} {
					name := fmt.Sprintf("k=%d/n=%d/%v/Lpd=%d/Lcp=%d", k, n, fm, lat[0], lat[1])
					c, t0 := idleConfig(k, n, fm, lat[0], lat[1])
					m, err := New(c)
					require.NoError(t, err, name)
					var iss []int
					for cy := 0; cy < t0+20000 && len(iss) < 111; cy++ {
						idleOffers(m, cy, t0, n)
						require.NoError(t, m.Step(), "%s: cycle %d", name, cy)
						if m.Probe().HDPipe.Issued {
							iss = append(iss, cy)
						}
					}
					require.GreaterOrEqual(t, len(iss), 111, "%s: too few head drops to measure", name)
					rate := 100 / float64(iss[110]-iss[10])
					bound := laneBound(n, k, fm == FreeChain, lat[0], lat[1])
					tol := 0.06
					if lat == [2]int{1, 1} {
						tol = 0.01
					}
					if want, ok := ratePinned[ratePoint{k, n, fm, lat}]; ok {
						assert.Equal(t, want, iss[110]-iss[10], "%s: cycles for 100 head drops (pinned: past the tolerance)", name)
						tol = 1 - 100/float64(want)/bound
					}
					assert.LessOrEqual(t, rate, bound*1.001, "%s: rate %.4f above the lane bound %.4f", name, rate, bound)
					assert.GreaterOrEqual(t, rate, bound*(1-tol), "%s: rate %.4f more than %.0f%% below the lane bound %.4f", name, rate, 100*tol, bound)
				}
			}
		}
	}
}
