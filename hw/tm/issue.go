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

// deqRead is stage C's grant taken: the head-PD read of the granted queue
// into the dequeue's read register, and the packet booked at the egress.
func (m *TM) deqRead() {
	s, l := m.u.sch, m.u.pdl
	q := int(s.GntQidO)
	l.RdI, l.RdQidI = true, uint16(q)
	l.EvalRd()
	r := &m.r.deqRd // the read register, field by field (the PD read lands in it)
	r.v = m.ram.pd.Read(int(l.RdPdO))
	r.valid, r.q, r.port, r.ready = true, q, int(s.GntPortO), m.ram.pd.ReadyAt(m.cycle)
	cells := r.v.Cells
	if uint32(cells) != l.HeadLenO[q] && m.ram.pd.Err() == nil {
		m.fail(fmt.Errorf("cycle %d: queue %d: head PD holds %d cells, head length register %d", m.cycle, q, cells, l.HeadLenO[q]))
	}
	e := m.u.eg // tm_egress's issue_*: the packet's cells become pending on its port
	e.IssueI, e.IssuePortI, e.IssueCellsI = true, uint16(s.GntPortO), uint32(cells)
}
