package tm

import "occamy/rtl"

// sampleQ is stage 0: the start-of-cycle copies of the queue lengths
// (qlen_q) and the free count, the class thresholds of u_thr spread to the
// queues (occamy_tm's thrq), and the selector u_sel.
func (m *TM) sampleQ() {
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
}

// freeMoved reports whether u_thr's free count changed since its last
// evaluation (or it has none): only then can thresholds move anything.
// Tested here, inlined, it spares the call on the cycles it did not.
func (m *TM) freeMoved() bool { return !m.r.thrValid || m.r.freeD+m.r.hdFly != m.r.thrFree }

// thresholds evaluates u_thr for free count free (freeMoved: it changed;
// the α exponents are fixed at New) and spreads the class thresholds to
// the queues (thrq); it reports whether any queue's moved.
func (m *TM) thresholds(free int) bool {
	m.r.thrValid, m.r.thrFree = true, free
	m.u.thr.FreeI = free
	if !m.u.thr.EvalFree() { // at their ceiling: no class threshold moved (the α are fixed at New)
		return false
	}
	// thrq[c] for c < Q still holds class c's previous threshold: spread
	// only the classes whose threshold moved.
	thr := m.u.thr.Thr.ThrO
	if len(thr) > len(m.r.thrq) {
		thr = thr[:len(m.r.thrq)]
	}
	moved := false
	for c, v := range thr {
		if m.r.thrq[c] == v {
			continue
		}
		for i := c; i < len(m.r.thrq); i += len(thr) {
			m.r.thrq[i] = v
		}
		moved = true
	}
	return moved
}
