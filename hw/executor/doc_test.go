package executor

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDocDiagrams replays the two timing diagrams of docs/hd_executor.md and
// checks every value they show, so the document cannot drift from the model.
func TestDocDiagrams(t *testing.T) {
	p := Params{N: 2, QW: 4, B: 8, P: 8}
	type row struct {
		x                              in
		head                           uint16 // q_head[1]
		ack                            bool
		cells, pkts, qlen, free        uint32
		freeHead, freeTail, pdFreeTail uint16
		write                          memWrite // cell_next append write
	}
	check := func(t *testing.T, e *Executor, rows []row) {
		for i, r := range rows {
			r.x.apply(e)
			e.Eval()
			s := e.State()
			require.Equal(t, r.head, e.qHead[1], "cycle c+%d: q_head[1]", i)
			require.Equal(t, r.ack, e.DropAckO, "cycle c+%d: drop_ack_o", i)
			require.Equal(t, r.cells, e.DropCellsO, "cycle c+%d: drop_cells_o", i)
			require.Equal(t, r.qlen, e.QlenO(1), "cycle c+%d: qlen_o[1]", i)
			require.Equal(t, r.free, e.FreeO(), "cycle c+%d: free_o", i)
			require.Equal(t, r.freeTail, s.FreeTailQ, "cycle c+%d: free_tail_q", i)
			if r.pkts != ^uint32(0) {
				require.Equal(t, r.pkts, e.Pkts(1), "cycle c+%d: q_pkts[1]", i)
				require.Equal(t, r.freeHead, s.FreeHeadQ, "cycle c+%d: free_head_q", i)
				require.Equal(t, r.pdFreeTail, s.PdFreeTailQ, "cycle c+%d: pd_free_tail_q", i)
			}
			require.Equal(t, r.write, e.w.cellApp, "cycle c+%d: cell_next append write", i)
			e.Commit()
			require.NoError(t, e.Check())
		}
	}
	t.Run("one head drop", func(t *testing.T) {
		e, err := New(p)
		require.NoError(t, err)
		stepAll(t, e, pkt(0), cell(1), pkt(1)) // X=[0] PD0 on q0, A=[1,2] PD1 on q1
		check(t, e, []row{
			{in{}, 1, false, 0, 1, 2, 5, 3, 7, 7, memWrite{}},
			{drop(1), 1, true, 2, 1, 2, 5, 3, 7, 7, memWrite{en: true, addr: 7, data: 1}},
			{in{}, 2, false, 0, 0, 0, 7, 3, 2, 1, memWrite{}},
		})
	})
	t.Run("back-to-back drops", func(t *testing.T) {
		e, err := New(p)
		require.NoError(t, err)
		// X=[0] PD0 on q0; A=[1,2] PD1, B=[3] PD2, C=[4,5,6] PD3 on q1
		stepAll(t, e, pkt(0), cell(1), pkt(1), pkt(1), cell(1), cell(1), pkt(1))
		const skip = ^uint32(0)
		check(t, e, []row{
			{drop(1), 1, true, 2, skip, 6, 1, 0, 7, 0, memWrite{en: true, addr: 7, data: 1}},
			{drop(1), 2, true, 1, skip, 4, 3, 0, 2, 0, memWrite{en: true, addr: 2, data: 3}},
			{drop(1), 3, true, 3, skip, 3, 4, 0, 3, 0, memWrite{en: true, addr: 3, data: 4}},
			{drop(1), 4, false, 0, skip, 0, 7, 0, 6, 0, memWrite{}},
			{in{}, 4, false, 0, skip, 0, 7, 0, 6, 0, memWrite{}},
		})
	})
}
