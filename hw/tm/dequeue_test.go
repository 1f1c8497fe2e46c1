package tm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/mem"
)

// deqPD is the body of a packet of n cells (K=2) whose sub-list s is the
// cells s*100+i of its i-th element: heads s*100, tails s*100+len-1.
func deqPD(n int, serial uint32) mem.PD {
	v := nilPD
	v.Cells, v.Serial = uint16(n), serial
	for s := 0; s < min(n, 2); s++ {
		v.Heads[s] = int32(s * 100)
		v.Tails[s] = int32(s*100 + mem.SubListLen(n, 2, s) - 1)
	}
	return v
}

// deqOut is what a cycle of tm_dequeue drove.
type deqOut struct {
	cd, cp         []int32    // data and link read addresses, port order
	fa             [][3]int32 // the round's frees: fa_* after the cycle's edge (registered, DeqFreeLag)
	freed          int        // freed_o after the edge
	faNow          uint8      // fa_o during the cycle: the round of the cycle before's
	room, busy     bool
	ret            bool
	retPort, retCn int
}

// deqCycle runs one cycle: an unlink when unl is not nil, the link reads
// answered as a chase of consecutive cells (x → x+1), as u_cp_mem would
// for deqPD's sub-lists.
func deqCycle(t *testing.T, d *Dequeue, links []int32, unl *cellJob) deqOut {
	d.UnlI = unl != nil
	if unl != nil {
		d.UnlQidI, d.UnlPortI, d.UnlBodyI = uint16(unl.q), uint16(unl.port), unl.v
	}
	d.CpRdDataI = links
	d.Eval()
	var o deqOut
	for s := 0; s < d.CdNO; s++ {
		require.True(t, d.CdRdEnO>>uint(s)&1 != 0)
		o.cd = append(o.cd, d.CdRdAddrO[s])
	}
	for s := 0; s < d.RdNO; s++ {
		require.True(t, d.CpRdEnO>>uint(s)&1 != 0)
		o.cp = append(o.cp, d.CpRdAddrO[s])
		links[s] = d.CpRdAddrO[s] + 1 // read back next cycle
	}
	o.faNow, o.room, o.busy = d.FaO, d.RoomO, d.BusyO
	o.ret, o.retPort, o.retCn = d.RetValidO, int(d.RetPortO), d.RetCntO
	d.Commit()
	require.NoError(t, d.Err())
	for s := 0; s < 2; s++ {
		if d.FaO>>uint(s)&1 != 0 {
			o.fa = append(o.fa, [3]int32{d.FaHeadO[s], d.FaTailO[s], d.FaNO[s]})
		}
	}
	o.freed = d.FreedO
	return o
}

func newTestDequeue(chain bool) *Dequeue {
	c := DefaultConfig()
	c.K, c.FreeMode = 2, FreeCell
	if chain {
		c.FreeMode = FreeChain
	}
	c.CP = MemConfig{ReadPorts: 4, WritePorts: 2, ReadLatency: 1}
	c.CD = MemConfig{ReadPorts: 2, WritePorts: 2, ReadLatency: 1}
	return newDequeue(&c)
}

// TestDequeuePorts: a 5-cell packet (K=2) unlinked into an empty job FIFO
// runs round 0 in the unlink's cycle from its PD's heads, then rounds 1
// and 2 from the links read (cp_rd_data_i, port s for sub-list s); a
// round reads the link of a sub-list that goes on only; per cell, stage F
// frees the round's cells, a cycle later (the free registers,
// DeqFreeLag); ret_* show each round one cycle later; a
// packet unlinked meanwhile waits in the FIFO, and a one-round packet
// reads no link.
func TestDequeuePorts(t *testing.T) {
	d := newTestDequeue(false)
	links := make([]int32, 4)
	o := deqCycle(t, d, links, &cellJob{q: 3, port: 1, v: deqPD(5, 9)})
	assert.Equal(t, []int32{0, 100}, o.cd, "round 0: the heads")
	assert.Equal(t, []int32{0, 100}, o.cp, "both sub-lists go on")
	assert.Equal(t, [][3]int32{{0, 0, 1}, {100, 100, 1}}, o.fa)
	assert.Equal(t, 2, o.freed)
	assert.Zero(t, o.faNow, "cycle 0: fa_o is registered, the round's frees show from cycle 1")
	assert.False(t, o.ret)
	assert.True(t, o.busy)
	o = deqCycle(t, d, links, &cellJob{q: 4, port: 0, v: deqPD(2, 10)})
	assert.Equal(t, []int32{1, 101}, o.cd, "round 1: the links read")
	assert.Equal(t, []int32{1}, o.cp, "only sub-list 0 goes on (cell 4)")
	assert.True(t, o.ret)
	assert.Equal(t, 1, o.retPort)
	assert.Equal(t, 2, o.retCn)
	assert.Equal(t, uint8(3), o.faNow, "cycle 1: round 0's frees")
	o = deqCycle(t, d, links, nil)
	assert.Equal(t, []int32{2}, o.cd)
	assert.Empty(t, o.cp)
	assert.Equal(t, 1, o.freed)
	o = deqCycle(t, d, links, nil)
	assert.Equal(t, []int32{0, 100}, o.cd, "the waiting packet: one round")
	assert.Empty(t, o.cp, "n <= K: no link read")
	assert.Equal(t, 1, o.retCn, "the last round of the first packet comes back")
	assert.False(t, o.busy)
	o = deqCycle(t, d, links, nil)
	assert.Empty(t, o.cd)
	assert.True(t, o.ret)
	assert.Equal(t, 0, o.retPort)
	o = deqCycle(t, d, links, nil)
	assert.False(t, o.ret)
	assert.True(t, o.room)
}

// TestDequeueChain: in chain mode nothing is freed until the packet's last
// round, which frees its K sub-lists whole (head, tail, length).
func TestDequeueChain(t *testing.T) {
	d := newTestDequeue(true)
	links := make([]int32, 4)
	o := deqCycle(t, d, links, &cellJob{q: 0, v: deqPD(5, 1)})
	assert.Empty(t, o.fa)
	assert.Equal(t, 0, o.freed)
	deqCycle(t, d, links, nil)
	o = deqCycle(t, d, links, nil)
	assert.Equal(t, [][3]int32{{0, 2, 3}, {100, 101, 2}}, o.fa)
	assert.Equal(t, 5, o.freed)
}

// TestDequeueRoom: room_o falls when the FIFO holds JD = 4 jobs after the
// cycle (a push with no packet finishing), and busy_o tells jobs remain.
func TestDequeueRoom(t *testing.T) {
	d := newTestDequeue(false)
	links := make([]int32, 4)
	var rooms []bool
	for i := 0; i < 5; i++ {
		var j *cellJob
		if i < 4 {
			j = &cellJob{q: i, v: deqPD(7, uint32(i))}
		}
		rooms = append(rooms, deqCycle(t, d, links, j).room)
	}
	// 7-cell packets take 4 rounds: the first finishes in cycle 3, as the
	// fourth arrives, so the FIFO never holds 4 after a cycle.
	assert.Equal(t, []bool{true, true, true, true, true}, rooms)
	d.UnlI, d.UnlBodyI = true, deqPD(7, 9)
	d.CpRdDataI = links
	d.Eval()
	assert.False(t, d.RoomO, "3 held, one more, none finishing: 4 after this cycle")
	assert.True(t, d.BusyO)
}
