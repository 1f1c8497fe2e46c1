package tm

import (
	"fmt"

	"occamy/hw/mem"
	"occamy/rtl"
)

// pdRead is a head-PD read in flight on u_pd_mem, waiting for its data to
// unlink the head: the top's read registers (Verilog: rdv_q, rdhd_q,
// rdq_q; the Go model keeps the dequeue's and the head drop's apart since
// PD.ReadPorts may exceed 1).
type pdRead struct {
	valid bool
	q     int
	port  int // the dequeue's: the grant's port
	v     mem.PD
	ready uint64 // first cycle the data may be used
}

// anyQ reports a bit set in b, a bitmap over the queues, reading only the
// words that hold queues (the others are zero).
func (m *TM) anyQ(b *rtl.Bitmap) bool {
	if m.p.n <= 64 {
		return b[0] != 0
	}
	return b.Any()
}

// One word of port_rdy_i holds every port.
const _ = uint(64 - MaxP)

// hdRead is stage D's head-PD read of the packet u_hd takes: on u_pdl's
// read port, or its Go-only second one when the dequeue read too.
func (m *TM) hdRead() {
	q, l := int(m.u.hd.PdRdQidO), m.u.pdl
	var pd int32
	if l.RdI {
		l.Rd2I, l.Rd2QidI = true, uint16(q)
		l.EvalRd()
		pd = l.Rd2PdO
	} else {
		l.RdI, l.RdQidI = true, uint16(q)
		l.EvalRd()
		pd = l.RdPdO
	}
	v := m.ram.pd.Read(int(pd))
	m.obs.hdUse[MemPD].Reads++
	m.r.hdRd = pdRead{valid: true, q: q, v: v, ready: m.ram.pd.ReadyAt(m.cycle)}
	m.r.hdStale = (m.p.pol == polOccamy || m.p.pol == polLQD) && !m.u.ch.overNow(q)
}

// pdGrant is the scheduler's grant of last cycle, whose head-PD read is
// issued this cycle (occamy_tm's gv_q, gq_q, gp_q).
type pdGrant struct {
	valid   bool
	q, port int
}

// deqRead is stage C's read of last cycle's grant (occamy_tm's gok): the
// head-PD read of the granted queue into the dequeue's read register, and
// the packet booked on its port with the head length after this cycle's
// unlink. A queue a head drop emptied since the grant has nothing to read:
// the grant is cancelled (nothing read or booked); so is it, Go only
// (PD.ReadLatency > 1), while the head drop's read of the same cycle as
// the grant is still in flight (the queue locked).
func (m *TM) deqRead() {
	l, g := m.u.pdl, m.r.deqGnt
	if !l.NonemptyO.Test(g.q) || l.LockedO.Test(g.q) {
		return
	}
	l.RdI, l.RdQidI = true, uint16(g.q)
	l.EvalRd()
	r := &m.r.deqRd // the read register, field by field (the PD read lands in it)
	m.ram.pd.ReadTo(int(l.RdPdO), &r.v)
	r.valid, r.q, r.port, r.ready = true, g.q, g.port, m.ram.pd.ReadyAt(m.cycle)
	if cells := r.v.Cells; uint32(cells) != l.HeadLenO[g.q] && m.ram.pd.Err() == nil {
		m.fail(fmt.Errorf("cycle %d: queue %d: head PD holds %d cells, head length register %d", m.cycle, g.q, cells, l.HeadLenO[g.q]))
	}
	e := m.u.eg // tm_egress's issue_*: the packet's cells become pending on its port
	e.IssueI, e.IssuePortI, e.IssueCellsI = true, uint16(g.port), l.HeadLenO[g.q]
}

// deqGrant is the grant register's edge: stage C's grant (always taken:
// the dequeue's read comes first on the PD read port next cycle) is read
// next cycle. It lands at Commit, so the whole Eval (and the trace after
// it) sees the register stage C reads; q and port matter only when valid.
func (m *TM) deqGrant() {
	s := m.u.sch
	m.r.deqGnt = pdGrant{valid: s.GntValidO, q: int(s.GntQidO), port: int(s.GntPortO)}
}

// unlink is stage A with an unlink (deq: the dequeue's head-PD read is
// back, hd: the head drop's): the packets leave their queues in u_pdl
// (the dequeue's on its unlink port, the head drop's on the Go-only
// second one when both return together), the top accounts them, and each
// pipeline takes its packet. Eval drives the cycles without one.
func (m *TM) unlink(deq, hd bool) {
	l := m.u.pdl
	l.UnlI, l.Unl2I = true, deq && hd
	// The unlink port takes the dequeue's read, else the head drop's; its
	// queue is one-hot (rdo). The Go-only second port (the head drop's,
	// when both return together) takes an index.
	r1 := &m.r.deqRd
	if !deq {
		r1 = &m.r.hdRd
	}
	l.UnlOhI = rtl.Bitmap{}
	l.UnlOhI.Set(r1.q)
	l.UnlNextI, l.UnlNlenI = r1.v.Next, uint32(r1.v.NextLen)
	if deq && hd {
		r2 := &m.r.hdRd
		l.Unl2QidI, l.Unl2NextI, l.Unl2NlenI = uint16(r2.q), r2.v.Next, uint32(r2.v.NextLen)
	}
	l.EvalUnlink()
	d := m.u.deq
	d.UnlI = deq
	if deq {
		r := &m.r.deqRd
		r.valid = false
		m.unlinkHead(r)
		m.acct.deqPkts[r.q]++
		d.UnlQidI, d.UnlPortI = uint16(r.q), uint16(r.port)
		d.UnlBodyI = r.v // alone: in a tuple the PD goes through a temporary
	}
	h := m.u.hd
	h.UnlI = hd
	if hd {
		r := &m.r.hdRd
		r.valid = false
		m.unlinkHead(r)
		m.r.hdFly += int(r.v.Cells) // the thresholds see its cells free from now (tfree_q)
		h.UnlQidI = uint16(r.q)
		h.UnlBodyI = r.v
		st := &m.obs.stats.Queues[r.q]
		st.HeadDropped.Pkts++
		st.HeadDropped.Cells += uint64(r.v.Cells)
		if m.r.hdStale {
			st.StaleHeadDropped.Pkts++
			st.StaleHeadDropped.Cells += uint64(r.v.Cells)
		}
		m.event(EvHeadDrop, r.q, -1, r.v.Serial)
		m.obs.out.HDValid, m.obs.out.HDQid, m.obs.out.HDCells = true, r.q, int(r.v.Cells)
	}
}

// unlinkHead does the top's accounting of an unlink (stage A): the
// packet's cells move from its queue's length to the in-flight count.
func (m *TM) unlinkHead(r *pdRead) {
	n := int(r.v.Cells)
	m.leaveQueue(r.q, n)
	m.acct.inflight += n
}

// leaveQueue takes a packet of n cells off queue q's length and the
// top's counts (an unlink, or the ideal Pushout's drop in place).
func (m *TM) leaveQueue(q, n int) {
	m.r.qlenD[q] -= uint32(n)
	if m.r.qlenD[q] == 0 {
		m.acct.active[q%m.cfg.Q]--
	}
	m.r.qChg.Set(q)
	m.acct.qpkts[q]--
	m.acct.sumQlen -= n
	m.acct.sumPkts--
}

// freed returns n in-flight cells to the free count.
func (m *TM) freed(n int) {
	m.r.freeD += n
	m.acct.inflight -= n
}

// snapshotUse keeps this cycle's port use for Probe.
func (m *TM) snapshotUse() {
	u := &m.obs.use
	u[MemPD].Reads, u[MemPD].Writes = m.ram.pd.Use()
	u[MemCP].Reads, u[MemCP].Writes = m.ram.cp.Use()
	u[MemCD].Reads, u[MemCD].Writes = m.ram.cd.Use()
}
