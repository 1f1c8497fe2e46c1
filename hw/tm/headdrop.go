package tm

import (
	"occamy/hw/mem"
	"occamy/rtl"
)

// hdIssue (stage D) chooses a queue to expel from and, if the head-drop
// executor is idle and a PD read port is still free after the dequeue,
// reads that queue's head PD. The policies differ only in the choice:
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
func (m *TM) hdIssue() {
	m.gntValid = false
	if m.pol == polDT || m.pol == polABM || m.pol == polPushout {
		return
	}
	var cand rtl.Bitmap
	idle := !m.hdRd.valid && !m.hdBusy && m.pds.Mem.ReadsLeft() > 0
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
		q = m.chooseRR(&cand, idle)
	case polLQD:
		for w := range cand {
			cand[w] &= m.sel.OverO[w]
		}
		q = m.chooseLongest(&cand)
		if q >= 0 && m.cfg.HDRecheck && !m.overNow(q) {
			q = -1
		}
	case polPushoutPort:
		if m.free < 0 {
			q = m.chooseLongest(&cand)
		}
	}
	if q < 0 {
		return
	}
	m.gntValid, m.gntIdx = true, q
	if idle {
		m.hdStart(q)
	}
}

// chooseRR is Occamy's choice: the arbiter's grant over the selector
// bitmap masked by the candidates. The grant is acknowledged (the arbiter's
// pointer moves past it) only when the executor takes it.
func (m *TM) chooseRR(cand *rtl.Bitmap, take bool) int {
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
func (m *TM) overNow(q int) bool { return m.qlenQ[q] > m.thrQ[q] }

// chooseLongest is the ideal maximum finder over the candidate bitmap: the
// longest start-of-cycle queue, the lowest index on ties.
func (m *TM) chooseLongest(cand *rtl.Bitmap) int {
	best, bestLen := -1, uint32(0)
	for w, word := range cand {
		for word != 0 {
			i := w<<6 | trailingZeros(word)
			word &= word - 1
			if l := m.qlenQ[i]; best < 0 || l > bestLen {
				best, bestLen = i, l
			}
		}
	}
	return best
}

// hdStart reads queue q's head PD for the head-drop executor and locks q.
func (m *TM) hdStart(q int) {
	_, v, err := m.pds.ReadHead(q)
	if err != nil {
		m.fail(err)
		return
	}
	m.locked.Set(q)
	m.hdStale = (m.pol == polOccamy || m.pol == polLQD) && !m.overNow(q)
	m.hdUse[MemPD].Reads++
	m.hdRd = pdRead{valid: true, q: q, v: v, ready: m.pds.Mem.ReadyAt(m.cycle)}
}

// hdCellsStage (stage G) returns the expelled packet's cells to the free
// list with the ports the dequeue and the enqueue left idle this cycle:
// per-cell mode runs the same cell rounds as the dequeue without the data
// reads (all or nothing per round); chain mode appends each sub-list with
// one cell-pointer write as write ports allow.
func (m *TM) hdCellsStage() {
	if !m.hdBusy {
		return
	}
	j := &m.hdJob
	k, n := m.k, int(j.v.Cells)
	if m.chain {
		for s := 0; s < min(n, k); s++ {
			if j.chains>>uint(s)&1 == 0 {
				continue
			}
			h := j.v.Heads[s]
			b := m.fl.Bank(h)
			if m.fl.AppendWrites(b) > m.cp.WritesLeft() {
				continue
			}
			l := mem.SubListLen(n, k, s)
			m.fl.AppendChain(b, h, j.v.Tails[s], l)
			j.chains &^= 1 << uint(s)
			m.free += l
			m.inflight -= l
		}
		if j.chains == 0 {
			m.hdBusy = false
		}
		return
	}
	if j.ready > m.cycle {
		return
	}
	cnt, reads := roundSize(n, j.done, k)
	if reads > m.cp.ReadsLeft() || cnt > m.cp.WritesLeft() {
		return
	}
	for s := 0; s < cnt; s++ {
		x, i := j.cur[s], j.done+s
		if i+k < n {
			j.cur[s] = m.cp.Read(int(x))
		}
		m.fl.Append(x)
	}
	j.done += cnt
	m.free += cnt
	m.inflight -= cnt
	j.ready = m.cp.ReadyAt(m.cycle)
	if j.done == n {
		m.hdBusy = false
	}
}
