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

// issue is stages C and D, in one function (a call more costs about 12
// instructions a loaded cycle, cachegrind on BenchmarkTM90/occamy).
//
// Stage C asks the egress scheduler for a packet and reads its head PD
// (deqRead). It needs a PD read port, no dequeue PD read in flight and
// room in the dequeue's job queue (tm_dequeue's room_o, tm_sched's en_i);
// the granted queue is locked until its unlink, and the packet is booked
// on its port's transmit queue (tm_egress's issue_i).
//
// Stage D: u_hd's take_o (its lanes' room after this cycle's unlink, the
// PD read port left by the dequeue), u_choice's grant through u_arb, and
// u_hd's head-PD read: on u_pdl's read port, or its Go-only second one
// when the dequeue read too.
func (m *TM) issue() {
	s, l := m.u.sch, m.u.pdl
	l.RdI, l.Rd2I = false, false
	s.EnI = !m.r.deqRd.valid && m.u.deq.RoomO && m.anyQ(&l.NonemptyO)
	if s.EnI || s.DrrI { // drr: the visits run every cycle
		// Only the words that hold queues (ports: P <= 64, one word); the
		// others stay zero, as nothing else writes these inputs.
		if m.p.n <= 64 {
			ne := l.NonemptyO[0]
			s.EligI[0], s.NonemptyI[0] = ne&^l.LockedO[0], ne
		} else {
			for w := range s.EligI[:(m.p.n+63)>>6] {
				ne := l.NonemptyO[w&(len(l.NonemptyO)-1)]
				s.EligI[w], s.NonemptyI[w&(len(s.NonemptyI)-1)] = ne&^l.LockedO[w&(len(l.LockedO)-1)], ne
			}
		}
		s.PortRdyI[0] = m.u.eg.PortRdyO[0]
		s.AckI = m.ram.pd.ReadsLeft() > 0
		if s.DrrI { // strict priority reads no unlink
			s.UnlI, s.UnlQidI, s.Unl2I, s.Unl2QidI = l.UnlI, l.UnlQidI, l.Unl2I, l.Unl2QidI
		}
	}
	s.Eval()
	if s.GntValidO && s.AckI {
		m.deqRead()
	}
	// Stage D.
	h := m.u.hd
	h.PdFreeI, h.RdPendI = m.ram.pd.ReadsLeft() > 0, m.r.hdRd.valid
	h.EvalTake()
	h.GntValidI = false
	if m.p.hdChoice {
		ch := &m.u.ch
		ch.FreeNegI, ch.TakeI = m.r.freeD+m.r.hdFlyQ < 0, h.TakeO // tfree_adm: free after admission + fly_q
		over := m.p.pol == polPushoutPort || m.anyQ(&m.u.sel.OverO)
		if !over && m.u.chIdle {
			// An idle stage D again: with over_i all zero (as it was),
			// u_choice requests and grants nothing, u_arb sees no request
			// and no ack (its pointer holds), so every output keeps the
			// value the last such evaluation gave it.
			h.GntIdxI = ch.GntIdxO
			goto take
		}
		ch.OverI = m.u.sel.OverO
		m.u.chIdle = !over
		if over { // cand_i matters (u_choice reads it only then)
			ch.CandI = m.u.pdl.NonemptyO
			for w := range ch.CandI {
				ch.CandI[w] &^= m.u.pdl.LockedO[w]
			}
			if m.u.pdl.RdI { // the dequeue's read of this cycle
				ch.CandI.Clear(int(m.u.pdl.RdQidI))
			}
		}
		ch.EvalReq()
		if m.p.pol == polOccamy { // u_arb
			m.u.arb.ReqI, m.u.arb.AckI = ch.ArbReqO, false
			m.u.arb.Eval()
			ch.ArbValidI, ch.ArbIdxI = m.u.arb.GntValidO, m.u.arb.GntIdxO
		}
		ch.EvalGnt()
		if ch.ArbAckO {
			m.u.arb.AckI = true
			m.u.arb.Eval()
		}
		if ch.GntValidO {
			m.obs.gntIdx = int(ch.GntIdxO)
		}
		h.GntValidI, h.GntIdxI = ch.GntValidO, ch.GntIdxO
	}
take:
	h.EvalIssue()
	m.obs.hdUse[MemPD].Reads = 0 // u_cp_mem's are set in stages F and G every cycle; pd writes and cd stay 0
	if h.PdRdO {
		m.hdRead()
	}
}

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
