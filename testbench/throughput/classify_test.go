package throughput

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"occamy/hw/tm"
)

// TestClassifier classifies synthetic cycles: the executor's state after
// the previous cycle, then this cycle's probe.
func TestClassifier(t *testing.T) {
	type cyc struct {
		prev      tm.ExecState
		hd        tm.ExecState
		gnt       bool
		pipe      tm.HDPipe
		cpWrites  int
		wantClass string // "", productive, lostPD, lostCP, wait
	}
	cases := []struct {
		name string
		c    cyc
	}{
		{"idle, no grant: no demand", cyc{prev: tm.ExecIdle, hd: tm.ExecIdle, pipe: tm.HDPipe{Room: true}, wantClass: ""}},
		{"a grant and a PD read issued", cyc{gnt: true, hd: tm.ExecReadPD, pipe: tm.HDPipe{Room: true, Issued: true}, wantClass: "productive"}},
		{"a grant, room, the PD port taken", cyc{gnt: true, pipe: tm.HDPipe{Room: true}, wantClass: "lostPD"}},
		{"a grant, every lane full", cyc{prev: tm.ExecCells, hd: tm.ExecCells, gnt: true, pipe: tm.HDPipe{Pending: 4, Ready: 0}, wantClass: "wait"}},
		{"a PD read in its latency", cyc{prev: tm.ExecReadPD, hd: tm.ExecReadPD, wantClass: "wait"}},
		{"lanes served", cyc{prev: tm.ExecCells, hd: tm.ExecCells, pipe: tm.HDPipe{Pending: 3, Ready: 3, Served: 2, Blocked: 1}, cpWrites: 2, wantClass: "productive"}},
		{"ready lanes, no cell-pointer port", cyc{prev: tm.ExecCells, hd: tm.ExecCells, pipe: tm.HDPipe{Pending: 2, Ready: 2, Blocked: 2}, wantClass: "lostCP"}},
		{"blocked lanes and a PD port taken: CP first", cyc{prev: tm.ExecCells, hd: tm.ExecCells, gnt: true, pipe: tm.HDPipe{Room: true, Pending: 1, Ready: 1, Blocked: 1}, wantClass: "lostCP"}},
		{"lane work though the state before was idle", cyc{prev: tm.ExecIdle, hd: tm.ExecCells, pipe: tm.HDPipe{Pending: 1}, wantClass: "wait"}},
		{"lanes waiting on a link read", cyc{prev: tm.ExecCells, hd: tm.ExecCells, pipe: tm.HDPipe{Pending: 2}, wantClass: "wait"}},
		{"the last cell freed: idle after", cyc{prev: tm.ExecCells, hd: tm.ExecIdle, pipe: tm.HDPipe{Pending: 1, Ready: 1, Served: 1}, wantClass: "productive"}},
		{"an append into an empty bank", cyc{prev: tm.ExecCells, hd: tm.ExecIdle, pipe: tm.HDPipe{Pending: 1, Ready: 1, Served: 1}, cpWrites: 0, wantClass: "productive"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &classifier{prev: tc.c.prev}
			p := tm.Probe{GntValid: tc.c.gnt, HD: tc.c.hd, HDPipe: tc.c.pipe}
			p.HDPorts[tm.MemCP].Writes = tc.c.cpWrites
			demand := c.observe(&p)
			got := map[string]uint64{"productive": c.product, "lostPD": c.lostPD, "lostCP": c.lostCP, "wait": c.wait}
			assert.Equal(t, tc.c.wantClass != "", demand, "demand")
			assert.Equal(t, uint64(1), c.cycles)
			for name, n := range got {
				want := uint64(0)
				if name == tc.c.wantClass {
					want = 1
				}
				assert.Equal(t, want, n, "class %s", name)
			}
			assert.Equal(t, c.prev, tc.c.hd, "state carried to the next cycle")
		})
	}
}

// TestClassifierShares: the shares add up to 1 over the demand cycles, and
// the appends without a write are counted.
func TestClassifierShares(t *testing.T) {
	c := &classifier{}
	seq := []tm.Probe{
		{GntValid: true, HD: tm.ExecReadPD, HDPipe: tm.HDPipe{Room: true, Issued: true}},
		{HD: tm.ExecCells, HDPipe: tm.HDPipe{Pending: 2, Ready: 2, Served: 2}},
		{HD: tm.ExecCells, HDPipe: tm.HDPipe{Pending: 1, Ready: 1, Blocked: 1}},
		{HD: tm.ExecIdle, HDPipe: tm.HDPipe{Pending: 1, Ready: 1, Served: 1}},
		{HD: tm.ExecIdle},
	}
	seq[1].HDPorts[tm.MemCP].Writes = 1 // one of the two appends into an empty bank
	seq[3].HDPorts[tm.MemCP].Writes = 1
	for i := range seq {
		c.observe(&seq[i])
	}
	var e Expulsion
	c.fill(&e)
	assert.Equal(t, uint64(4), e.DemandCycles)
	assert.InDelta(t, 0.8, e.Demand, 1e-12)
	assert.InDelta(t, 1, e.Productive+e.LostPD+e.LostCP+e.Wait, 1e-12)
	assert.InDelta(t, 0.75, e.Productive, 1e-12)
	assert.InDelta(t, 0.25, e.LostCP, 1e-12)
	assert.InDelta(t, 1.0/3, e.EmptyAppends, 1e-12)
}
