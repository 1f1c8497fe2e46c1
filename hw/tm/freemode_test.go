package tm

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeadDropPorts runs the burst scenario under Occamy with 8-cell
// packets and k=4 in both free modes and adds up the head-drop path's own
// port use (Probe.HDPorts) over the run:
//   - it never touches the cell-data memory;
//   - it reads exactly one PD per expelled packet;
//   - per cell, it reads the pointers of the cells that have a successor in
//     their sub-list (n-k = 4 per packet) and frees each cell with at most
//     one write;
//   - chain, it reads no cell pointer and writes at most one link per
//     sub-list (k = 4 per packet), whatever the packet length.
func TestHeadDropPorts(t *testing.T) {
	for _, fm := range []FreeMode{FreeCell, FreeChain} {
		t.Run(fm.String(), func(t *testing.T) {
			c := DefaultConfig()
			c.FreeMode = fm
			c.Check = true
			c.B = 4096
			m, err := New(c)
			require.NoError(t, err)
			flows := []*flow{{Queue: 0, Cells: 8, Rate: 1}, {Queue: c.Q, Cells: 8, Rate: 2, Start: 8000, Total: 4000}}
			var sum [NumMems]PortUse
			for cy := 0; cy < 12000; cy++ {
				offer(m, flows)
				require.NoError(t, m.Step())
				hp := m.Probe().HDPorts
				for i := range sum {
					sum[i].Reads += hp[i].Reads
					sum[i].Writes += hp[i].Writes
				}
			}
			var pkts int
			for _, q := range m.Stats().Queues {
				pkts += int(q.HeadDropped.Pkts)
			}
			require.Positive(t, pkts, "the scenario must expel packets")
			msg := fmt.Sprintf("%s: %d packets of 8 cells expelled", fm, pkts)
			assert.Equal(t, PortUse{}, sum[MemCD], "%s: head drops must not touch cell data", msg)
			// A packet's PD read may be counted and its cells still in flight at the end.
			assert.InDelta(t, pkts, sum[MemPD].Reads, 1, "%s: PD reads", msg)
			switch fm {
			case FreeCell:
				assert.InDelta(t, 4*pkts, sum[MemCP].Reads, 4, "%s: pointer reads", msg)
				assert.LessOrEqual(t, sum[MemCP].Writes, 8*pkts, "%s: pointer writes", msg)
			case FreeChain:
				assert.Zero(t, sum[MemCP].Reads, "%s: pointer reads", msg)
				assert.LessOrEqual(t, sum[MemCP].Writes, 4*pkts, "%s: pointer writes", msg)
			}
			t.Logf("%s: HD port use over the run: %+v", msg, sum)
		})
	}
}
