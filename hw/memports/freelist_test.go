package memports

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// TestFreeListParams checks every parameter's range error names it.
func TestFreeListParams(t *testing.T) {
	cases := []struct {
		p    FreeListParams
		want string
	}{
		{FreeListParams{Cells: 16, K: 3, Lat: 1}, "K"},
		{FreeListParams{Cells: 1, K: 2, Lat: 1}, "CELLS"},
		{FreeListParams{Cells: 65537, K: 2, Lat: 1}, "CELLS"},
		{FreeListParams{Cells: 16, K: 2, Lat: 0}, "LAT"},
	}
	for _, tc := range cases {
		_, err := NewFreeList(tc.p)
		var pe *rtl.ParamError
		require.True(t, errors.As(err, &pe), "%+v: want *rtl.ParamError, got %v", tc.p, err)
		require.Equal(t, tc.want, pe.Param, "%+v", tc.p)
	}
}

// TestFreeListTable is a cycle-by-cycle table at CELLS=4, K=2, LAT=2:
// bank 0 holds 0, 2 and bank 1 holds 1, 3 after reset.
func TestFreeListTable(t *testing.T) {
	f, err := NewFreeList(FreeListParams{Cells: 4, K: 2, Lat: 2})
	require.NoError(t, err)
	type app struct {
		on         bool
		head, tail uint32
		n          uint32
	}
	rows := []struct {
		pop0, pop1 bool
		app0       app
		ok         [2]bool
		cell       [2]uint32
		cnt        [2]uint32
		free       uint32
	}{
		// pop_i | app bank 0 | pop_ok_o, pop_cell_o, cnt_o, free_o
		{true, false, app{}, [2]bool{true, true}, [2]uint32{0, 1}, [2]uint32{2, 2}, 4},                // 0: bank 0 pops 0, reads link[0]
		{true, true, app{}, [2]bool{false, true}, [2]uint32{0, 1}, [2]uint32{1, 2}, 3},                // 1: bank 0 waits (LAT 2); bank 1 pops 1
		{true, false, app{}, [2]bool{true, false}, [2]uint32{2, 0}, [2]uint32{1, 1}, 2},               // 2: bank 0 pops 2, its last: no read
		{false, false, app{true, 0, 0, 1}, [2]bool{false, true}, [2]uint32{0, 3}, [2]uint32{0, 1}, 1}, // 3: empty bank 0 takes cell 0
		{true, false, app{true, 2, 2, 1}, [2]bool{true, true}, [2]uint32{0, 3}, [2]uint32{1, 1}, 2},   // 4: pop 0 (last), append 2: no write
		{false, false, app{}, [2]bool{true, true}, [2]uint32{2, 3}, [2]uint32{1, 1}, 2},               // 5
	}
	for c, r := range rows {
		f.RstNI = true
		f.PopI[0], f.PopI[1] = r.pop0, r.pop1
		f.AppI[0], f.AppHeadI[0], f.AppTailI[0], f.AppNI[0] = r.app0.on, r.app0.head, r.app0.tail, r.app0.n
		f.Eval()
		for b := 0; b < 2; b++ {
			require.Equal(t, r.ok[b], f.PopOkO[b], "cycle %d: pop_ok_o[%d]", c, b)
			require.Equal(t, r.cell[b], f.PopCellO[b], "cycle %d: pop_cell_o[%d]", c, b)
			require.Equal(t, r.cnt[b], f.CntO[b], "cycle %d: cnt_o[%d]", c, b)
		}
		require.Equal(t, r.free, f.FreeO, "cycle %d: free_o", c)
		f.Commit()
		require.NoError(t, f.Err(), "cycle %d", c)
	}
	require.Equal(t, uint64(2), f.FL.Mem.TotalReads, "link reads: pops of 0 and 1, not of the last cell 2")
	require.Equal(t, uint64(0), f.FL.Mem.TotalWrites, "link writes")
}

// TestFreeListReference drives random legal traffic and checks every pop
// against per-bank FIFOs of cells (a trivially correct free list), the
// read latency, the counts and that no cell is popped twice.
func TestFreeListReference(t *testing.T) {
	for _, p := range []FreeListParams{{16, 1, 1}, {16, 2, 1}, {64, 4, 3}, {13, 8, 2}, {2, 1, 1}} {
		f, err := NewFreeList(p)
		require.NoError(t, err)
		rng := rand.New(rand.NewSource(int64(p.Cells * p.K)))
		fifo := make([][]uint32, p.K)
		runs := make([][][]uint32, p.K)
		fresh := make([]bool, p.K)
		wait := make([]int, p.K)
		resetRef := func() {
			for b := range fifo {
				fifo[b], runs[b], fresh[b], wait[b] = fifo[b][:0], nil, true, 0
				for x := b; x < p.Cells; x += p.K {
					fifo[b] = append(fifo[b], uint32(x))
				}
			}
		}
		resetRef()
		for c := 0; c < 4000; c++ {
			f.RstNI = rng.Intn(400) != 0
			for b := 0; b < p.K; b++ {
				f.PopI[b] = rng.Intn(2) == 0
				f.AppI[b] = len(runs[b]) > 0 && rng.Intn(2) == 0
				if f.AppI[b] {
					r := runs[b][0]
					n := 1 + rng.Intn(len(r))
					f.AppHeadI[b], f.AppTailI[b], f.AppNI[b] = r[0], r[n-1], uint32(n)
				}
			}
			f.Eval()
			total := 0
			for b := 0; b < p.K; b++ {
				require.Equal(t, uint32(len(fifo[b])), f.CntO[b], "cycle %d: cnt_o[%d]", c, b)
				require.Equal(t, len(fifo[b]) > 0 && wait[b] == 0, f.PopOkO[b], "cycle %d: pop_ok_o[%d]", c, b)
				if f.PopOkO[b] {
					require.Equal(t, fifo[b][0], f.PopCellO[b], "cycle %d: pop_cell_o[%d]", c, b)
				}
				total += len(fifo[b])
			}
			require.Equal(t, uint32(total), f.FreeO, "cycle %d: free_o", c)
			if !f.RstNI {
				f.Commit()
				resetRef()
				continue
			}
			for b := 0; b < p.K; b++ {
				if wait[b] > 0 {
					wait[b]--
				}
				if f.PopI[b] && f.PopOkO[b] {
					x := fifo[b][0]
					fifo[b] = fifo[b][1:]
					if len(fifo[b]) > 0 {
						wait[b] = p.Lat - 1
					}
					if fresh[b] || len(runs[b]) == 0 {
						runs[b] = append(runs[b], nil)
					}
					runs[b][len(runs[b])-1] = append(runs[b][len(runs[b])-1], x)
					fresh[b] = len(fifo[b]) == 0
				}
				if f.AppI[b] {
					n := int(f.AppNI[b])
					fifo[b] = append(fifo[b], runs[b][0][:n]...)
					runs[b][0] = runs[b][0][n:]
					if len(runs[b][0]) == 0 {
						runs[b] = runs[b][1:]
						fresh[b] = fresh[b] || len(runs[b]) == 0
					}
				}
			}
			f.Commit()
			require.NoError(t, f.Err(), "cycle %d", c)
		}
	}
}

// TestFreeListBadAppend checks an append of a cell of another bank is
// reported.
func TestFreeListBadAppend(t *testing.T) {
	f, err := NewFreeList(FreeListParams{Cells: 8, K: 2, Lat: 1})
	require.NoError(t, err)
	f.RstNI, f.AppI[0], f.AppHeadI[0], f.AppTailI[0], f.AppNI[0] = true, true, 1, 1, 1
	f.Commit()
	require.ErrorContains(t, f.Err(), "to bank 0")
}

// BenchmarkFreeListCycle measures one cycle with every bank popping and
// appending.
func BenchmarkFreeListCycle(b *testing.B) {
	f, _ := NewFreeList(FreeListParams{Cells: 1024, K: 4, Lat: 1})
	f.RstNI = true
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for k := 0; k < 4; k++ {
			f.PopI[k] = true
			f.AppI[k] = false
		}
		f.Eval()
		for k := 0; k < 4; k++ {
			if f.PopOkO[k] {
				f.AppI[k], f.AppHeadI[k], f.AppTailI[k], f.AppNI[k] = true, f.PopCellO[k], f.PopCellO[k], 1
				f.PopI[k] = true
			}
		}
		f.Commit()
	}
}
