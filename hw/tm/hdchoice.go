package tm

import (
	"occamy/hw/maxfind"
	"occamy/rtl"
)

// HDChoice is the BM policy's head-drop choice (stage D). Verilog:
// tm_hd_choice (u_choice). It picks the queue the executor (HDExec,
// tm_hd_exec) should expel from this cycle, from the selector's bitmap
// (over_i, u_sel), the candidates (cand_i: queues with a linked PD whose
// head is not locked by a read in flight) and the start-of-cycle lengths
// (qlen_i) and thresholds (thr_i):
//
//   - occamy: the round-robin arbiter (u_arb, driven through arb_req_o and
//     arb_ack_o) over the selector bitmap masked by the candidates,
//     acknowledged only when the executor takes the grant (take_i);
//   - occamy-lqd: the longest candidate set in the selector bitmap
//     (u_maxfind);
//   - pushout-ports: the longest candidate, only while the free count is
//     negative (admitted packets wait for room);
//   - dt, abm, and the ideal pushout (which expels at admission, see
//     pushout.go): never.
//
// With HDRecheck (recheck_i), occamy's and occamy-lqd's grant of a queue
// no longer over its threshold this cycle is no grant (and u_arb's pointer
// stays). The longest-queue choices are tm_maxfind's (hw/maxfind): the
// exact maximum of the start-of-cycle lengths, the lowest index on ties,
// combinational. HDChoice holds no register (u_arb's are State.Arb), so
// State has no field for it.
type HDChoice struct {
	candI   rtl.Bitmap // cand_i as the choice saw it (Probe.Cand); zero when it chose nothing
	gntO    bool       // gnt_valid_o: the choice of this cycle (trace)
	gntIdxO int        // gnt_idx_o
}

// eval makes this cycle's choice; take is take_i, the executor's take_o
// (idle, and a PD read port still free after the dequeue). It returns the
// chosen queue or -1; the top starts the executor on it when take.
func (c *HDChoice) eval(m *TM, take bool) int {
	c.gntO, c.candI = false, rtl.Bitmap{}
	if m.pol == polDT || m.pol == polABM || m.pol == polPushout {
		return -1
	}
	var cand rtl.Bitmap
	q := -1
	if m.pol != polPushoutPort && !m.sel.OverO.Any() {
		// Nothing over its threshold: the arbiter sees no request.
		if m.pol == polOccamy {
			m.arb.ReqI, m.arb.AckI = cand, false
			m.arb.Eval()
		}
		return -1
	}
	for w := range cand {
		cand[w] = m.nonEmpty[w] &^ m.locked[w]
	}
	c.candI = cand
	switch m.pol {
	case polOccamy:
		q = c.chooseRR(m, &cand, take)
	case polLQD:
		for w := range cand {
			cand[w] &= m.sel.OverO[w]
		}
		q = maxfind.Longest(&cand, m.qlenQ)
		if q >= 0 && m.cfg.HDRecheck && !m.overNow(q) {
			q = -1
		}
	case polPushoutPort:
		if m.freeD < 0 {
			q = maxfind.Longest(&cand, m.qlenQ)
		}
	}
	if q < 0 {
		return -1
	}
	c.gntO, c.gntIdxO = true, q
	return q
}

// chooseRR is Occamy's choice: the arbiter's grant over the selector
// bitmap masked by the candidates. The grant is acknowledged (the arbiter's
// pointer moves past it) only when the executor takes it.
func (c *HDChoice) chooseRR(m *TM, cand *rtl.Bitmap, take bool) int {
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
