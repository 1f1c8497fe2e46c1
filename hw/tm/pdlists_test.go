package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/mem"
)

// TestPDListsPorts drives tm_pd_lists' Go twin alone (N=4) through a
// sequence of cycles, each with an unlink, a head read and a link at most
// (the stage order A, C/D, E), and checks every output: nonempty_o and
// head_len_o after the unlink in the same cycle (head_len_o 0 when
// empty), rd_pd_o the head after the unlink, link_pred_o and link_tail_o,
// cnt_o registered; a link behind the PD whose read is issued in the same
// cycle is forwarded to the next cycle's unlink, whose stale
// unl_next_i is then ignored.
func TestPDListsPorts(t *testing.T) {
	type op struct {
		q         int
		pd        int32 // link: the PD; unlink: unl_next_i
		cells     uint32
		nextCells uint32
	}
	type cyc struct {
		unl, rd, link *op
		nonempty      uint64
		headLen       [4]uint32
		rdPd          int32
		pred          bool
		tail          int32
		cnt           [4]int32 // cnt_o this cycle (registered)
	}
	seq := []cyc{
		/* 0 */ {link: &op{q: 1, pd: 10, cells: 3}, nonempty: 0, pred: false, tail: mem.Nil},
		/* 1 */ {link: &op{q: 1, pd: 20, cells: 5}, nonempty: 0b0010, headLen: [4]uint32{0, 3, 0, 0}, pred: true, tail: 10, cnt: [4]int32{0, 1, 0, 0}},
		/* 2 */ {rd: &op{q: 1}, nonempty: 0b0010, headLen: [4]uint32{0, 3, 0, 0}, rdPd: 10, tail: mem.Nil, cnt: [4]int32{0, 2, 0, 0}},
		// The read of cycle 2 returns: PD 10's link is 20 (5 cells); queue
		// 1 is read again in the unlink's cycle, at its new head, and a
		// link to queue 1 goes behind PD 20, being read: forwarded.
		/* 3 */ {unl: &op{q: 1, pd: 20, nextCells: 5}, rd: &op{q: 1}, link: &op{q: 1, pd: 30, cells: 2},
			nonempty: 0b0010, headLen: [4]uint32{0, 5, 0, 0}, rdPd: 20, pred: true, tail: 20, cnt: [4]int32{0, 2, 0, 0}},
		// PD 20's word was read before the link: its link is stale (Nil).
		/* 4 */ {unl: &op{q: 1, pd: mem.Nil}, nonempty: 0b0010, headLen: [4]uint32{0, 2, 0, 0}, tail: mem.Nil, cnt: [4]int32{0, 2, 0, 0}},
		/* 5 */ {rd: &op{q: 1}, link: &op{q: 2, pd: 40, cells: 7}, nonempty: 0b0010, headLen: [4]uint32{0, 2, 0, 0}, rdPd: 30, tail: mem.Nil, cnt: [4]int32{0, 1, 0, 0}},
		/* 6 */ {unl: &op{q: 1, pd: mem.Nil}, link: &op{q: 1, pd: 50, cells: 1}, nonempty: 0b0100, headLen: [4]uint32{0, 0, 7, 0}, pred: false, tail: mem.Nil, cnt: [4]int32{0, 1, 1, 0}},
		/* 7 */ {nonempty: 0b0110, headLen: [4]uint32{0, 1, 7, 0}, tail: mem.Nil, cnt: [4]int32{0, 1, 1, 0}},
	}
	l := newPDLists(4)
	for cy, x := range seq {
		l.UnlI, l.RdI, l.LinkI = x.unl != nil, x.rd != nil, x.link != nil
		if x.unl != nil {
			l.UnlOhI, l.UnlNextI, l.UnlNlenI = bitsOf(x.unl.q), x.unl.pd, x.unl.nextCells
		}
		if x.rd != nil {
			l.RdQidI = uint16(x.rd.q)
		}
		if x.link != nil {
			l.LinkQidI, l.LinkPdI, l.LinkCellsI = uint16(x.link.q), x.link.pd, x.link.cells
		}
		assert.Equal(t, x.cnt[:], l.CntO, "cycle %d: cnt_o", cy)
		l.EvalUnlink()
		l.EvalUnlink() // combinational: the same again
		assert.Equal(t, x.nonempty, l.NonemptyO[0], "cycle %d: nonempty_o", cy)
		assert.Equal(t, x.headLen[:], l.HeadLenO, "cycle %d: head_len_o", cy)
		l.EvalRd()
		if x.rd != nil {
			assert.Equal(t, x.rdPd, l.RdPdO, "cycle %d: rd_pd_o", cy)
		}
		l.EvalLink()
		if x.link != nil {
			assert.Equal(t, x.pred, l.LinkPredO, "cycle %d: link_pred_o", cy)
			if x.pred {
				assert.Equal(t, x.tail, l.LinkTailO, "cycle %d: link_tail_o", cy)
			}
		}
		l.Commit()
		require.NoError(t, l.Err(), "cycle %d", cy)
	}
}

// TestPDListsEvalAgain: an unlink evaluated, then evaluated again without
// it (a changed input in the same cycle), leaves head_len_o and
// nonempty_o as if it had never been.
func TestPDListsEvalAgain(t *testing.T) {
	l := newPDLists(2)
	l.LinkI, l.LinkQidI, l.LinkPdI, l.LinkCellsI = true, 0, 4, 6
	l.EvalUnlink()
	l.EvalLink()
	l.Commit()
	l.LinkI, l.RdI, l.RdQidI = false, true, 0
	l.EvalUnlink()
	l.EvalRd()
	l.Commit()
	l.RdI = false
	l.UnlI, l.UnlOhI, l.UnlNextI = true, bitsOf(0), mem.Nil
	l.EvalUnlink()
	require.Equal(t, uint32(0), l.HeadLenO[0])
	require.False(t, l.NonemptyO.Test(0))
	l.UnlI = false
	l.EvalUnlink()
	assert.Equal(t, uint32(6), l.HeadLenO[0])
	assert.True(t, l.NonemptyO.Test(0))
	assert.True(t, l.LockedO.Test(0), "the read is still in flight")
}

// TestPDListsMisuse: an unlink without a read and a read of an empty
// queue are reported (what the Verilog asserts).
func TestPDListsMisuse(t *testing.T) {
	l := newPDLists(2)
	l.RdI, l.RdQidI = true, 1
	l.EvalUnlink()
	l.EvalRd()
	l.Commit()
	assert.ErrorContains(t, l.Err(), "head read of queue 1 with 0 PDs")
	l = newPDLists(2)
	l.UnlI, l.UnlOhI = true, bitsOf(0)
	l.EvalUnlink()
	l.Commit()
	assert.ErrorContains(t, l.Err(), "unlink of queue 0 without a head read")
}
