package tm

import (
	"fmt"

	"occamy/hw/mem"
)

// unlinkStage (stage A) unlinks the head PDs whose reads are back: the
// dequeue's first, then the head drop's. Unlinking moves the packet's cells
// from its queue's length to the in-flight count and unlocks the queue.
func (m *TM) unlinkStage() {
	now := m.cycle
	if r := &m.deqRd; r.valid && r.ready <= now {
		r.valid = false
		if !m.unlink(r) {
			return
		}
		m.deqPkts[r.q]++
		i := m.dh + m.dn
		if i >= deqJobDepth {
			i -= deqJobDepth
		}
		m.deqJobs[i] = cellJob{q: r.q, port: r.q / m.cfg.Q, v: r.v, cur: r.v.Heads, ready: now}
		m.dn++
	}
	if r := &m.hdRd; r.valid && r.ready <= now {
		r.valid = false
		if !m.unlink(r) {
			return
		}
		st := &m.stats.Queues[r.q]
		st.HeadDropped.Pkts++
		st.HeadDropped.Cells += uint64(r.v.Cells)
		m.event(EvHeadDrop, r.q, -1, r.v.Serial)
		m.out.HDValid, m.out.HDQid, m.out.HDCells = true, r.q, int(r.v.Cells)
		if m.hdStale {
			st.StaleHeadDropped.Pkts++
			st.StaleHeadDropped.Cells += uint64(r.v.Cells)
		}
		m.hdJob = cellJob{q: r.q, port: r.q / m.cfg.Q, v: r.v, cur: r.v.Heads, ready: now,
			chains: uint8(1<<min(int(r.v.Cells), m.k) - 1)}
		m.hdBusy = true
	}
}

// unlink advances queue r.q past its head and does the accounting.
func (m *TM) unlink(r *pdRead) bool {
	q, n := r.q, int(r.v.Cells)
	if err := m.pds.Unlink(q, r.v); err != nil {
		m.fail(err)
		return false
	}
	m.locked.Clear(q)
	if m.pds.Count[q] == 0 {
		m.nonEmpty.Clear(q)
	}
	m.qlen[q] -= uint32(n)
	if m.qlen[q] == 0 {
		m.active[q%m.cfg.Q]--
	}
	m.qChg.Set(q)
	m.qpkts[q]--
	m.sumQlen -= n
	m.sumPkts--
	m.inflight += n
	return true
}

// roundSize returns, for a packet of n cells with done handled, the cells
// of the next round (one per sub-list) and how many of them need their
// cell pointer read (those with a successor in their sub-list). It is
// mem.SubListRound, shared with the port-level model of cp_sublists so that
// the Verilog chase and the TM's dequeue follow one formula.
func roundSize(n, done, k int) (cnt, reads int) { return mem.SubListRound(n, done, k) }

// deqRound (stage B) runs one cell round of the oldest dequeued packet:
// for each of its next (up to) k cells, one per sub-list, read the cell's
// data (checking its tag), read its pointer if its sub-list goes on, and
// mark it to be freed in stage F (per-cell mode). The data reach the port
// CD.ReadLatency cycles later. After the last round, chain mode frees the
// packet's sub-lists in stage F.
func (m *TM) deqRound() {
	if m.dn == 0 {
		return
	}
	j := &m.deqJobs[m.dh]
	now := m.cycle
	if j.ready > now {
		return
	}
	k, n := m.k, int(j.v.Cells)
	cnt, reads := roundSize(n, j.done, k)
	if reads > m.cp.ReadsLeft() || cnt > m.cd.ReadsLeft() {
		return
	}
	for s := 0; s < cnt; s++ {
		x, i := j.cur[s], j.done+s
		if got, want := m.cd.Read(int(x)), tag(j.v.Serial, i); got != want {
			m.fail(fmt.Errorf("cycle %d: queue %d: cell %d of packet %d read from cell %d holds tag %#x, want %#x",
				now, j.q, i, j.v.Serial, x, got, want))
		}
		if i+k < n {
			j.cur[s] = m.cp.Read(int(x))
		}
		if !m.chain {
			m.freeBuf[m.nFree] = x
			m.nFree++
		}
	}
	j.done += cnt
	j.ready = m.cp.ReadyAt(now)
	m.pushRet(now+uint64(m.cfg.CD.ReadLatency), j.port, cnt)
	if j.done < n {
		return
	}
	if m.chain {
		m.freeJob = *j
		m.hasChain = true
	}
	m.dh++
	if m.dh == deqJobDepth {
		m.dh = 0
	}
	m.dn--
}

func (m *TM) pushRet(at uint64, port, cells int) {
	if m.rn == retDepth {
		m.fail(fmt.Errorf("cycle %d: data-return ring full", m.cycle))
		return
	}
	i := m.rh + m.rn
	if i >= retDepth {
		i -= retDepth
	}
	m.ret[i] = dataRet{at: at, port: int32(port), cells: int32(cells)}
	m.rn++
}

// deqIssue (stage C) asks the egress scheduler for a packet and reads its
// head PD. It needs a PD read port, no dequeue PD read in flight and room
// in the cell-round queue; the granted queue is locked until its unlink.
func (m *TM) deqIssue() {
	s := m.sch
	if m.deqRd.valid || m.dn >= deqJobDepth || !m.nonEmpty.Any() {
		s.ValidO, s.AckI = false, false
		return
	}
	for w := range s.EligI {
		s.EligI[w] = m.nonEmpty[w] &^ m.locked[w]
	}
	if m.drr {
		s.NonEmptyI = m.nonEmpty
	}
	s.PortRdyI = m.portRdy
	s.Eval()
	s.AckI = s.ValidO && m.pds.Mem.ReadsLeft() > 0
	if !s.AckI {
		return
	}
	q := int(s.QidO)
	_, v, err := m.pds.ReadHead(q)
	if err != nil {
		m.fail(err)
		return
	}
	if uint32(v.Cells) != m.pds.HeadLen[q] && m.pds.Mem.Err() == nil {
		m.fail(fmt.Errorf("cycle %d: queue %d: head PD holds %d cells, head length register %d", m.cycle, q, v.Cells, m.pds.HeadLen[q]))
	}
	m.locked.Set(q)
	m.deqRd = pdRead{valid: true, q: q, v: v, ready: m.pds.Mem.ReadyAt(m.cycle)}
	pt := &m.ports[q/m.cfg.Q]
	if pt.n == len(pt.ring) {
		m.fail(fmt.Errorf("cycle %d: port %d transmit ring full", m.cycle, q/m.cfg.Q))
		return
	}
	i := pt.head + pt.n
	if i >= len(pt.ring) {
		i -= len(pt.ring)
	}
	pt.ring[i] = txPkt{q: int32(q), cells: v.Cells, left: v.Cells, serial: v.Serial}
	pt.n++
	pt.pending += int(v.Cells)
	if pt.pending >= m.cfg.TxWindow {
		m.portRdy.Clear(q / m.cfg.Q)
	}
}

// deqFree (stage F) returns the cells the dequeue finished with this cycle
// to the free list, after the enqueue's pops: k cells in per-cell mode (one
// cell-pointer write each, none into an empty bank), or in chain mode one
// write per sub-list of the finished packet.
func (m *TM) deqFree() {
	for i := 0; i < m.nFree; i++ {
		m.fl.Append(m.freeBuf[i])
	}
	m.free += m.nFree
	m.inflight -= m.nFree
	m.nFree = 0
	if !m.hasChain {
		return
	}
	m.hasChain = false
	j := &m.freeJob
	n := int(j.v.Cells)
	for s := 0; s < min(n, m.k); s++ {
		h := j.v.Heads[s]
		m.fl.AppendChain(m.fl.Bank(h), h, j.v.Tails[s], mem.SubListLen(n, m.k, s))
	}
	m.free += n
	m.inflight -= n
}

// egress (stage H) delivers the cell data that are back to their ports and
// lets every port whose line is free send one cell; a port sends at most
// one cell every R cycles. A packet is transmitted when its last cell
// leaves.
func (m *TM) egress() {
	now := m.cycle
	for m.rn > 0 && m.ret[m.rh].at <= now {
		e := m.ret[m.rh]
		pt := &m.ports[e.port]
		pt.ready += int(e.cells)
		m.txBusy |= 1 << uint(e.port)
		m.txAt = min(m.txAt, max(now, pt.next))
		m.rh++
		if m.rh == retDepth {
			m.rh = 0
		}
		m.rn--
	}
	if now < m.txAt {
		return
	}
	r := uint64(m.cfg.R)
	at := ^uint64(0) // first cycle a port still busy after this one may send
	for busy := m.txBusy; busy != 0; busy &= busy - 1 {
		p := trailingZeros(uint64(busy))
		pt := &m.ports[p]
		if now < pt.next {
			at = min(at, pt.next)
			continue
		}
		pt.ready--
		pt.next = now + r
		if pt.ready == 0 {
			m.txBusy &^= 1 << uint(p)
		} else {
			at = min(at, pt.next)
		}
		pt.pending--
		if pt.pending < m.cfg.TxWindow {
			m.portRdy.Set(p)
		}
		h := &pt.ring[pt.head]
		m.out.EgValid |= 1 << uint(p)
		m.out.EgQid[p], m.out.EgTag[p] = h.q, tag(h.serial, int(h.cells-h.left))
		h.left--
		if h.left > 0 {
			continue
		}
		st := &m.stats.Queues[h.q]
		st.Transmitted.Pkts++
		st.Transmitted.Cells += uint64(h.cells)
		m.event(EvTransmit, int(h.q), -1, h.serial)
		m.deqPkts[h.q]--
		pt.head++
		if pt.head == len(pt.ring) {
			pt.head = 0
		}
		pt.n--
	}
	m.txAt = at
}
