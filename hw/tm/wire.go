package tm

import (
	"fmt"
)

// Commit is the rising edge: memory writes land, sub-block registers
// update, the cycle advances, and the invariants are checked if enabled.
func (m *TM) Commit() {
	if !m.evald {
		m.Eval()
	}
	if m.idle.skipped {
		m.quietEdge()
	} else {
		ram, u := &m.ram, &m.u
		ram.pd.Commit()
		ram.cp.Commit()
		ram.cd.Commit()
		if !m.r.selHeld { // held: the register is its next value already
			u.sel.Commit()
		}
		u.pdl.Commit()
		u.deq.Commit()
		u.sch.Commit()
		u.arb.Commit()
		u.ch.Commit()
		u.hd.Commit()
		u.enq.Commit()
		u.fl.Commit()
		u.eg.Commit()
		ram.cpRd.commit() // last: the sub-blocks' Commit still reads this cycle's read data
		ram.cdRd.commit()
		// Most cycles nothing is recorded (Err would record and return nil).
		if m.err == nil && (u.failed || ram.pd.Failed() || ram.cp.Failed() || ram.cd.Failed()) {
			m.collectErr()
		}
	}
	m.obs.offers = m.obs.offers[:0]
	m.evald = false
	m.cycle++
	if m.cfg.Check && m.err == nil {
		if err := m.Check(); err != nil {
			m.fail(fmt.Errorf("cycle %d: %w", m.cycle-1, err))
		}
	}
}

// unlink is stage A with an unlink (deq: the dequeue's head-PD read is
// back, hd: the head drop's): the packets leave their queues in u_pdl
// (the dequeue's on its unlink port, the head drop's on the Go-only
// second one when both return together), the top accounts them, and each
// pipeline takes its packet. Eval drives the cycles without one.
func (m *TM) unlink(deq, hd bool) {
	l := m.u.pdl
	l.UnlI, l.Unl2I = true, deq && hd
	if deq {
		l.UnlQidI, l.UnlNextI, l.UnlNlenI = uint16(m.r.deqRd.q), m.r.deqRd.v.Next, uint32(m.r.deqRd.v.NextLen)
	}
	r2 := &l.UnlQidI
	if deq {
		r2 = &l.Unl2QidI
	}
	if hd {
		*r2 = uint16(m.r.hdRd.q)
		if deq {
			l.Unl2NextI, l.Unl2NlenI = m.r.hdRd.v.Next, uint32(m.r.hdRd.v.NextLen)
		} else {
			l.UnlNextI, l.UnlNlenI = m.r.hdRd.v.Next, uint32(m.r.hdRd.v.NextLen)
		}
	}
	l.EvalUnlink()
	d := m.u.deq
	d.UnlI = deq
	if deq {
		r := &m.r.deqRd
		r.valid = false
		m.unlinkHead(r)
		m.acct.deqPkts[r.q]++
		d.UnlQidI, d.UnlPortI, d.UnlBodyI = uint16(r.q), uint16(r.port), r.v
	}
	h := m.u.hd
	h.UnlI = hd
	if hd {
		r := &m.r.hdRd
		r.valid = false
		m.unlinkHead(r)
		m.r.hdFly += int(r.v.Cells) // the thresholds see its cells free from now (tfree_q)
		h.UnlQidI, h.UnlBodyI = uint16(r.q), r.v
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
	q, n := r.q, int(r.v.Cells)
	m.r.qlenD[q] -= uint32(n)
	if m.r.qlenD[q] == 0 {
		m.acct.active[q%m.cfg.Q]--
	}
	m.r.qChg.Set(q)
	m.acct.qpkts[q]--
	m.acct.sumQlen -= n
	m.acct.sumPkts--
	m.acct.inflight += n
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

// collectErr takes the first error a memory or a sub-block recorded (a
// request over a port budget, what the Verilog asserts); the sub-blocks
// raise u.failed when they record one. Commit calls it only when u.failed
// or a memory's Failed says there is one to take.
func (m *TM) collectErr() {
	ram, u := &m.ram, &m.u
	if e := ram.pd.Err(); e != nil {
		m.fail(e)
	} else if e := ram.cp.Err(); e != nil {
		m.fail(e)
	} else if e := ram.cd.Err(); e != nil {
		m.fail(e)
	} else if !u.failed {
		return
	} else if e := u.pdl.Err(); e != nil {
		m.fail(e)
	} else if e := u.deq.Err(); e != nil {
		m.fail(e)
	} else if e := u.hd.Err(); e != nil {
		m.fail(e)
	} else if e := u.enq.Err(); e != nil {
		m.fail(e)
	} else if e := u.fl.Err(); e != nil {
		m.fail(e)
	} else if e := u.eg.Err(); e != nil {
		m.fail(e)
	}
}
