package tm

import (
	"fmt"

	"occamy/hw/mem"
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

// deqIssue (stage C) asks the egress scheduler for a packet and reads its
// head PD. It needs a PD read port, no dequeue PD read in flight and room
// in the dequeue's job queue (tm_dequeue's room_o, tm_sched's en_i); the
// granted queue is locked until its unlink, and the packet is booked on
// its port's transmit queue (tm_egress's issue_i).
func (m *TM) deqIssue() {
	s, l := m.sch, m.pdl
	l.RdI, l.Rd2I = false, false
	s.EnI = !m.deqRd.valid && m.deq.RoomO && l.NonemptyO.Any()
	if s.EnI {
		for w := range s.EligI {
			s.EligI[w] = l.NonemptyO[w] &^ l.LockedO[w]
		}
		s.NonemptyI, s.PortRdyI = l.NonemptyO, m.eg.PortRdyO
		s.AckI = m.pd.ReadsLeft() > 0
	}
	s.Eval()
	if !s.GntValidO || !s.AckI {
		return
	}
	q := int(s.GntQidO)
	l.RdI, l.RdQidI = true, uint16(q)
	l.EvalRd()
	v := m.pd.Read(int(l.RdPdO))
	if uint32(v.Cells) != l.HeadLenO[q] && m.pd.Err() == nil {
		m.fail(fmt.Errorf("cycle %d: queue %d: head PD holds %d cells, head length register %d", m.cycle, q, v.Cells, l.HeadLenO[q]))
	}
	m.deqRd = pdRead{valid: true, q: q, port: int(s.GntPortO), v: v, ready: m.pd.ReadyAt(m.cycle)}
	e := m.eg // tm_egress's issue_*: the packet's cells become pending on its port
	e.IssueI, e.IssuePortI, e.IssueCellsI = true, uint16(s.GntPortO), uint32(v.Cells)
}
