package tm

import (
	"fmt"

	"occamy/hw/mem"
	"occamy/rtl"
)

// HDExec is the head-drop executor. Verilog: tm_hd_exec. It is pipelined
// in lanes, one per free-list bank (lanes.go):
//
//   - stage D takes the policy's grant (HDChoice, tm_hd_choice's
//     gnt_valid_o/gnt_idx_o) when it can take a packet (take_o: no
//     head-drop PD read in flight, every lane with room for one more entry
//     after this cycle's unlink, and the PD read port free after the
//     dequeue, pd_free_i), issues the head-PD read (pd_rd_o, the top's
//     hdRd) and locks the queue;
//   - at the unlink (stage A, after the dequeue's; unl_i, hd_valid_o) each
//     of the packet's min(n, K) sub-lists becomes one entry of the lane of
//     its bank (a sub-list lives in one bank);
//   - stage G serves, in bank order, each lane's oldest entry with the
//     cell-pointer ports the dequeue and the enqueue left idle (cp_rd_*,
//     ga_* to u_fl): in chain mode the whole sub-list is appended (one
//     write, none into an empty bank), in per-cell mode its current cell
//     is freed (one write, none into an empty bank) and, when the sub-list
//     goes on, its link is read (one read). A lane whose ports do not fit
//     is skipped; later lanes may still go.
//
// So packets overlap: while the lanes free one packet's cells, the next
// packet's PD is read and unlinked.
type HDExec struct {
	lanes  [mem.MaxK]rtl.Ring[hdEntry] // lane_q: per bank, sub-lists waiting, oldest first
	k      int
	held   int    // entries in all lanes: busy and room without scanning the lanes
	staleQ bool   // stale_q: the drop in flight was issued to a queue at or below its threshold
	pipe   HDPipe // this cycle's pipeline activity (Probe.HDPipe)

	servedSer  [mem.MaxK]uint32 // packets whose cells the lanes freed this cycle (coverage)
	servedPkts int
}

func (h *HDExec) init(k int) {
	h.k = k
	for b := 0; b < k; b++ {
		h.lanes[b] = rtl.NewRing[hdEntry](HDLaneDepth)
	}
}

// idle reports whether the executor can take a grant (stage D, before the
// PD port is asked): no head-drop read in flight, and every lane has room
// for one more entry after this cycle's unlink, so that the unlink of a
// read issued now always fits.
func (h *HDExec) idle(m *TM) bool { return !m.hdRd.valid && h.room() }

// pdFree is take_o's second term: a PD read port is still free after the
// dequeue. take_o is idle and pdFree: the executor takes a grant this
// cycle.
func (h *HDExec) pdFree(m *TM) bool { return m.pds.Mem.ReadsLeft() > 0 }

// start reads queue q's head PD for the executor and locks q (stage D).
func (h *HDExec) start(m *TM, q int) {
	_, v, err := m.pds.ReadHead(q)
	if err != nil {
		m.fail(err)
		return
	}
	m.locked.Set(q)
	h.staleQ = (m.pol == polOccamy || m.pol == polLQD) && !m.overNow(q)
	m.hdUse[MemPD].Reads++
	m.hdRd = pdRead{valid: true, q: q, v: v, ready: m.pds.Mem.ReadyAt(m.cycle)}
	h.pipe.Issued = true
}

// unlink (stage A, second) unlinks the head PD whose read is back and
// pushes each of the packet's sub-lists on its bank's lane.
func (h *HDExec) unlink(m *TM) {
	r := &m.hdRd
	now := m.cycle
	if !r.valid || r.ready > now {
		return
	}
	r.valid = false
	if !m.unlinkHead(r) {
		return
	}
	st := &m.stats.Queues[r.q]
	st.HeadDropped.Pkts++
	st.HeadDropped.Cells += uint64(r.v.Cells)
	m.event(EvHeadDrop, r.q, -1, r.v.Serial)
	m.out.HDValid, m.out.HDQid, m.out.HDCells = true, r.q, int(r.v.Cells)
	if h.staleQ {
		st.StaleHeadDropped.Pkts++
		st.StaleHeadDropped.Cells += uint64(r.v.Cells)
	}
	n := int(r.v.Cells)
	for s := 0; s < min(n, m.k); s++ {
		hd := r.v.Heads[s]
		b := m.fl.Bank(hd)
		if !h.lanes[b].Push(hdEntry{q: r.q, ser: r.v.Serial, cur: hd, tail: r.v.Tails[s], left: mem.SubListLen(n, m.k, s), ready: now}) {
			m.fail(fmt.Errorf("cycle %d: head drop of queue %d: lane %d full (%d entries) at the unlink", now, r.q, b, HDLaneDepth))
			continue
		}
		h.held++
	}
}

// cells (stage G) serves the lanes, in bank order, with the cell-pointer
// ports the dequeue and the enqueue left idle this cycle (see HDExec and
// HDLaneDepth).
func (h *HDExec) cells(m *TM) {
	p := &h.pipe
	now := m.cycle
	h.servedPkts = 0
	for b := 0; b < m.k; b++ {
		l := &h.lanes[b]
		if l.Len() == 0 {
			continue
		}
		p.Pending++
		e := l.Front()
		if !m.chain && e.ready > now {
			continue
		}
		p.Ready++
		w := m.fl.AppendWrites(b)
		if m.chain {
			if w > m.cp.WritesLeft() {
				p.Blocked++
				continue
			}
			m.fl.AppendChain(b, e.cur, e.tail, e.left)
			m.freed(e.left)
			p.Freed += e.left
			h.served(e.ser)
			l.Pop()
			h.held--
			p.Served++
			continue
		}
		r := 0
		if e.left > 1 {
			r = 1
		}
		if r > m.cp.ReadsLeft() || w > m.cp.WritesLeft() {
			p.Blocked++
			continue
		}
		x := e.cur
		if r == 1 {
			e.cur = m.cp.Read(int(x))
			e.ready = m.cp.ReadyAt(now)
		}
		m.fl.Append(x)
		m.freed(1)
		p.Freed++
		h.served(e.ser)
		p.Served++
		if e.left--; e.left == 0 {
			l.Pop()
			h.held--
		}
	}
}
