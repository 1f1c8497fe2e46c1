package tm

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// timingConfig is the small TM of the timing tests: one port, two queues
// (class 0 high priority with α=8, class 1 low with α=1/8), B=64, k=2,
// every memory with latency 1 and the tightest budgets Validate allows for
// the cell pointers and data (2 reads, 2 writes), a port sending one cell
// every 2 cycles with at most 8 cells pending.
func timingConfig(freeMode FreeMode) Config {
	c := DefaultConfig()
	c.P, c.Q, c.B, c.K, c.R, c.MaxPkt = 1, 2, 64, 2, 2, 8
	c.AlphaExp, c.Quantum = []int{3, -3}, []int{8, 8}
	c.FreeMode = freeMode
	c.TxWindow = 8
	c.PushoutWait = 0
	c.CP = MemConfig{ReadPorts: 2, WritePorts: 2, ReadLatency: 1}
	c.CD = MemConfig{ReadPorts: 2, WritePorts: 2, ReadLatency: 1}
	c.PD = MemConfig{ReadPorts: 1, WritePorts: 2, ReadLatency: 1}
	c.Check = true
	return c
}

var stateName = [...]string{"idle", "rdPD", "cells"}

// timingRow is one cycle of the overlap scenario as Probe shows it after
// the cycle: pipeline states, head-drop grant, port use (all, and the
// head-drop path's share), queue lengths and the free count.
type timingRow struct {
	cycle          uint64
	deq, hd, gnt   string
	pdR, pdW, hdPR int
	cpR, cpW       int
	hdCR, hdCW     int
	cdR, cdW       int
	q0, q1, free   int
}

func probeRow(m *TM) timingRow {
	p := m.Probe()
	g := "-"
	if p.GntValid {
		g = fmt.Sprint(p.GntIdx)
	}
	return timingRow{p.Cycle, stateName[p.Deq], stateName[p.HD], g,
		p.Ports[MemPD].Reads, p.Ports[MemPD].Writes, p.HDPorts[MemPD].Reads,
		p.Ports[MemCP].Reads, p.Ports[MemCP].Writes, p.HDPorts[MemCP].Reads, p.HDPorts[MemCP].Writes,
		p.Ports[MemCD].Reads, p.Ports[MemCD].Writes, int(p.Qlen[0]), int(p.Qlen[1]), p.Free}
}

// TestDequeueOverlapsHeadDrop: at cycle 0, four 4-cell packets arrive at
// queue 0 and two at queue 1 (admitted at cycle 1, in their queues from
// cycle 3: admission's effects are a register, AdmitSettle = 2). Queue 0 is
// dequeued back to back (strict priority); queue 1 is over its threshold
// (8 cells > 52/8) and Occamy expels its head packet while queue 0's last
// packet is dequeued.
//
// What the rows show (cycles 17-22; every row one cycle later than with
// AdmitSettle 1, the same rows otherwise: the packets reach the enqueue a
// cycle later, measured; since the enqueue takes from a register,
// EnqTakeLag, one cycle later again, and since its round is a register,
// EnqGoLag, once more, measured: the cycles named below are those with
// AdmitSettle 2 alone, add two). The scheduler's grant is registered:
// a dequeue's PD read is issued the cycle after its grant, so each packet's
// cells leave a cycle later than the grant and port 0's transmit window
// (TxWindow 8 cells) reopens at 17 (it was 16 when the read was in the
// grant's cycle); queue 0's last packet is granted at 17 (19 in the rows).
// u_arb's grant is registered (agv_q, arbreg): the grant of cycle t is the
// executor's in t+1 while its queue is still over and a candidate, so the
// head drop comes a cycle later than it did, and the rows from 19 changed
// (the bullets name the rows' cycles):
//   - 19: the head drop is granted (gnt=1, u_arb's grant of 18) and the PD
//     read port is free: the executor reads queue 1's head PD.
//   - 20: the executor unlinks (q1 8→4) while the dequeue reads queue 0's
//     head PD. u_arb granted queue 1 again in 19 (the only queue over),
//     and the selector's bitmap still shows it (gnt=1), but the dequeue
//     holds the PD read port, so the executor waits.
//   - 21: the bitmap still shows queue 1 (it compares the lengths of the
//     cycle before, before the unlink), the port is free: the executor
//     reads queue 1's second head PD, a stale head drop (4 cells, under
//     the threshold 52/8). With the grant unregistered the executor read
//     in 18, the second grant met the dequeue's read in 19 and was gone
//     in 20: one head drop, none stale. recheck_i refuses such a grant.
//   - 21-22: the dequeue's two cell rounds; its frees land a cycle after
//     each round (DeqFreeLag), while the executor frees both packets; the
//     lanes' frees count in the free count a cycle after the lanes free
//     them (hdf_q, HDFreeLag: free 58 → 56 at 24 per cell, 56 → 52 at 21
//     in chain mode, measured).
func TestDequeueOverlapsHeadDrop(t *testing.T) {
	golden := map[FreeMode][]timingRow{
		FreeCell: {
			// cycle deq hd gnt pd_rd pd_wr hd_pd_rd cp_rd cp_wr hd_cp_rd hd_cp_wr cd_rd cd_wr qlen0 qlen1 free
			{17, "idle", "idle", "-", 0, 1, 0, 2, 2, 0, 0, 0, 2, 4, 8, 52},
			{18, "idle", "idle", "-", 0, 0, 0, 2, 0, 0, 0, 0, 2, 4, 8, 52},
			{19, "idle", "rdPD", "1", 1, 2, 1, 2, 0, 0, 0, 0, 2, 4, 8, 52},
			{20, "rdPD", "cells", "1", 1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 52},
			{21, "cells", "cells", "1", 1, 0, 1, 2, 0, 0, 0, 2, 0, 0, 4, 52},
			{22, "idle", "cells", "-", 0, 0, 0, 0, 2, 0, 0, 2, 0, 0, 0, 54},
			{23, "idle", "cells", "-", 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 56},
			{24, "idle", "cells", "-", 0, 0, 0, 2, 2, 2, 2, 0, 0, 0, 0, 56}, // the lanes' 2 count in 25 (HDFreeLag)
		},
		FreeChain: {
			// cycle deq hd gnt pd_rd pd_wr hd_pd_rd cp_rd cp_wr hd_cp_rd hd_cp_wr cd_rd cd_wr qlen0 qlen1 free
			{17, "idle", "idle", "-", 0, 1, 0, 2, 2, 0, 0, 0, 2, 4, 8, 52},
			{18, "idle", "idle", "-", 0, 0, 0, 2, 0, 0, 0, 0, 2, 4, 8, 52},
			{19, "idle", "rdPD", "1", 1, 2, 1, 2, 0, 0, 0, 0, 2, 4, 8, 52},
			{20, "rdPD", "cells", "1", 1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 52},
			{21, "cells", "rdPD", "1", 1, 0, 1, 2, 2, 0, 2, 2, 0, 0, 4, 52}, // the lanes' 4 count in 22 (HDFreeLag)
			{22, "idle", "cells", "-", 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 56},
			{23, "idle", "cells", "-", 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 60},
		},
	}
	for _, fm := range []FreeMode{FreeCell, FreeChain} {
		t.Run(fm.String(), func(t *testing.T) {
			m, err := New(timingConfig(fm))
			require.NoError(t, err)
			rows := golden[fm]
			for cy := uint64(0); cy <= rows[len(rows)-1].cycle; cy++ {
				if cy == 0 {
					for i := 0; i < 4; i++ {
						m.Offer(Arrival{Queue: 0, Cells: 4})
					}
					m.Offer(Arrival{Queue: 1, Cells: 4})
					m.Offer(Arrival{Queue: 1, Cells: 4})
				}
				require.NoError(t, m.Step(), "cycle %d", cy)
				got := probeRow(m)
				t.Logf("%+v", got)
				if cy < rows[0].cycle {
					continue
				}
				assert.Equal(t, rows[cy-rows[0].cycle], got, "cycle %d: row (deq hd gnt pd_rd pd_wr hd_pd_rd cp_rd cp_wr hd_cp_rd hd_cp_wr cd_rd cd_wr qlen0 qlen1 free)", cy)
			}
			st := m.Stats().Queues[1]
			assert.Equal(t, uint64(2), st.HeadDropped.Pkts, "queue 1 head-dropped packets")
			assert.Equal(t, uint64(1), st.StaleHeadDropped.Pkts, "queue 1 stale head drops (the second grant waits for the dequeue's read, then finds the port free while the bitmap still shows the queue)")
		})
	}
}
