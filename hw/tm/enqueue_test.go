package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/mem"
)

// enqBench is tm_enqueue's Go twin (K=2, IN=2) with its inputs as a
// stand-alone test drives them: u_adm's packed list and u_fl's head_i and
// cnt_i, which the test sets.
type enqBench struct {
	e                   *Enqueue
	qid, cells, serials []uint32
	cnt, head           []int32
}

func newEnqBench() *enqBench {
	c := DefaultConfig()
	c.K, c.B, c.MaxOffers, c.PushoutWait = 2, 64, 2, 0
	x := &enqBench{e: newEnqueue(&c), qid: make([]uint32, 2), cells: make([]uint32, 2), serials: make([]uint32, 2),
		cnt: make([]int32, 2), head: make([]int32, 2)}
	x.e.AdmQidI, x.e.AdmCellsI, x.e.AdmSerialI, x.e.CntI, x.e.HeadI, x.e.PopOkI = x.qid, x.cells, x.serials, x.cnt, x.head, 3
	x.e.CpRdLeftI = 4
	return x
}

// cycle admits pkts ({queue, cells, serial}) with the banks' counts and
// heads given, and returns the round's pops (bank → cell) and link.
func (x *enqBench) cycle(pkts [][3]uint32, cnt, head [2]int32) (pops map[int]int32, tags []uint64, busy bool, link *mem.PD, pd int32, q uint16) {
	e := x.e
	e.AdmNI = len(pkts)
	for i, p := range pkts {
		x.qid[i], x.cells[i], x.serials[i] = p[0], p[1], p[2]
	}
	copy(x.cnt, cnt[:])
	copy(x.head, head[:])
	e.Eval()
	e.Eval() // combinational: the same again
	pops = map[int]int32{}
	for b := 0; b < 2; b++ {
		if e.PopO>>uint(b)&1 != 0 {
			pops[b] = x.head[b]
		}
	}
	for j := 0; j < e.CdWrNO; j++ {
		tags = append(tags, e.CdWrDataO[j])
	}
	busy = e.BusyO
	if e.LinkO {
		v := e.LinkBodyO
		link, pd, q = &v, e.LinkPdO, e.LinkQidO
	}
	e.Commit()
	return
}

// TestEnqueuePorts drives tm_enqueue's Go twin alone and checks, cycle by
// cycle, the contract of its Verilog header: a packet admitted now loads
// the next-packet register now (the FIFO's bypass) and is taken, with its
// first round's decision, EnqTakeLag cycles later; a round decided in
// cycle c is done (pops, tags, link) in c+EnqGoLag from the banks' heads
// then; sub-list j comes from bank (j + rot) mod K, the rotation
// advancing per packet; the first round waits while a bank holds fewer
// cells than its sub-list; a round is all or nothing; the tags are
// {serial, cell index}; the last round links the PD at the packet's first
// cell with its heads and tails; busy_o is registered; packets leave the
// FIFO in order.
func TestEnqueuePorts(t *testing.T) {
	x := newEnqBench()
	// Cycle 0: a 3-cell packet of queue 5 (serial 7) is admitted: it loads
	// the next-packet register, no round (EnqTakeLag), though every bank
	// holds enough.
	pops, _, busy, link, _, _ := x.cycle([][3]uint32{{5, 3, 7}}, [2]int32{9, 9}, [2]int32{10, 11})
	assert.Empty(t, pops, "admitted now: taken EnqTakeLag cycles later")
	assert.False(t, busy)
	assert.Nil(t, link)
	// Cycle 1: taken; sub-lists of 2 and 1 cells from banks 0 and 1; bank
	// 0 holds only 1: no round decided. A second packet is admitted (it
	// loads the register the first leaves).
	pops, _, busy, link, _, _ = x.cycle([][3]uint32{{6, 1, 8}}, [2]int32{1, 9}, [2]int32{10, 11})
	assert.Empty(t, pops, "first round: bank 0 holds 1 cell of a 2-cell sub-list")
	assert.False(t, busy)
	assert.Nil(t, link)
	// Cycle 2: the packet was taken (busy_o); bank 0 holds 2 now: round 0
	// is decided, done next cycle (EnqGoLag).
	pops, _, busy, link, _, _ = x.cycle(nil, [2]int32{2, 9}, [2]int32{10, 11})
	assert.True(t, busy, "busy_o: registered")
	assert.Empty(t, pops, "round 0 decided now, done EnqGoLag cycles later")
	assert.Nil(t, link)
	// Cycle 3: round 0 pops 10 (bank 0) and 11 (bank 1); round 1 (bank 0)
	// is decided on bank 0's 2 cells less the 1 popped now.
	pops, tags, busy, link, _, _ := x.cycle(nil, [2]int32{2, 9}, [2]int32{10, 11})
	assert.True(t, busy)
	assert.Equal(t, map[int]int32{0: 10, 1: 11}, pops)
	assert.Equal(t, []uint64{tag(7, 0), tag(7, 1)}, tags)
	assert.Nil(t, link)
	// Cycle 4: round 1: cell 2 from bank 0 (head 12 now): the last,
	// linked. The second packet is taken and its round decided.
	pops, tags, _, link, pd, q := x.cycle(nil, [2]int32{1, 8}, [2]int32{12, 13})
	assert.Equal(t, map[int]int32{0: 12}, pops)
	assert.Equal(t, []uint64{tag(7, 2)}, tags)
	require.NotNil(t, link)
	assert.Equal(t, int32(10), pd, "the PD index is the first cell")
	assert.Equal(t, uint16(5), q)
	assert.Equal(t, uint16(3), link.Cells)
	assert.Equal(t, uint32(7), link.Serial)
	assert.Equal(t, []int32{10, 11}, link.Heads[:2])
	assert.Equal(t, []int32{12, 11}, link.Tails[:2])
	assert.Equal(t, mem.Nil, link.Heads[2])
	assert.Equal(t, mem.Nil, link.Next)
	// Cycle 5: the second packet (1 cell), rotation 1: bank 1.
	pops, _, _, link, pd, q = x.cycle(nil, [2]int32{0, 8}, [2]int32{0, 13})
	assert.Equal(t, map[int]int32{1: 13}, pops)
	require.NotNil(t, link)
	assert.Equal(t, int32(13), pd)
	assert.Equal(t, uint16(6), q)
	// Cycle 6: idle.
	pops, tags, busy, link, _, _ = x.cycle(nil, [2]int32{0, 7}, [2]int32{0, 14})
	assert.Empty(t, pops)
	assert.Empty(t, tags)
	assert.False(t, busy)
	assert.Nil(t, link)
	require.NoError(t, x.e.Err())
}

// TestEnqueueAllOrNothing: a round whose bank is empty is not decided
// (mid-packet too), nor one whose bank's last cell the round in flight
// pops (the decision's count less stage X's pops, EnqGoLag), and a round
// whose link reads do not fit in the reads left (Go only, CpRdLeftI)
// waits in stage X.
func TestEnqueueAllOrNothing(t *testing.T) {
	x := newEnqBench()
	pops, _, _, _, _, _ := x.cycle([][3]uint32{{1, 4, 1}}, [2]int32{2, 2}, [2]int32{0, 1})
	assert.Empty(t, pops, "admitted now: taken EnqTakeLag cycles later")
	pops, _, _, _, _, _ = x.cycle(nil, [2]int32{2, 2}, [2]int32{0, 1})
	assert.Empty(t, pops, "round 0 decided: done EnqGoLag cycles later")
	pops, _, _, _, _, _ = x.cycle(nil, [2]int32{1, 2}, [2]int32{0, 1})
	assert.Len(t, pops, 2, "round 0 done")
	pops, _, _, _, _, _ = x.cycle(nil, [2]int32{1, 0}, [2]int32{2, 3})
	assert.Empty(t, pops, "round 1 not decided last cycle: bank 0's 1 cell was popped then")
	pops, _, _, _, _, _ = x.cycle(nil, [2]int32{5, 5}, [2]int32{2, 3})
	assert.Empty(t, pops, "bank 1 was empty: round 1 decided only now")
	x.e.CpRdLeftI = 1
	pops, _, _, _, _, _ = x.cycle(nil, [2]int32{5, 5}, [2]int32{2, 3})
	assert.Empty(t, pops, "two link reads, one read port left: the round waits in stage X")
	x.e.CpRdLeftI = 2
	pops, _, _, link, _, _ := x.cycle(nil, [2]int32{5, 5}, [2]int32{2, 3})
	assert.Len(t, pops, 2)
	require.NotNil(t, link)
	assert.Equal(t, []int32{2, 3}, link.Tails[:2])
}
