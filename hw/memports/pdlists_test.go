package memports

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl"
)

// TestPDListsParams checks every parameter's range error names it.
func TestPDListsParams(t *testing.T) {
	good := PDListsParams{N: 4, P: 16, Lat: 1, LW: 4, DW: 8}
	for _, tc := range []struct {
		mod  func(p *PDListsParams)
		want string
	}{
		{func(p *PDListsParams) { p.N = 0 }, "N"},
		{func(p *PDListsParams) { p.P = 4097 }, "P"},
		{func(p *PDListsParams) { p.Lat = 0 }, "LAT"},
		{func(p *PDListsParams) { p.LW = 17 }, "LW"},
		{func(p *PDListsParams) { p.DW = 33 }, "DW"},
	} {
		p := good
		tc.mod(&p)
		_, err := NewPDLists(p)
		var pe *rtl.ParamError
		require.True(t, errors.As(err, &pe), "%+v: want *rtl.ParamError, got %v", p, err)
		require.Equal(t, tc.want, pe.Param, "%+v", p)
	}
}

// TestPDListsForwardTable is a cycle-by-cycle table at N=1, P=4, LAT=1:
// each read's unlink comes first in its return cycle, so the queue is read
// again in that cycle; heads move through the memory's link (cycles 3, 4,
// 5) or through the forwarding register (cycle 6: PD 0 was linked behind PD
// 3 while PD 3's read was in flight).
func TestPDListsForwardTable(t *testing.T) {
	l, err := NewPDLists(PDListsParams{N: 1, P: 4, Lat: 1, LW: 4, DW: 8})
	require.NoError(t, err)
	rows := []struct {
		link, rd       bool
		cells          uint32
		linkPd         uint32
		rdOk           bool
		rdPd           uint32
		unl            bool
		unlPd, cnt, hl uint32
		free           uint32
	}{
		// link_i rd_i link_cells_i | link_pd_o rd_ok_o rd_pd_o unl_valid_o unl_pd_o cnt_o head_len_o free_o
		{true, false, 3, 0, false, 0, false, 0, 0, 0, 4}, // 0: link PD 0 (3 cells)
		{true, false, 5, 1, true, 0, false, 0, 1, 3, 3},  // 1: link PD 1 (5)
		{true, true, 7, 2, true, 0, false, 0, 2, 3, 2},   // 2: read PD 0; link PD 2 (7)
		{true, true, 2, 3, true, 1, true, 0, 2, 5, 2},    // 3: unlink 0 (head 1 via memory), read 1; link PD 3 (2)
		{false, true, 0, 0, true, 2, true, 1, 2, 7, 2},   // 4: unlink 1 (head 2), read 2
		{true, true, 9, 0, true, 3, true, 2, 1, 2, 3},    // 5: unlink 2 (head 3), read 3; link PD 0 (9) behind 3: forwarded
		{false, false, 0, 1, true, 0, true, 3, 1, 9, 3},  // 6: unlink 3 (head 0 via forwarding)
	}
	for c, r := range rows {
		l.RstNI, l.LinkI, l.LinkQidI, l.LinkCellsI, l.RdI, l.RdQidI = true, r.link, 0, r.cells, r.rd, 0
		l.Eval()
		require.Equal(t, r.linkPd, l.LinkPdO, "cycle %d: link_pd_o", c)
		require.Equal(t, r.rdOk, l.RdOkO, "cycle %d: rd_ok_o", c)
		require.Equal(t, r.rdPd, l.RdPdO, "cycle %d: rd_pd_o", c)
		require.Equal(t, r.unl, l.UnlValidO, "cycle %d: unl_valid_o", c)
		require.Equal(t, r.unlPd, l.UnlPdO, "cycle %d: unl_pd_o", c)
		require.Equal(t, r.cnt, l.CntO[0], "cycle %d: cnt_o", c)
		require.Equal(t, r.hl, l.HeadLenO[0], "cycle %d: head_len_o", c)
		require.Equal(t, r.free, l.FreeO, "cycle %d: free_o", c)
		l.Commit()
		require.NoError(t, l.Err(), "cycle %d", c)
	}
}

// TestPDListsReference drives random traffic and checks every output
// against per-queue FIFOs of PDs, a free FIFO and a delay line of reads (a
// trivially correct model without links or forwarding): each cycle the
// returning read's PD leaves its queue first, then reads and links see the
// rest, and the PD is freed after the cycle's allocation.
func TestPDListsReference(t *testing.T) {
	type pkt struct{ pd, cells, data uint32 }
	type rd struct {
		ok bool
		q  int
	}
	for _, p := range []PDListsParams{{4, 16, 1, 4, 8}, {3, 8, 3, 4, 8}, {1, 1, 1, 1, 1}, {5, 13, 2, 6, 32}} {
		l, err := NewPDLists(p)
		require.NoError(t, err)
		rng := rand.New(rand.NewSource(int64(p.P*7 + p.Lat)))
		var queues [][]pkt
		var free []uint32
		var line []rd
		busy := make([]bool, p.N)
		resetRef := func() {
			queues = make([][]pkt, p.N)
			free = free[:0]
			for i := 0; i < p.P; i++ {
				free = append(free, uint32(i))
			}
			line = make([]rd, p.Lat)
			clear(busy)
		}
		resetRef()
		hot := 0
		for c := 0; c < 5000; c++ {
			if c%50 == 0 {
				hot = rng.Intn(p.N)
			}
			q := func() uint32 {
				if rng.Intn(2) == 0 {
					return uint32(hot)
				}
				return uint32(rng.Intn(1 << p.IW()))
			}
			l.RstNI = rng.Intn(500) != 0
			l.LinkI, l.LinkQidI = rng.Intn(3) != 0, q()
			l.LinkCellsI, l.LinkDataI = uint32(rng.Intn(1<<p.LW)), uint32(rng.Int63n(1<<p.DW))
			l.RdI, l.RdQidI = rng.Intn(2) == 0, q()
			l.Eval()
			lq, rq := int(l.LinkQidI), int(l.RdQidI)
			// The returning read is unlinked first; its PD is freed at the edge.
			u := line[0]
			require.Equal(t, u.ok, l.UnlValidO, "cycle %d: unl_valid_o", c)
			released := -1
			if u.ok {
				h := queues[u.q][0]
				require.Equal(t, []uint32{uint32(u.q), h.pd, h.cells, h.data},
					[]uint32{l.UnlQidO, l.UnlPdO, l.UnlCellsO, l.UnlDataO}, "cycle %d: unl_qid_o, unl_pd_o, unl_cells_o, unl_data_o", c)
				released = int(h.pd)
				queues[u.q] = queues[u.q][1:]
				busy[u.q] = false
			}
			wantLinkOk := lq < p.N && len(free) > 0
			require.Equal(t, wantLinkOk, l.LinkOkO, "cycle %d: link_ok_o", c)
			if wantLinkOk {
				require.Equal(t, free[0], l.LinkPdO, "cycle %d: link_pd_o", c)
			}
			wantRdOk := rq < p.N && len(queues[rq]) > 0 && !busy[rq]
			require.Equal(t, wantRdOk, l.RdOkO, "cycle %d: rd_ok_o", c)
			if wantRdOk {
				require.Equal(t, queues[rq][0].pd, l.RdPdO, "cycle %d: rd_pd_o", c)
			}
			for i := 0; i < p.N; i++ {
				require.Equal(t, uint32(len(queues[i])), l.CntO[i], "cycle %d: cnt_o[%d]", c, i)
				if len(queues[i]) > 0 {
					require.Equal(t, queues[i][0].cells, l.HeadLenO[i], "cycle %d: head_len_o[%d]", c, i)
				}
			}
			wantFree := len(free)
			if released >= 0 {
				wantFree++
			}
			require.Equal(t, uint32(wantFree), l.FreeO, "cycle %d: free_o", c)
			l.Commit()
			require.NoError(t, l.Err(), "cycle %d", c)
			if !l.RstNI {
				resetRef()
				continue
			}
			next := rd{}
			if l.RdI && wantRdOk {
				busy[rq], next = true, rd{true, rq}
			}
			if l.LinkI && wantLinkOk {
				queues[lq] = append(queues[lq], pkt{free[0], l.LinkCellsI, l.LinkDataI})
				free = free[1:]
			}
			if released >= 0 {
				free = append(free, uint32(released))
			}
			line = append(line[1:], next)
		}
	}
}

// BenchmarkPDListsCycle measures one cycle linking and reading.
func BenchmarkPDListsCycle(b *testing.B) {
	l, _ := NewPDLists(PDListsParams{N: 64, P: 1024, Lat: 1, LW: 12, DW: 16})
	l.RstNI = true
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		l.LinkI, l.LinkQidI, l.LinkCellsI = true, uint32(i&63), 3
		l.RdI, l.RdQidI = true, uint32((i+5)&63)
		l.Eval()
		l.Commit()
	}
}
