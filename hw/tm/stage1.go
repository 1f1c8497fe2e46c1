package tm

import "fmt"

// admit runs u_adm: the first IN offers drive its slots (an offer with a
// queue or size out of range is a modelling error and leaves its slot
// empty); its stage 3 applies the decisions of the cycle before, which
// the top accounts (lengths, counters of the queue); its stage 2 decides
// the offers of the cycle before, which the top accounts in slot order
// (AdmitLag: counters and events). Offers beyond IN are ingress drops,
// accounted in their own cycle after the decisions.
func (m *TM) admit() {
	a := m.u.adm
	n := len(m.obs.offers)
	slots := min(n, len(a.InValidI))
	if slots|a.InNI != 0 {
		for i, x := range m.obs.offers[:slots] {
			// In range (validOffer's test, unsigned: one compare each),
			// else validOffer fails the model.
			a.InValidI[i] = uint(x.Queue) < uint(m.p.n) && uint(x.Cells-1) < uint(m.cfg.MaxPkt) || m.validOffer(i, x)
			a.InQidI[i], a.InCellsI[i] = uint32(x.Queue), uint32(x.Cells)
		}
		for i := slots; i < a.InNI; i++ { // slots last cycle offered and this one does not: in_valid_i is 0
			a.InValidI[i] = false
		}
		a.InNI = slots
	}
	a.FreeI, a.SerialI = m.r.freeD, m.r.serial
	m.obs.admDone, m.obs.effDone = 0, false
	a.Eval()
	if a.AdmNO > 0 { // (the ideal pushout's makeRoom may have accounted them)
		m.accountEffects()
	}
	if a.DecNO > m.obs.admDone {
		m.accountAdmissions(a.DecNO)
	}
	m.obs.out.NIn = a.DecNO
	m.r.freeD, m.r.serial = a.FreeO, a.SerialO
	m.u.enq.AdmNI = a.AdmNO
	for i := slots; i < n; i++ { // offers beyond IN: ingress drops, answered in their cycle
		x := m.obs.offers[i]
		if !m.validOffer(i, x) {
			continue
		}
		st := &m.obs.stats.Queues[x.Queue]
		st.Arrived.Pkts++
		st.Arrived.Cells += uint64(x.Cells)
		st.AdmDropped.Pkts++
		st.AdmDropped.Cells += uint64(x.Cells)
		st.IngressDropped.Pkts++
		st.IngressDropped.Cells += uint64(x.Cells)
		m.event(EvAdmDrop, x.Queue, i, 0)
	}
}

// accountEffects does the top's accounting of u_adm's stage 3, once a
// cycle: each packet taking effect adds its cells to its queue (u_adm has
// already added them to the lengths: qlen_o is the top's length array).
func (m *TM) accountEffects() {
	if m.obs.effDone {
		return
	}
	m.obs.effDone = true
	a := m.u.adm
	n := a.AdmNO
	cells, after := a.AdmCellsO[:n], a.QlenAfterO[:n]
	for k, qk := range a.AdmQidO[:n] {
		q, c, ql := int(qk), int(cells[k]), after[k]
		st := &m.obs.stats.Queues[q]
		if ql == uint32(c) {
			m.acct.active[q%m.cfg.Q]++
		}
		m.r.qChg.Set(q)
		m.acct.qpkts[q]++
		m.acct.unpopped += c
		m.acct.sumQlen += c
		m.acct.sumPkts++
		if uint64(ql) > st.MaxLen.Cells {
			st.MaxLen.Cells = uint64(ql)
		}
		if uint64(m.acct.qpkts[q]) > st.MaxLen.Pkts {
			st.MaxLen.Pkts = uint64(m.acct.qpkts[q])
		}
		if t := &m.obs.stats.Total.MaxLen; uint64(m.acct.sumQlen) > t.Cells {
			t.Cells = uint64(m.acct.sumQlen)
		}
		if t := &m.obs.stats.Total.MaxLen; uint64(m.acct.sumPkts) > t.Pkts {
			t.Pkts = uint64(m.acct.sumPkts)
		}
	}
}

// validOffer reports whether offer i is in range, failing the model if
// not.
func (m *TM) validOffer(i int, x Arrival) bool {
	if x.Queue < 0 || x.Queue >= m.p.n {
		m.fail(fmt.Errorf("cycle %d: arrival %d: queue %d outside 0..%d", m.cycle, i, x.Queue, m.p.n-1))
		return false
	}
	if x.Cells < 1 || x.Cells > m.cfg.MaxPkt {
		m.fail(fmt.Errorf("cycle %d: arrival %d: %d cells outside 1..%d (MaxPkt)", m.cycle, i, x.Cells, m.cfg.MaxPkt))
		return false
	}
	return true
}

// accountAdmissions does the top's accounting of u_adm's decisions of
// slots admDone..upto-1 (the offers of the cycle before), in slot order:
// counters and events.
func (m *TM) accountAdmissions(upto int) {
	a := m.u.adm
	k := 0
	for i := 0; i < m.obs.admDone; i++ {
		if a.InOkO[i] {
			k++
		}
	}
	for i := m.obs.admDone; i < upto; i++ {
		valid, q, c := a.Decided(i)
		if !valid {
			continue
		}
		st := &m.obs.stats.Queues[q]
		st.Arrived.Pkts++
		st.Arrived.Cells += uint64(c)
		if !a.InOkO[i] {
			st.AdmDropped.Pkts++
			st.AdmDropped.Cells += uint64(c)
			m.event(EvAdmDrop, q, i, 0)
			continue
		}
		serial := a.Serial(k)
		k++
		st.Admitted.Pkts++
		st.Admitted.Cells += uint64(c)
		m.event(EvAdmit, q, i, serial)
	}
	m.obs.admDone = max(m.obs.admDone, upto)
}

// makeRoom is u_adm's MakeRoom for the ideal Pushout: before slot i is
// decided, the effects of the cycle and the slots before it are accounted
// (so events and counters keep slot order), then head packets are
// expelled until the slot's n cells fit (pushout.go). It returns the
// cells freed.
func (m *TM) makeRoom(slot, q, n, free int) int {
	m.accountEffects()
	m.accountAdmissions(slot)
	return m.pushOut(slot, q, n, free)
}
