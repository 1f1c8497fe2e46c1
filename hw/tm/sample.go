package tm

// freeMoved reports whether u_thr's free count changed since its last
// evaluation (or it has none): only then can thresholds move anything.
// Tested first, inlined, it spares the call on the cycles it did not.
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
