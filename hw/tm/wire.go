package tm

import (
	"fmt"

	"occamy/rtl"
)

// Eval evaluates the cycle. It runs once per cycle; a second Eval before
// Commit does nothing.
//
// The settle order is occamy_tm's stage order (docs/tm.md, "One cycle:
// the stage order"), which is also the priority on every shared memory
// port; a sub-block whose combinational outputs depend on a later stage's
// is evaluated in phases, named here:
//
//	0  u_thr, u_sel                        thresholds, selector, qlen_q (Eval, thresholds)
//	1  u_adm                               admissions (admit)
//	A  u_pdl.EvalUnlink                    the head-PD reads back; u_deq and u_hd take them as unl_* (Eval, unlink)
//	B  u_deq                               a cell round: link reads, data reads (Eval, dequeueReads)
//	C  u_sched, u_pdl.EvalRd               the grant and its head-PD read (grantsAndCells, deqRead)
//	D  u_hd.EvalTake, u_choice.EvalReq, u_arb, u_choice.EvalGnt,
//	   u_hd.EvalIssue, u_pdl.EvalRd        the head drop's grant and read (grantsAndCells, hdRead)
//	E  u_fl.EvalHead, u_enq, u_pdl.EvalLink  a round of pops, the link (grantsAndCells)
//	F  u_fl.EvalPop                        the pops' reads, u_deq's frees (grantsAndCells)
//	G  u_hd.EvalCells, u_fl.EvalG          the lanes, their frees; every cp write (grantsAndCells)
//	H  u_egress                            the cells sent (Eval, transmitted)
//
// Each sub-block reads only its input fields and its own registers. The
// top drives the inputs from other blocks' outputs (most slices aliased
// at New, the scalars copied here), issues the reads and writes the
// blocks request on the memories, and keeps the queue accounting.
func (m *TM) Eval() {
	if m.evald {
		return
	}
	m.evald = true
	// Under load the first tests fail and the detector costs nothing more.
	if m.idle.skipped = (m.idle.n > 0 || m.acct.sumPkts == 0 || m.idle.force) && m.skipEval(); m.idle.skipped {
		return // every field holds the last quiet cycle's values (quiet.go)
	}
	m.obs.events = m.obs.events[:0]
	m.clearOutputs()
	m.u.eg.IssueI, m.u.pdl.LinkI, m.u.enq.AdmNI = false, false, 0
	// Stage 0, written out (a call costs 9 instructions a loaded cycle):
	// the start-of-cycle copies of the queue lengths (qlen_q) and the free
	// count, the class thresholds of u_thr spread to the queues
	// (occamy_tm's thrq, thresholds), and the selector u_sel.
	// Only the queues whose length changed since the last copy are copied
	// (admit and unlink mark them in qChg).
	chg := &m.r.qChg
	changed := m.anyQ(chg)
	if changed {
		for w := range chg[:(m.p.n+63)>>6] { // the words that hold queues
			if m.p.pol == polPushoutPort { // u_choice's finder visits only these (QlenChgI)
				m.u.ch.QlenChgI[w] |= chg[w]
			}
			for word := chg[w]; word != 0; word &= word - 1 {
				i := w<<6 | trailingZeros(word)
				m.r.qlenQ[i] = m.r.qlenD[i]
			}
		}
	}
	m.r.freeQ, m.r.hdFlyQ = m.r.freeD, m.r.hdFly
	// The selector's next register value depends only on qlen and thr:
	// when neither changed since its last evaluation, that value is
	// already in its register, so only its output needs refreshing; when
	// only some queues' lengths did, only theirs are compared again.
	// When neither changed in the cycle before either, over_o already
	// shows the register and the register its next value (selHeld):
	// nothing to refresh, and the edge leaves it as it is.
	switch {
	case m.freeMoved() && m.thresholds(m.r.freeD+m.r.hdFly): // tfree_q: a head drop's cells count from its unlink
		m.u.sel.Eval()
		m.r.selHeld = false
	case changed:
		m.u.sel.EvalChanged(chg)
		m.r.selHeld = false
	case !m.r.selHeld:
		m.u.sel.OverO = m.u.sel.State().OverQ
		m.r.selHeld = true
	}
	if changed { // cleared once u_sel has compared them
		*chg = rtl.Bitmap{}
	}
	if len(m.obs.offers) > 0 || m.u.adm.InNI > 0 {
		m.admit() // stage 1 (u_adm has nothing to decide otherwise; the cycle after offers clears its slots)
	}
	// Stage A: the head-PD reads that are back unlink (most cycles none).
	deq, hd := m.r.deqRd.valid && m.r.deqRd.ready <= m.cycle, m.r.hdRd.valid && m.r.hdRd.ready <= m.cycle
	if deq || hd {
		m.unlink(deq, hd)
	} else {
		l := m.u.pdl
		l.UnlI, l.Unl2I = false, false
		l.EvalUnlink()
		m.u.deq.UnlI, m.u.hd.UnlI = false, false
	}
	d := m.u.deq
	d.Eval() // stage B: u_deq, and its reads in a cycle with a round
	if d.RdNO|d.CdNO != 0 {
		m.dequeueReads()
	}
	m.grantsAndCells() // stages C to G
	// Stage H, written out (a call costs more): u_deq's data return
	// (ret_*, with u_cd_mem's read data as ret_tag_i) and stage C's issue
	// drive u_egress; the cells it sends are the cycle's eg_* outputs, and
	// a packet's last cell counts it transmitted.
	e, d := m.u.eg, m.u.deq
	e.RetI, e.RetPortI, e.RetQidI, e.RetCntI = d.RetValidO, d.RetPortO, d.RetQidO, d.RetCntO
	e.Eval()
	m.obs.out.EgValid = e.EgValidO
	if e.EgLastO != 0 {
		m.transmitted()
	}
	m.snapshotUse()
}

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
