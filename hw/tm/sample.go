package tm

// freeMoved reports whether u_thr's free count changed since its last
// evaluation (or it has none): only then can a threshold move.
// Tested first, inlined, it spares the call on the cycles it did not.
func (m *TM) freeMoved() bool { return !m.r.thrValid || m.r.freeD+m.r.hdFly != m.r.thrFree }

// resetThr gives thr_q its reset value, the thresholds of the reset free
// count B (occamy_tm's u_thr_rst), spread to the queues (thrq), and leaves
// u_thr evaluated for it.
func (m *TM) resetThr() {
	m.r.thrValid, m.r.thrFree = true, m.r.freeD+m.r.hdFly
	m.u.thr.FreeI = m.r.thrFree
	m.u.thr.EvalFree()
	m.spreadThr()
	m.r.thrPend = false
}

// spreadThr spreads the class thresholds u_thr moved to the queues
// (thrq): called at stage 0 of the cycle after the move, when thr_q holds
// them (ThrLag); it reports whether any queue's moved.
func (m *TM) spreadThr() bool {
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
