package tm

import (
	"fmt"

	"occamy/hw/mem"
)

// admit decides every packet offered this cycle, in Offer order (stage 1).
// An admitted packet is accounted at once (its queue length grows and the
// free count shrinks by its cells) and waits in the enqueue ring for its
// cells to be popped and its PD linked.
func (m *TM) admit() {
	if m.nOff > len(m.offers) {
		m.fail(fmt.Errorf("cycle %d: %d packets offered, MaxOffers is %d", m.cycle, m.nOff, len(m.offers)))
		m.nOff = len(m.offers)
	}
	m.out.NIn = m.nOff
	for i := 0; i < m.nOff; i++ {
		m.out.InOK[i] = false
		a := m.offers[i]
		if a.Queue < 0 || a.Queue >= m.n {
			m.fail(fmt.Errorf("cycle %d: arrival %d: queue %d outside 0..%d", m.cycle, i, a.Queue, m.n-1))
			continue
		}
		if a.Cells < 1 || a.Cells > m.cfg.MaxPkt {
			m.fail(fmt.Errorf("cycle %d: arrival %d: %d cells outside 1..%d (MaxPkt)", m.cycle, i, a.Cells, m.cfg.MaxPkt))
			continue
		}
		q, n := a.Queue, a.Cells
		st := &m.stats.Queues[q]
		st.Arrived.Pkts++
		st.Arrived.Cells += uint64(n)
		if m.pol == polPushout && n > m.free {
			m.pushOut(q, n)
		}
		d := m.adm.Decide(q, n, m.qlen[q], m.free, m.maxQ)
		if !d.Admitted() || m.en == len(m.enq) {
			st.AdmDropped.Pkts++
			st.AdmDropped.Cells += uint64(n)
			m.event(EvAdmDrop, q, i, 0)
			continue
		}
		st.Admitted.Pkts++
		st.Admitted.Cells += uint64(n)
		if m.qlen[q] == 0 {
			m.active[q%m.cfg.Q]++
		}
		m.qlen[q] += uint32(n)
		m.qChg.Set(q)
		m.qpkts[q]++
		m.enqWait[q]++
		m.free -= n
		m.unpopped += n
		m.sumQlen += n
		m.sumPkts++
		if uint64(m.qlen[q]) > st.MaxLen.Cells {
			st.MaxLen.Cells = uint64(m.qlen[q])
		}
		if uint64(m.qpkts[q]) > st.MaxLen.Pkts {
			st.MaxLen.Pkts = uint64(m.qpkts[q])
		}
		if t := &m.stats.Total.MaxLen; uint64(m.sumQlen) > t.Cells {
			t.Cells = uint64(m.sumQlen)
		}
		if t := &m.stats.Total.MaxLen; uint64(m.sumPkts) > t.Pkts {
			t.Pkts = uint64(m.sumPkts)
		}
		m.serial++
		m.out.InOK[i] = true
		m.event(EvAdmit, q, i, m.serial)
		i := m.eh + m.en
		if i >= len(m.enq) {
			i -= len(m.enq)
		}
		m.enq[i] = enqPkt{q: int32(q), cells: uint16(n), serial: m.serial}
		m.en++
	}
}

// tag is the content the model writes in cell i of packet serial, checked
// when the cell is read.
func tag(serial uint32, i int) uint64 { return uint64(serial)<<16 | uint64(i) }

// enqueueRound runs one round of the enqueue engine (stage E): pop up to k
// cells, one per sub-list, each from its own free bank, write their data,
// and when the packet has all its cells write and link its PD.
//
// Ports, after the dequeue: one cell-pointer read per popped cell that is
// not its bank's last (the chase for the bank's next head), one cell-data
// write per cell, and at the end one PD write (two when the queue is not
// empty: the predecessor's link). A round is all or nothing: it waits if a
// bank it needs is empty or its head is not back yet, or ports are short.
//
// A packet's first round also waits until every bank it uses holds that
// sub-list's whole length: then each sub-list is a run of consecutive cells
// of one bank's chain, whose links are already written, even if the bank
// is refilled while the packet is being allocated. (Popping a bank's last
// cell and continuing after a refill would need a link write.)
func (m *TM) enqueueRound() {
	a := &m.alloc
	if !a.active {
		if m.en == 0 {
			return
		}
		a.active = true
		a.pkt = m.enq[m.eh]
		a.done = 0
		a.rot = m.rot
		m.rot = (m.rot + 1) & (m.k - 1)
		m.eh++
		if m.eh == len(m.enq) {
			m.eh = 0
		}
		m.en--
	}
	k, n := m.k, int(a.pkt.cells)
	cnt := min(k, n-a.done)
	reads := 0
	for j := 0; j < cnt; j++ {
		b := (j + a.rot) & (k - 1)
		ok, needs := m.fl.CanPop(b)
		if !ok || a.done == 0 && int(m.fl.Count[b]) < mem.SubListLen(n, k, j) {
			return
		}
		if needs {
			reads++
		}
	}
	if reads > m.cp.ReadsLeft() || cnt > m.cd.WritesLeft() {
		return
	}
	last := a.done+cnt == n
	q := int(a.pkt.q)
	if last && m.pds.LinkWrites(q) > m.pds.Mem.WritesLeft() {
		return
	}
	for j := 0; j < cnt; j++ {
		x, err := m.fl.Pop((j + a.rot) & (k - 1))
		if err != nil {
			m.fail(err)
			return
		}
		if a.done == 0 {
			a.heads[j] = x
		}
		a.tails[j] = x
		m.cd.Write(int(x), tag(a.pkt.serial, a.done+j))
	}
	a.done += cnt
	m.unpopped -= cnt
	if !last {
		return
	}
	pd, ok := m.pds.Alloc()
	if !ok {
		m.fail(fmt.Errorf("cycle %d: no free PD for queue %d", m.cycle, q))
		return
	}
	v := nilPD
	v.Cells, v.Serial = a.pkt.cells, a.pkt.serial
	copy(v.Heads[:min(k, n)], a.heads[:])
	copy(v.Tails[:min(k, n)], a.tails[:])
	if m.pds.Count[q] == 0 {
		m.nonEmpty.Set(q)
	}
	m.pds.Link(q, pd, v)
	m.enqWait[q]--
	a.active = false
}

// nilPD is a PD with every sub-list head and tail Nil.
var nilPD = func() mem.PD {
	var v mem.PD
	for j := range v.Heads {
		v.Heads[j], v.Tails[j] = mem.Nil, mem.Nil
	}
	return v
}()
