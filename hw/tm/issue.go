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
	v     mem.PD
	ready uint64 // first cycle the data may be used
}

// deqIssue (stage C) asks the egress scheduler for a packet and reads its
// head PD. It needs a PD read port, no dequeue PD read in flight and room
// in the dequeue's job queue (tm_dequeue's room_o, tm_sched's en_i); the
// granted queue is locked until its unlink, and the packet is booked on
// its port's transmit queue (tm_egress's issue_i).
func (m *TM) deqIssue() {
	s := m.sch.u
	if m.deqRd.valid || m.deq.jobsQ.Full() || !m.nonEmpty.Any() {
		// No grant: the outputs tm_sched drives with en_i low (queue and
		// port 0, as hw/scheduler's own Eval gives without one), not the
		// last grant's, so the waveforms agree.
		s.ValidO, s.QidO, s.PortO, s.AckI = false, 0, 0, false
		return
	}
	m.sch.eval(m)
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
	m.eg.book(m, q, v.Cells, v.Serial)
}
