package tm

import (
	"fmt"

	"occamy/hw/mem"
	"occamy/rtl"
)

// deqJobDepth is the dequeue's depth in unlinked packets waiting for their
// cell rounds (fixed).
const deqJobDepth = 4

// Dequeue is the dequeue pipeline of the paper's Fig. 10 after the PD
// read. Verilog: tm_dequeue. When the head-PD read the top issued for the
// scheduler's grant (stage C, issue.go) is back (unl_i), stage A unlinks
// it and queues the packet for its cell rounds (jobs_q, deqJobDepth
// packets; room_o is !jobs_q full); stage B runs one round of the oldest:
// up to k cell-data reads (cd_rd_*, tags checked) and k link reads
// (cp_rd_*, on u_cp_mem), and returns the data to the egress (ret_*);
// stage F appends the round's cells (per-cell mode) or the finished
// packet's sub-lists (chain mode) to the free list (fa_*, u_fl).
type Dequeue struct {
	jobsQ rtl.Ring[cellJob] // jobs_q: unlinked packets in their cell rounds

	faO     [mem.MaxK]int32 // fa_o: cells to free in stage F (per-cell mode)
	faN     int
	faJobO  cellJob // fa_*: the finished packet whose sub-lists stage F frees (chain mode)
	faJobOK bool
}

// cellJob is an unlinked packet going through its cell rounds: each round
// handles cells done..done+k-1, one per sub-list.
type cellJob struct {
	q, port int
	v       mem.PD
	cur     [mem.MaxK]int32 // next cell of each sub-list
	done    int             // cells handled
	ready   uint64          // first cycle the next round may run (cell-pointer read latency)
}

func (d *Dequeue) init() { d.jobsQ = rtl.NewRing[cellJob](deqJobDepth) }

// unlink (stage A, first) takes the packet whose head PD was unlinked.
func (d *Dequeue) unlink(m *TM) {
	now := m.cycle
	r := &m.deqRd
	m.deqPkts[r.q]++
	d.jobsQ.Push(cellJob{q: r.q, port: r.q / m.cfg.Q, v: r.v, cur: r.v.Heads, ready: now})
}

// roundSize returns, for a packet of n cells with done handled, the cells
// of the next round (one per sub-list) and how many of them need their
// cell pointer read (those with a successor in their sub-list). It is
// mem.SubListRound, shared with the port-level model of cp_sublists so that
// the Verilog chase and the TM's dequeue follow one formula.
func roundSize(n, done, k int) (cnt, reads int) { return mem.SubListRound(n, done, k) }

// round (stage B) runs one cell round of the oldest dequeued packet: for
// each of its next (up to) k cells, one per sub-list, read the cell's data
// (checking its tag), read its pointer if its sub-list goes on, and mark
// it to be freed in stage F (per-cell mode). The data reach the port
// CD.ReadLatency cycles later. After the last round, chain mode frees the
// packet's sub-lists in stage F.
func (d *Dequeue) round(m *TM) {
	if d.jobsQ.Len() == 0 {
		return
	}
	j := d.jobsQ.Front()
	now := m.cycle
	if j.ready > now {
		return
	}
	k, n := m.k, int(j.v.Cells)
	cnt, reads := roundSize(n, j.done, k)
	if reads > m.cp.ReadsLeft() || cnt > m.cd.ReadsLeft() {
		return
	}
	ret := dataRet{at: now + uint64(m.cfg.CD.ReadLatency), port: int32(j.port), qid: int32(j.q), cells: int32(cnt)}
	for s := 0; s < cnt; s++ {
		x, i := j.cur[s], j.done+s
		got, want := m.cd.Read(int(x)), tag(j.v.Serial, i)
		if got != want {
			m.fail(fmt.Errorf("cycle %d: queue %d: cell %d of packet %d read from cell %d holds tag %#x, want %#x",
				now, j.q, i, j.v.Serial, x, got, want))
		}
		ret.tags[s] = got
		if i+k < n {
			j.cur[s] = m.cp.Read(int(x))
		}
		if !m.chain {
			d.faO[d.faN] = x
			d.faN++
		}
	}
	j.done += cnt
	j.ready = m.cp.ReadyAt(now)
	if !m.retQ.Push(ret) {
		m.fail(fmt.Errorf("cycle %d: data-return ring full", m.cycle))
	}
	if j.done < n {
		return
	}
	if m.chain {
		d.faJobO = *j
		d.faJobOK = true
	}
	d.jobsQ.Pop()
}

// free (stage F) returns the cells the dequeue finished with this cycle to
// the free list, after the enqueue's pops: k cells in per-cell mode (one
// cell-pointer write each, none into an empty bank), or in chain mode one
// write per sub-list of the finished packet.
func (d *Dequeue) free(m *TM) {
	f := m.fl
	for i := 0; i < d.faN; i++ {
		f.FaI[i], f.FaHeadI[i], f.FaTailI[i], f.FaNI[i] = true, d.faO[i], d.faO[i], 1
	}
	m.freed(d.faN)
	d.faN = 0
	if !d.faJobOK {
		return
	}
	d.faJobOK = false
	j := &d.faJobO
	n := int(j.v.Cells)
	for s := 0; s < min(n, m.k); s++ {
		f.FaI[s], f.FaHeadI[s], f.FaTailI[s], f.FaNI[s] = true, j.v.Heads[s], j.v.Tails[s], int32(mem.SubListLen(n, m.k, s))
	}
	m.freed(n)
}
