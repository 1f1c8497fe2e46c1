package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/mem"
)

func newTestHDExec(chain bool) *HDExec {
	c := DefaultConfig()
	c.K, c.FreeMode = 2, FreeCell
	if chain {
		c.FreeMode = FreeChain
	}
	c.CP = MemConfig{ReadPorts: 4, WritePorts: 2, ReadLatency: 1}
	h := newHDExec(&c)
	h.CpRdDataI, h.NeFI = make([]int32, 4), 0b11
	return h
}

// hdBody is a packet of n cells (K=2) whose sub-list s starts at cell
// heads[s] (bank heads[s] mod 2) and ends at tails[s].
func hdBody(n int, heads, tails []int32) mem.PD {
	v := nilPD
	v.Cells, v.Serial = uint16(n), uint32(n)
	copy(v.Heads[:], heads)
	copy(v.Tails[:], tails)
	return v
}

// hdG is what stage G drove.
type hdG struct {
	ga     [][3]int32  // per lane served: head, tail, n (lane = index into a map below)
	front  [2][3]int32 // ga_head_o, ga_tail_o, ga_n_o of each lane, served or not
	lanes  []int
	rd     []int32
	rdPort []int
	freed  int
	pipe   HDPipe
	busy   bool // busy_o during the cycle (a register's output: the edge moves it)
}

// hdCycle runs a cycle of tm_hd_exec: an unlink (body non-nil), stage D
// with the grant (gnt ≥ 0), stage G with the ports left; it returns
// take_o, pd_rd_o and stage G's outputs.
func hdCycle(t *testing.T, h *HDExec, body *mem.PD, gnt int, pdFree bool, rdLeft, wrLeft int) (take, rd bool, g hdG) {
	h.UnlI = body != nil
	if body != nil {
		h.UnlBodyI = *body
	}
	h.PdFreeI, h.GntValidI, h.GntIdxI = pdFree, gnt >= 0, uint16(max(gnt, 0))
	h.EvalTake()
	h.EvalIssue()
	take, rd = h.TakeO, h.PdRdO
	// The dequeue reads on port 0 (rd_deq_i 1); rdLeft reads and wrLeft
	// writes are left for the lanes.
	h.RdDeqI, h.RdLeftI, h.FWrNI = 1, 1+rdLeft, h.wp-wrLeft
	h.EvalCells()
	h.EvalCells() // combinational: the same again
	for b := 0; b < 2; b++ {
		g.front[b] = [3]int32{h.GaHeadO[b], h.GaTailO[b], h.GaNO[b]}
		if h.GaO>>uint(b)&1 != 0 {
			g.lanes = append(g.lanes, b)
			g.ga = append(g.ga, [3]int32{h.GaHeadO[b], h.GaTailO[b], h.GaNO[b]})
		}
	}
	n := 0
	for p := 0; p < len(h.CpRdAddrO); p++ {
		if h.CpRdEnO>>uint(p)&1 != 0 {
			require.GreaterOrEqual(t, p, h.RdDeqI, "a read on a port the dequeue takes")
			require.NotZero(t, h.CpRdAskO>>uint(p)&1, "a read on port %d not asked for (cp_rd_ask_o)", p)
			g.rd = append(g.rd, h.CpRdAddrO[p])
			g.rdPort = append(g.rdPort, p)
			n++
		}
	}
	require.Equal(t, n, h.RdNO, "rd_n_o counts cp_rd_en_o's bits")
	g.freed, g.pipe, g.busy = h.FreedO, h.PipeO, h.BusyO
	h.Commit()
	require.NoError(t, h.Err())
	return
}

// TestHDExecPorts (per cell, K=2): take_o and pd_rd_o in stage D; the
// unlink's sub-lists go to stage A's register, and the next cycle each
// joins its bank's lane and is served at once; a lane frees one cell a
// cycle, reading its link on the ports from the last down while the
// sub-list goes on, the next cell being that read's data; a
// lane that needs a write with none left is skipped and a later lane
// still goes; a blocked lane keeps the cell read back for it.
func TestHDExecPorts(t *testing.T) {
	h := newTestHDExec(false)
	take, rd, _ := hdCycle(t, h, nil, 3, false, 4, 2)
	assert.False(t, take, "no PD port: no take")
	assert.False(t, rd)
	take, rd, _ = hdCycle(t, h, nil, 3, true, 4, 2)
	assert.True(t, take)
	assert.True(t, rd, "pd_rd_o: the grant and take_o")
	assert.Equal(t, uint16(3), h.PdRdQidO)
	// The read is back: 3 cells, sub-list 0 = 10 → 12 (bank 0), sub-list 1
	// = 21 (bank 1).
	body := hdBody(3, []int32{10, 21}, []int32{12, 21})
	_, _, g := hdCycle(t, h, &body, -1, true, 4, 2)
	assert.Empty(t, g.ga, "the unlink's cycle: its sub-lists go to stage A's register")
	assert.True(t, h.HeldO)
	assert.False(t, g.busy, "busy_o: registered, nothing held at the start of the cycle")
	_, _, g = hdCycle(t, h, nil, -1, true, 4, 2)
	assert.Equal(t, []int{0, 1}, g.lanes)
	assert.Equal(t, [][3]int32{{10, 10, 1}, {21, 21, 1}}, g.ga, "one cell per lane, pushed and served the cycle after the unlink")
	assert.Equal(t, []int32{10}, g.rd, "lane 0's sub-list goes on: its link")
	assert.Equal(t, []int{3}, g.rdPort, "on the last port (cpdown: the executor's ports from the top)")
	assert.Equal(t, 2, g.freed)
	assert.True(t, g.busy, "busy_o: stage A's register held the packet")
	// Lane 0's next cell is the read's data (port 1): 12. No write left and
	// bank 0 not empty: blocked; the cell is kept.
	h.CpRdDataI[3] = 12
	_, _, g = hdCycle(t, h, nil, -1, true, 4, 0)
	assert.Empty(t, g.ga)
	assert.Equal(t, HDPipe{Room: true, Pending: 1, Ready: 1, Blocked: 1}, g.pipe)
	assert.True(t, g.busy)
	// ga_*: a blocked lane still shows its front chain (issue 29, flg: the
	// free list adds it beside the decision, ga_o selects), an empty one 0.
	assert.Equal(t, [2][3]int32{{12, 12, 1}, {}}, g.front, "ga_head_o, ga_tail_o, ga_n_o per lane while lane 0 is blocked")
	h.CpRdDataI[3] = 99 // another read's data: the lane kept 12
	_, _, g = hdCycle(t, h, nil, -1, true, 4, 2)
	assert.Equal(t, [][3]int32{{12, 12, 1}}, g.ga)
	assert.Empty(t, g.rd, "its last cell: no read")
	_, _, g = hdCycle(t, h, nil, -1, true, 4, 2)
	assert.Empty(t, g.ga)
	assert.False(t, g.busy)
	assert.Equal(t, [2][3]int32{}, g.front, "ga_*: 0 once no lane holds a chain")
}

// TestHDExecSkips: a lane blocked for lack of a write port (its bank not
// empty) does not stop a later lane whose bank is empty (no write
// needed); a lane needing a link read with none left is blocked while
// one freeing its last cell goes.
func TestHDExecSkips(t *testing.T) {
	h := newTestHDExec(false)
	h.NeFI = 0b01
	body := hdBody(2, []int32{10, 21}, []int32{10, 21})
	hdCycle(t, h, &body, -1, true, 4, 0)
	_, _, g := hdCycle(t, h, nil, -1, true, 4, 0)
	assert.Equal(t, []int{1}, g.lanes, "lane 0 skipped, lane 1 (empty bank) goes")
	assert.Equal(t, 1, g.pipe.Blocked)
	h.NeFI = 0
	// A 3-cell packet: sub-list 0 (2 cells from 31, bank 1), sub-list 1
	// (cell 20, bank 0); no read port left.
	body = hdBody(3, []int32{31, 20}, []int32{33, 20})
	_, _, g = hdCycle(t, h, &body, -1, true, 0, 2)
	assert.Equal(t, [][3]int32{{10, 10, 1}}, g.ga, "lane 0 frees cell 10, its sub-list's last; the packet goes to stage A's register")
	_, _, g = hdCycle(t, h, nil, -1, true, 0, 2)
	assert.Equal(t, [][3]int32{{20, 20, 1}}, g.ga, "lane 0: cell 20, pushed and served; lane 1's goes on: no read port, blocked")
	assert.Equal(t, 1, g.pipe.Blocked)
	_, _, g = hdCycle(t, h, nil, -1, true, 1, 2)
	assert.Equal(t, [][3]int32{{31, 31, 1}}, g.ga, "a read port: lane 1 goes")
	assert.Equal(t, []int32{31}, g.rd)
}

// TestHDExecChain: chain mode appends each sub-list whole, one per lane,
// the cycle after the unlink.
func TestHDExecChain(t *testing.T) {
	h := newTestHDExec(true)
	body := hdBody(5, []int32{10, 21}, []int32{14, 23})
	hdCycle(t, h, &body, -1, true, 0, 2)
	_, _, g := hdCycle(t, h, nil, -1, true, 0, 2)
	assert.Equal(t, [][3]int32{{10, 14, 3}, {21, 23, 2}}, g.ga)
	assert.Empty(t, g.rd)
	assert.Equal(t, 5, g.freed)
	assert.False(t, h.HeldO)
}

// TestHDExecRoom: the executor takes no grant while a lane could hold
// HDLaneDepth entries once the read's push lands: its entries, this
// cycle's push (stage A's register) and the unlink's (counted on every
// lane).
func TestHDExecRoom(t *testing.T) {
	h := newTestHDExec(false)
	for i := 0; i < HDLaneDepth-1; i++ {
		body := hdBody(1, []int32{int32(2 * (10 + i))}, []int32{int32(2 * (10 + i))})
		take, _, _ := hdCycle(t, h, &body, -1, true, 4, 0)
		assert.True(t, take, "entry %d", i)
	}
	body := hdBody(1, []int32{40}, []int32{40})
	take, _, _ := hdCycle(t, h, &body, -1, true, 4, 0)
	assert.False(t, take, "lane 0: 2 entries, a push, the unlink: %d", HDLaneDepth)
	assert.False(t, h.RoomO)
}

// TestHDExecAsksNotGranted: a lane counts against the budgets of the
// lanes after it whether or not it goes (so no lane waits for another's
// decision); its read port stays idle when it does not go.
func TestHDExecAsksNotGranted(t *testing.T) {
	h := newTestHDExec(false)
	h.NeFI = 0b01
	// A 6-cell packet: two sub-lists of 3 cells, each going on (link reads).
	body := hdBody(6, []int32{10, 21}, []int32{14, 25})
	hdCycle(t, h, &body, -1, true, 4, 0)
	_, _, g := hdCycle(t, h, nil, -1, true, 2, 0)
	assert.Equal(t, []int{1}, g.lanes, "lane 0 has no write; lane 1's bank is empty: it goes")
	assert.Equal(t, []int{2}, g.rdPort, "lane 1 reads on port 2: lane 0 asked for the last port, 3")
	assert.Equal(t, uint64(0b1100), h.CpRdAskO, "cp_rd_ask_o: lane 0's port too, though it does not go")
	assert.Equal(t, int32(10), h.CpRdAddrO[3], "cp_rd_addr_o: lane 0's cell on its port, though it does not go")
	assert.Equal(t, []int32{21}, g.rd)
	h.NeFI &^= 1
	h.CpRdDataI[2] = 23
	_, _, g = hdCycle(t, h, nil, -1, true, 1, 0)
	assert.Equal(t, []int{0}, g.lanes, "one read left: lane 0 takes it, lane 1 asks behind it")
	assert.Equal(t, []int{3}, g.rdPort)
	assert.Equal(t, 1, g.pipe.Blocked)
}
