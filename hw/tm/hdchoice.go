package tm

import (
	"occamy/hw/maxfind"
	"occamy/rtl"
)

// choose (stage D) chooses a queue to expel from and, if the executor is
// idle and a PD read port is still free after the dequeue, starts it on
// that queue. The policies differ only in the choice, made from the
// selector's bitmap (u_sel) and the arbiter (u_arb):
//
//   - occamy: the round-robin arbiter over the selector bitmap;
//   - occamy-lqd: the longest queue set in the selector bitmap;
//   - pushout-ports: the longest queue, only while the free count is
//     negative (admitted packets wait for room);
//   - dt, abm, and the ideal pushout (which expels at admission, see
//     pushout.go): never.
//
// Candidates are the queues with a linked PD whose head is not locked by a
// read in flight (the bitmap is masked with them before the choice), so
// neither choice can pick a queue the executor cannot serve. The longest-
// queue choices model an ideal maximum finder: the exact maximum of the
// start-of-cycle lengths, in the same cycle, at no cost.
func (h *HDExec) choose(m *TM) {
	h.gntO = false
	if m.pol == polDT || m.pol == polABM || m.pol == polPushout {
		return
	}
	var cand rtl.Bitmap
	idle := h.idle(m) && m.pds.Mem.ReadsLeft() > 0
	q := -1
	if m.pol != polPushoutPort && !m.sel.OverO.Any() {
		// Nothing over its threshold: the arbiter sees no request.
		if m.pol == polOccamy {
			m.arb.ReqI, m.arb.AckI = cand, false
			m.arb.Eval()
		}
		return
	}
	for w := range cand {
		cand[w] = m.nonEmpty[w] &^ m.locked[w]
	}
	switch m.pol {
	case polOccamy:
		q = h.chooseRR(m, &cand, idle)
	case polLQD:
		for w := range cand {
			cand[w] &= m.sel.OverO[w]
		}
		q = h.chooseLongest(m, &cand)
		if q >= 0 && m.cfg.HDRecheck && !m.overNow(q) {
			q = -1
		}
	case polPushoutPort:
		if m.freeD < 0 {
			q = h.chooseLongest(m, &cand)
		}
	}
	if q < 0 {
		return
	}
	h.gntO, h.gntIdxO = true, q
	if idle {
		h.start(m, q)
	}
}

// chooseRR is Occamy's choice: the arbiter's grant over the selector
// bitmap masked by the candidates. The grant is acknowledged (the arbiter's
// pointer moves past it) only when the executor takes it.
func (h *HDExec) chooseRR(m *TM, cand *rtl.Bitmap, take bool) int {
	a := m.arb
	for w := range cand {
		a.ReqI[w] = m.sel.OverO[w] & cand[w]
	}
	if m.cfg.HDRecheck {
		a.AckI = false
		a.Eval()
		if !a.GntValidO || !m.overNow(int(a.GntIdxO)) {
			return -1 // stale grant: issue nothing, keep the pointer
		}
		if !take {
			return int(a.GntIdxO)
		}
	}
	a.AckI = take
	a.Eval()
	if !a.GntValidO {
		return -1
	}
	return int(a.GntIdxO)
}

// overNow is the re-check comparator: queue q's start-of-cycle length
// against its threshold of this cycle (the selector's compare, unregistered).
func (m *TM) overNow(q int) bool { return m.qlenQ[q] > m.adm.thrO[q] }

// chooseLongest is the ideal maximum finder over the candidate bitmap: the
// longest start-of-cycle queue, the lowest index on ties (tm_maxfind's
// contract, hw/maxfind).
func (h *HDExec) chooseLongest(m *TM, cand *rtl.Bitmap) int { return maxfind.Longest(cand, m.qlenQ) }
