package memports

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// TestCPSubListsParams checks every parameter's range error names it.
func TestCPSubListsParams(t *testing.T) {
	cases := []struct {
		p    CPSubListsParams
		want string
	}{
		{CPSubListsParams{Cells: 16, K: 3, Lat: 1, MaxN: 4}, "K"},
		{CPSubListsParams{Cells: 0, K: 2, Lat: 1, MaxN: 1}, "CELLS"},
		{CPSubListsParams{Cells: 65537, K: 2, Lat: 1, MaxN: 1}, "CELLS"},
		{CPSubListsParams{Cells: 16, K: 2, Lat: 17, MaxN: 4}, "LAT"},
		{CPSubListsParams{Cells: 16, K: 2, Lat: 1, MaxN: 17}, "MAXN"},
	}
	for _, tc := range cases {
		_, err := NewCPSubLists(tc.p)
		var pe *rtl.ParamError
		require.True(t, errors.As(err, &pe), "%+v: want *rtl.ParamError, got %v", tc.p, err)
		require.Equal(t, tc.want, pe.Param, "%+v", tc.p)
	}
}

// TestCPSubListsTable is a cycle-by-cycle table at CELLS=8, K=2, LAT=2: a
// packet of 5 cells 7,3,1,4,6 (sub-list 0: 7,1,6; sub-list 1: 3,4) is
// linked in cycles 0-1, chased from cycle 2 (rounds at 2, 4, 6), and a
// start in cycle 3 is held off until cycle 7.
func TestCPSubListsTable(t *testing.T) {
	c, err := NewCPSubLists(CPSubListsParams{Cells: 8, K: 2, Lat: 2, MaxN: 8})
	require.NoError(t, err)
	type wr struct {
		on         [2]bool
		addr, data [2]uint32
	}
	rows := []struct {
		start      bool
		heads      [2]uint32
		n          uint32
		w          wr
		ok, valid  bool
		mask       [2]bool
		cell       [2]uint32
		idx        uint32
		last, busy bool
	}{
		// start_i heads n | writes | start_ok_o out_valid_o out_mask_o out_cell_o out_idx_o out_last_o busy_o
		{false, [2]uint32{}, 0, wr{[2]bool{true, true}, [2]uint32{7, 3}, [2]uint32{1, 4}}, true, false, [2]bool{}, [2]uint32{}, 0, false, false},
		{false, [2]uint32{}, 0, wr{[2]bool{true, false}, [2]uint32{1, 0}, [2]uint32{6, 0}}, true, false, [2]bool{}, [2]uint32{}, 0, false, false},
		{true, [2]uint32{7, 3}, 5, wr{}, true, true, [2]bool{true, true}, [2]uint32{7, 3}, 0, false, false},
		{true, [2]uint32{2, 0}, 1, wr{}, false, false, [2]bool{}, [2]uint32{}, 0, false, true},
		{true, [2]uint32{2, 0}, 1, wr{}, false, true, [2]bool{true, true}, [2]uint32{1, 4}, 2, false, true},
		{true, [2]uint32{2, 0}, 1, wr{}, false, false, [2]bool{}, [2]uint32{}, 0, false, true},
		{true, [2]uint32{2, 0}, 1, wr{}, false, true, [2]bool{true, false}, [2]uint32{6, 0}, 4, true, true},
		{true, [2]uint32{2, 0}, 1, wr{}, true, true, [2]bool{true, false}, [2]uint32{2, 0}, 0, true, false},
		{false, [2]uint32{}, 0, wr{}, true, false, [2]bool{}, [2]uint32{}, 0, false, false},
	}
	c.RstNI = false
	c.Commit()
	for cy, r := range rows {
		c.RstNI, c.StartI, c.StartNI = true, r.start, r.n
		copy(c.StartHeadsI, r.heads[:])
		copy(c.WrEnI, r.w.on[:])
		copy(c.WrAddrI, r.w.addr[:])
		copy(c.WrDataI, r.w.data[:])
		c.Eval()
		require.Equal(t, r.ok, c.StartOkO, "cycle %d: start_ok_o", cy)
		require.Equal(t, r.valid, c.OutValidO, "cycle %d: out_valid_o", cy)
		require.Equal(t, r.mask[:], c.OutMaskO, "cycle %d: out_mask_o", cy)
		require.Equal(t, r.cell[:], c.OutCellO, "cycle %d: out_cell_o", cy)
		require.Equal(t, r.idx, c.OutIdxO, "cycle %d: out_idx_o", cy)
		require.Equal(t, r.last, c.OutLastO, "cycle %d: out_last_o", cy)
		require.Equal(t, r.busy, c.BusyO, "cycle %d: busy_o", cy)
		c.Commit()
		require.NoError(t, c.Err(), "cycle %d", cy)
	}
	require.Equal(t, uint64(3), c.Mem.TotalReads, "link reads: 7, 3 in round 0, 1 in round 1")
	require.Equal(t, uint64(3), c.Mem.TotalWrites, "link writes")
}

// TestCPSubListsReference links random packets through the write port and
// chases them, checking each against the plain Go reference: the packet's
// cells in order, round r at start + r*Lat with min(K, n-r*K) cells, and
// the link reads (n - min(n, K) per packet).
func TestCPSubListsReference(t *testing.T) {
	for _, p := range []CPSubListsParams{{16, 1, 1, 16}, {16, 2, 1, 9}, {64, 4, 3, 30}, {40, 8, 2, 40}, {3, 8, 1, 3}, {1, 1, 1, 1}} {
		c, err := NewCPSubLists(p)
		require.NoError(t, err)
		rng := rand.New(rand.NewSource(int64(p.Cells*10 + p.K)))
		c.RstNI = false
		c.Commit()
		c.RstNI = true
		for pkt := 0; pkt < 300; pkt++ {
			n := 1 + rng.Intn(p.MaxN)
			cells := rng.Perm(p.Cells)[:n]
			// Reference: sub-list s is cells[s], cells[s+K], ...; link them
			// K writes per cycle, in random order.
			type link struct{ from, to int }
			var links []link
			for i := 0; i+p.K < n; i++ {
				links = append(links, link{cells[i], cells[i+p.K]})
			}
			rng.Shuffle(len(links), func(i, j int) { links[i], links[j] = links[j], links[i] })
			for len(links) > 0 {
				m := min(len(links), 1+rng.Intn(p.K))
				for s := 0; s < p.K; s++ {
					c.WrEnI[s] = s < m
					if s < m {
						c.WrAddrI[s], c.WrDataI[s] = uint32(links[s].from), uint32(links[s].to)
					}
				}
				links = links[m:]
				c.Eval()
				c.Commit()
				require.NoError(t, c.Err())
			}
			clear(c.WrEnI)
			reads0 := c.Mem.TotalReads
			c.StartI, c.StartNI = true, uint32(n)
			for s := 0; s < p.K; s++ {
				c.StartHeadsI[s] = uint32(rng.Intn(p.Cells))
				if s < n {
					c.StartHeadsI[s] = uint32(cells[s])
				}
			}
			var got []int
			rounds := (n + p.K - 1) / p.K
			for cy := 0; ; cy++ {
				c.Eval()
				c.StartI = false
				r := cy / p.Lat
				want := cy%p.Lat == 0 && r < rounds
				require.Equal(t, want, c.OutValidO, "packet %d cycle %d: out_valid_o", pkt, cy)
				if c.OutValidO {
					cnt := min(p.K, n-r*p.K)
					require.Equal(t, uint32(r*p.K), c.OutIdxO, "packet %d cycle %d: out_idx_o", pkt, cy)
					require.Equal(t, r == rounds-1, c.OutLastO, "packet %d cycle %d: out_last_o", pkt, cy)
					for s := 0; s < p.K; s++ {
						require.Equal(t, s < cnt, c.OutMaskO[s], "packet %d cycle %d: out_mask_o[%d]", pkt, cy, s)
						if s < cnt {
							got = append(got, int(c.OutCellO[s]))
						}
					}
				}
				last := c.OutLastO
				c.Commit()
				require.NoError(t, c.Err(), "packet %d cycle %d", pkt, cy)
				if last {
					break
				}
				require.Less(t, cy, rounds*p.Lat, "packet %d: chase did not end", pkt)
			}
			require.Equal(t, cells, got, "packet %d: cells in packet order", pkt)
			require.Equal(t, uint64(n-min(n, p.K)), c.Mem.TotalReads-reads0, "packet %d: link reads", pkt)
		}
	}
}

// TestCPSubListsBadStart checks a start of 0 cells is reported.
func TestCPSubListsBadStart(t *testing.T) {
	c, err := NewCPSubLists(CPSubListsParams{Cells: 8, K: 2, Lat: 1, MaxN: 4})
	require.NoError(t, err)
	c.RstNI, c.StartI, c.StartNI = true, true, 0
	c.Eval()
	c.Commit()
	require.ErrorContains(t, c.Err(), "start of a chase of 0 cells")
}

// BenchmarkCPSubListsCycle measures a cycle of back-to-back chases with K
// link writes each cycle.
func BenchmarkCPSubListsCycle(b *testing.B) {
	c, _ := NewCPSubLists(CPSubListsParams{Cells: 1024, K: 4, Lat: 1, MaxN: 64})
	c.RstNI = true
	for s := 0; s < 4; s++ {
		c.StartHeadsI[s] = uint32(s)
		c.WrAddrI[s], c.WrDataI[s], c.WrEnI[s] = uint32(s), uint32(s), true
	}
	c.StartNI = 64
	c.StartI = true
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c.Eval()
		c.Commit()
	}
}
