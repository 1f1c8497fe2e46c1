package tm

import "occamy/rtl"

// sampleQ is stage 0: the start-of-cycle copies of the queue lengths
// (qlen_q) and the free count, the class thresholds of u_thr spread to the
// queues (occamy_tm's thrq), and the selector u_sel.
func (m *TM) sampleQ() {
	// Only the queues whose length changed since the last copy are copied
	// (admit and unlink mark them in qChg).
	selDirty := m.qChg.Any()
	if selDirty {
		for w := range m.qChg {
			for word := m.qChg[w]; word != 0; word &= word - 1 {
				i := w<<6 | trailingZeros(word)
				m.qlenQ[i] = m.qlenD[i]
			}
		}
		m.qChg = rtl.Bitmap{}
	}
	m.freeQ = m.freeD
	if m.thresholds(m.freeD) {
		selDirty = true
	}
	// The selector's next register value depends only on qlen and thr: when
	// neither changed since its last Eval, that value is already in its
	// register, so only its output needs refreshing.
	if selDirty {
		m.sel.Eval()
	} else {
		m.sel.OverO = m.sel.State().OverQ
	}
}

// thresholds evaluates u_thr for free count free when it changed (the α
// exponents are fixed at New) and spreads the class thresholds to the
// queues (thrq); it reports whether any queue's moved.
func (m *TM) thresholds(free int) bool {
	if m.thrValid && free == m.thrFree {
		return false
	}
	m.thrValid, m.thrFree = true, free
	m.thr.FreeI = free
	m.thr.Eval()
	// thrq[c] for c < Q still holds class c's previous threshold: spread
	// only the classes whose threshold moved.
	thr := m.thr.Thr.ThrO
	if len(thr) > len(m.thrq) {
		thr = thr[:len(m.thrq)]
	}
	moved := false
	for c, v := range thr {
		if m.thrq[c] == v {
			continue
		}
		for i := c; i < len(m.thrq); i += len(thr) {
			m.thrq[i] = v
		}
		moved = true
	}
	return moved
}
