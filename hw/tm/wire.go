package tm

import (
	"occamy/hw/mem"
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
//	0  thr_q, u_thr, u_sel                 thresholds (spreadThr), their next, selector, qlen_q
//	1  u_adm                               admissions (admit)
//	A  u_pdl.EvalUnlink                    the head-PD reads back; u_deq and u_hd take them as unl_* (unlink)
//	B  u_deq                               a cell round: link reads, data reads (dequeueReads)
//	C  u_pdl.EvalRd, u_sched               the last cycle's grant's head-PD read (deqRead), the grant
//	D  u_hd.EvalTake, u_choice.EvalReq, u_arb, u_choice.EvalGnt,
//	   u_hd.EvalIssue, u_pdl.EvalRd        the head drop's grant and read (hdRead)
//	E  u_fl.EvalHead, u_enq, u_pdl.EvalLink  a round of pops, the link
//	F  u_fl.EvalPop                        the pops' reads, u_deq's frees
//	G  u_hd.EvalCells, u_fl.EvalG          the lanes, their frees; every cp write
//	H  u_egress                            the cells sent (transmitted)
//
// Each sub-block reads only its input fields and its own registers. The
// top drives the inputs from other blocks' outputs (most slices aliased
// at New, the scalars copied here), issues the reads and writes the
// blocks request on the memories, and keeps the queue accounting.
//
// The stages' wiring is written out here, in one function, and only the
// rarer work is called (the functions in brackets): each call more, with
// the spills around it, cost 8 to 20 instructions a loaded cycle
// (cachegrind on BenchmarkTM90/occamy; docs/tm.md, "Measured speed").
func (m *TM) Eval() {
	if m.evald {
		return
	}
	m.evald = true
	// Under load the first tests fail and the detector costs nothing more.
	// skipped is then false already: skipEval sets it only with idle.n > 0
	// or force (a test hook, held once set), so the next cycle tests again.
	if m.idle.n > 0 || m.acct.sumPkts == 0 || m.idle.force {
		if m.idle.skipped = m.skipEval(); m.idle.skipped {
			return // every field holds the last quiet cycle's values (quiet.go)
		}
	}
	m.obs.events = m.obs.events[:0]
	m.clearOutputs()
	m.u.eg.IssueI, m.u.pdl.LinkI, m.u.enq.AdmNI = false, false, 0
	// Stage 0: the start-of-cycle copies of the queue lengths (qlen_q) and
	// the free count, the class thresholds of u_thr spread to the queues
	// (occamy_tm's thrq, spreadThr), and the selector u_sel. Only the
	// queues whose length changed since the last copy are copied (admit
	// and unlink mark them in qChg).
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
	// The consumers read thr_q, the thresholds u_thr gave a cycle before
	// (ThrLag): those it moved in the last Eval are spread first. Then
	// u_thr is evaluated for this cycle's free count, for thr_q's next
	// value, only when that count moved (the α exponents are fixed at
	// New); at their ceiling no class threshold moves.
	thrMoved := false
	if m.r.thrPend {
		m.r.thrPend = false
		thrMoved = m.spreadThr()
	}
	if m.freeMoved() {
		free := m.r.freeD + m.r.hdFly // tfree_q: a head drop's cells count from its unlink
		m.r.thrValid, m.r.thrFree = true, free
		m.u.thr.FreeI = free
		m.r.thrPend = m.u.thr.EvalFree()
	}
	switch {
	case thrMoved:
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
	if a := m.u.adm; len(m.obs.offers) > 0 || a.InNI > 0 || a.Busy() {
		m.admit() // stage 1 (u_adm has nothing to do otherwise; the cycle after offers clears its slots)
	}
	// Stage A: the head-PD reads that are back unlink (most cycles none).
	deq, hd := m.r.deqRd.valid && m.r.deqRd.ready <= m.cycle, m.r.hdRd.valid && m.r.hdRd.ready <= m.cycle
	if deq || hd {
		m.unlink(deq, hd)
	} else {
		l := m.u.pdl
		l.UnlI, l.Unl2I = false, false
		l.UnlOhI = rtl.Bitmap{} // zero without an unlink, as rdo
		l.EvalUnlink()
		m.u.deq.UnlI, m.u.hd.UnlI = false, false
	}
	d := m.u.deq
	// Stage B: u_deq (pend_i: last cycle's grant, read in stage C, a job on
	// its way), and its reads in a cycle with a round.
	d.PendI = m.r.deqGnt.valid
	d.Eval()
	if d.RdNO|d.CdNO != 0 {
		m.dequeueReads()
	}
	// Stage C reads the head PD of the queue granted last cycle (deqRead,
	// the grant register occamy_tm's gv_q), then asks the egress scheduler
	// for a packet (into the register at Commit: deqGrant). A grant needs no dequeue PD read in flight
	// (PD.ReadLatency > 1: nor a grant waiting) and room in the dequeue's
	// job queue for it behind the read now (tm_dequeue's room_o with
	// pend_i, tm_sched's en_i); the queue read now is not granted (its
	// head is unlinked next cycle): its port is not ready (under drr its
	// port's ready was also dropped by its grant), and the packet is booked
	// on its port's transmit queue at its read (tm_egress's issue_i).
	s, l := m.u.sch, m.u.pdl
	l.RdI, l.Rd2I = false, false
	// (anyQ: occamy_tm's en_i is the dequeue's room alone, a grant needing
	// an eligible queue anyway; here it spares the evaluation.)
	s.EnI = !m.r.deqRd.valid && !(m.r.deqGnt.valid && m.ram.pd.P.ReadLatency > 1) && m.u.deq.RoomO && m.anyQ(&l.NonemptyO)
	gr := &m.r.deqGnt // the register: its next value lands at Commit (deqGrant)
	if gr.valid {
		m.deqRead()
	}
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
		// The queue read now stays eligible (occamy_tm's elig_i is
		// nonempty, no glock: issue 29, schedcut): its port is not ready
		// (gport: port_rdy_o counts the packet from next cycle), so
		// neither it nor its port is granted.
		s.PortRdyI[0] = m.u.eg.PortRdyO[0]
		if gr.valid {
			s.PortRdyI[0] &^= 1 << uint(gr.port)
		}
		if s.DrrI { // strict priority reads no unlink
			s.UnlI, s.UnlOhI, s.Unl2I, s.Unl2QidI = l.UnlI, l.UnlOhI, l.Unl2I, l.Unl2QidI
		}
	}
	s.Eval()
	// Stage D: u_hd's take_o (its lanes' room after this cycle's unlink,
	// the PD read port left by the dequeue), u_choice's grant through
	// u_arb, and u_hd's head-PD read (hdRead).
	// take_o matters only with a grant to take, from an evaluated u_choice:
	// without one pd_free_i is not driven.
	h := m.u.hd
	h.RdPendI, h.GntValidI = m.r.hdRd.valid, false
	if !m.p.hdChoice {
		h.EvalTake()
	} else {
		ch := &m.u.ch
		over := m.p.pol == polPushoutPort || m.anyQ(&m.u.sel.OverO)
		if !over && m.u.chIdle && ch.ArbIdxI == m.r.ag.q {
			// An idle stage D again: with over_i all zero (as it was),
			// u_choice requests and grants nothing, u_arb sees no request
			// and no ack (its pointer holds), so every output keeps the
			// value the last such evaluation gave it (its inputs are not
			// driven: it is not evaluated).
			h.EvalTake()
			h.GntIdxI = ch.GntIdxO
			if m.r.ag.v && m.u.pdl.NonemptyO.Bit(int(m.r.ag.q)) == 0 {
				m.r.agD = arbGrant{} // ag_load: the grant's queue emptied (u_arb grants nothing now)
			}
			m.agsEmptied()
			goto take
		}
		// The grant being read holds a PD read port even when cancelled
		// (its queue emptied: occamy_tm's pd_free_i = !gv_q).
		left := m.ram.pd.ReadsLeft()
		if gr.valid && !m.u.pdl.RdI {
			left--
		}
		h.PdFreeI = left > 0
		h.EvalTake()
		ch.FreeNegI, ch.TakeI = m.r.freeD+m.r.hdFlyQ < 0, h.TakeO // tfree_adm: free after admission + fly_q
		ch.OverI = m.u.sel.OverO
		m.u.chIdle = !over
		if over { // cand_i matters (u_choice reads it only then)
			ch.CandI = m.u.pdl.NonemptyO
			for w := range ch.CandI {
				ch.CandI[w] &^= m.u.pdl.LockedO[w]
			}
			if gr.valid { // the dequeue's read of this cycle (glock)
				ch.CandI.Clear(gr.q)
			}
		}
		ch.EvalReq()
		agKeep, agOver := false, false
		if m.p.pol == polOccamy { // u_arb, its grant registered (agv_q, agq_q)
			m.u.arb.ReqI, m.u.arb.AckI = ch.ArbReqO, false
			m.u.arb.Eval()
			// ag_keep: the queue still holds a PD; ag_ok: and is over in
			// the bitmap and a candidate (not the dequeue's read: glock).
			q := int(m.r.ag.q)
			agKeep, agOver = m.r.ag.v && m.u.pdl.NonemptyO.Bit(q) != 0, ch.OverI.Bit(q) != 0
			ch.ArbValidI, ch.ArbIdxI = agKeep && agOver && ch.CandI.Bit(q) != 0, m.r.ag.q
		}
		ch.EvalGnt()
		if m.p.pol == polOccamy {
			m.agsEmptied()
			if !agKeep || ch.ArbValidI && ch.TakeI || !agOver && m.u.arb.GntValidO { // ag_load (agtake: hd_take, not the re-check)
				m.agLoad(agKeep && !agOver && m.u.arb.GntValidO)
			}
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
	// Stages E, F and G: u_fl around the stages that use it: its heads for
	// the enqueue (E), its pops and the dequeue's frees (F) with their
	// reads on u_cp_mem, the head drop's lanes and frees (G), then every
	// cp write of the cycle, stage F's first.
	f, ram := m.u.fl, &m.ram
	f.EvalHead()
	m.u.enq.PopOkI = f.PopOkO
	// Stage E: u_enq's round (its pops go to u_fl's pop_i, which aliases
	// pop_o), its tag writes on u_cd_mem, and the link in u_pdl with its
	// PD writes on u_pd_mem (the body, and the tail's link when the queue
	// is not empty). These are the cycle's last uses of u_cd_mem and
	// u_pd_mem (their reads are in stages B, C and D): the writes land at
	// once (WriteLast).
	e := m.u.enq
	e.CpRdLeftI = ram.cp.ReadsLeft()
	e.Eval()
	if e.CdWrNO > 0 { // a round now (and perhaps the link)
		ram.cd.WriteLast(e.CdWrAddrO[:e.CdWrNO], e.CdWrDataO[:e.CdWrNO])
		m.acct.unpopped -= e.CdWrNO
		if e.LinkO {
			l := m.u.pdl
			l.LinkI, l.LinkQidI, l.LinkPdI, l.LinkCellsI = true, e.LinkQidO, e.LinkPdO, e.LinkCellsO
			l.EvalLink()
			ram.pd.WriteMergeLast(int(e.LinkPdO), &e.LinkBodyO, nil)
			if l.LinkPredO {
				ram.pd.WriteMergeLast(int(l.LinkTailO), &mem.PD{Next: e.LinkPdO, NextLen: uint16(e.LinkCellsO)}, mergeLink)
			}
		}
	}
	d = m.u.deq
	m.freed(d.FreedO)     // stage F: u_fl's fa_* are u_deq's
	if m.r.hdFreed != 0 { // the executor's frees of the cycle before (hdf_q, HDFreeLag)
		m.freed(m.r.hdFreed)
		m.r.hdFly -= m.r.hdFreed
	}
	f.PopI, f.FaI = e.PopO, d.FaO
	f.PopPortI, _ = ram.cp.Use()
	f.EvalPop()
	// The guards here and below skip the loops' set-up on the
	// many cycles without a read or write (12 instructions a loaded cycle,
	// cachegrind on BenchmarkTM90).
	if f.PopRdNO > 0 {
		for p, end := f.PopPortI, f.PopPortI+f.PopRdNO; p < end; p++ {
			ram.cpRd.put(p, ram.cp.Read(int(f.RdAddrO[p])))
		}
	}
	// Stage G: u_hd's lanes with the u_cp_mem ports the dequeue and the
	// enqueue left (its appends go to u_fl's ga_*, which alias ga_o).
	// An idle u_hd (EvalCells' own test) reads none of these inputs, and
	// its reads, frees and appends are none (the evalCells that left it
	// idle cleared them): only its pipe view is set.
	h = m.u.hd
	if h.UnlI || h.active {
		used, _ := ram.cp.Use() // the dequeue's reads and the pops'
		f.EvalNe()              // (u_hd alone reads ne_f_o: only now)
		h.RdLeftI, h.RdDeqI = ram.cp.P.ReadPorts-f.PopRdNO, used-f.PopRdNO
		h.FWrNI, h.NeFI = f.FWrNO, f.NeFO
		h.EvalCells()
		for r := h.CpRdEnO; r != 0; r &= r - 1 { // ports from the last down, perhaps with gaps
			p := trailingZeros(r)
			ram.cpRd.put(p, ram.cp.Read(int(h.CpRdAddrO[p])))
		}
	} else {
		h.EvalCells()
	}
	m.r.hdFreed = h.FreedO // hdf_q's next value: counted in the next cycle's stage F
	m.obs.hdUse[MemCP].Reads = h.RdNO
	f.GaHoldI, f.GaI = h.GaHoldO, h.GaO
	f.EvalG()
	if f.WrNO > 0 { // the cycle's last uses of u_cp_mem: stage F's writes (ports 0..), stage G's
		ram.cp.WriteLast(f.WrAddrO[:f.FWrNO], f.WrDataO[:f.FWrNO])
		if f.WrNO > f.FWrNO {
			ram.cp.WriteLast(f.GWrites())
		}
	}
	m.obs.hdUse[MemCP].Writes = f.WrNO - f.FWrNO
	// Stage H: u_deq's data return
	// (ret_*, with u_cd_mem's read data as ret_tag_i) and stage C's issue
	// drive u_egress; the cells it sends are the cycle's eg_* outputs, and
	// a packet's last cell counts it transmitted.
	g := m.u.eg
	d = m.u.deq
	if d.RetValidO || g.RetI { // (ret_port_i, ret_qid_i, ret_cnt_i are read only with ret_i)
		g.RetI, g.RetPortI, g.RetQidI, g.RetCntI = d.RetValidO, d.RetPortO, d.RetQidO, d.RetCntO
	}
	g.Eval()
	m.obs.out.EgValid = g.EgValidO
	if g.EgLastO != 0 {
		m.transmitted()
	}
	m.snapshotUse()
}
