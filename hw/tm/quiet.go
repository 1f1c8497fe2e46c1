package tm

// quietRun is the top's idle detector: an empty TM with no offer
// evaluates to the same port values cycle after cycle, so once two cycles
// in a row have been evaluated from such a state, Eval leaves every field
// as the last evaluation left it and only Commit runs (each sub-block's
// Commit is idle then, and still advances its own cycle count). The skip
// changes no output in any cycle (TestQuietSkipExact compares a TM with
// it against one without, cycle by cycle, under bursts and gaps).
type quietRun struct {
	n       int  // consecutive cycles evaluated from a quiet state
	skipped bool // this cycle's Eval was skipped
	off     bool // tests: never skip
	force   bool // tests: skip whatever the state (a broken detector); held once set
}

// quietSkipAfter is how many quiet cycles are evaluated in full before
// Eval skips: the first one may still settle a cache (tm_egress's next
// send time, the scheduler's outputs), the second shows the fixed point.
const quietSkipAfter = 2

// quiet reports a state in which nothing can happen this cycle: no offer,
// no packet or cell anywhere (queues, reads in flight, the dequeue and
// the executor, the free list's pending heads, the finder's pipeline, the egress and the memory
// read pipes), the thresholds evaluated for the current free count and
// thr_q holding them (no move pending), and
// no queue length to copy. Cheapest and most often false first.
func (m *TM) quiet() bool {
	u, r := &m.u, &m.r
	return len(m.obs.offers) == 0 && !u.adm.Busy() && m.acct.sumPkts == 0 && m.acct.inflight == 0 && m.acct.unpopped == 0 &&
		!r.deqGnt.valid && !r.deqRd.valid && !r.hdRd.valid && r.ag == (arbGrant{}) && r.ags == (arbGrant{}) && !r.qChg.Any() && r.thrValid && !r.thrPend && r.thrFree == r.freeD+r.hdFly &&
		!u.pdl.NonemptyO.Any() && !u.pdl.stale && u.pdl.nUndo == 0 &&
		!u.deq.active && !u.enq.active && !u.hd.active && !u.hd.anyLatch && u.hd.held == 0 &&
		u.fl.pend == 0 && u.ch.pipeEmpty() && u.eg.quiet() && m.ram.cpRd.quiet() && m.ram.cdRd.quiet()
}

// skipEval counts the quiet cycles and reports whether this one's Eval
// may be skipped. Once skipping, only an offer can end the run: a quiet
// state evaluated with no offer commits to the same quiet state (nothing
// in flight, no time-out pending), so the full check is not repeated.
func (m *TM) skipEval() bool {
	if m.idle.force {
		return true
	}
	if m.idle.n >= quietSkipAfter && !m.idle.off {
		if len(m.obs.offers) == 0 {
			return true
		}
		m.idle.n = 0
		return false
	}
	if !m.quiet() {
		m.idle.n = 0
		return false
	}
	m.idle.n++
	return false
}

// quietEdge is the rising edge of a skipped cycle: the edges that count
// cycles or move a pipe (the memories, u_deq, u_hd, u_fl, u_egress, the
// read-data pipes). The others would store the values their registers
// hold (u_sel, u_pdl, u_sched, u_arb, u_enq), and no block can record an
// error without a request.
func (m *TM) quietEdge() {
	ram, u := &m.ram, &m.u
	ram.pd.Commit()
	ram.cp.Commit()
	ram.cd.Commit()
	u.hd.Commit()
	u.fl.Commit()
	u.deq.Commit() // after u_fl's, as in Commit
	u.eg.Commit()
	ram.cpRd.commit()
	ram.cdRd.commit()
}

// quiet reports an egress with nothing booked, buffered or sending.
func (e *Egress) quiet() bool {
	if e.busy != 0 || e.EgValidO != 0 || e.IssueI || e.isv || e.RetI {
		return false
	}
	for i := range e.ports {
		if p := &e.ports[i]; p.pending != 0 || p.tn != 0 {
			return false
		}
	}
	return true
}

// quiet reports no read in flight.
func (p *rdPipe[T]) quiet() bool {
	if p.inRd != 0 {
		return false
	}
	for _, r := range p.read {
		if r != 0 {
			return false
		}
	}
	return true
}
