package tm

import (
	"fmt"

	"occamy/hw/admission"
)

// Admission is the ingress and the admission decision. Verilog:
// tm_admission. It takes IN = Config.MaxOffers packets per cycle
// (in_valid_i, in_qid_i, in_cells_i; Offer order is slot order) and decides
// each in slot order with hw/admission's rule against the start-of-cycle
// class thresholds of its dt_threshold (u_thr) and the running queue
// length and free count; in_ok_o (Outputs.InOK) says which were admitted.
// Offers beyond IN in one cycle are dropped at the ingress. The thresholds,
// spread to the queues (thrO), are also the selector's thr_i.
type Admission struct {
	u  *admission.Unit // DT threshold unit and decision rule
	in int             // IN: slots per cycle

	inI []Arrival // in_valid_i, in_qid_i, in_cells_i: this cycle's offers, Offer order (beyond in: ingress drops)

	thrO     []uint32 // per queue threshold (its class's): selector thr_i
	thrFree  int      // free count the thresholds were last evaluated for
	thrValid bool     // thrFree is meaningful
	maxQ     uint32   // pushout-ports: start-of-cycle longest queue (ideal maximum finder)
}

// init builds the admission unit for c's policy.
func (a *Admission) init(c *Config) error {
	mode, wait := admission.DT, c.PushoutWait
	switch c.Policy {
	case polPushout:
		// The ideal Pushout makes room before admission decides, so the
		// admission unit's rule is "admit iff it fits" (no wait).
		mode, wait = admission.Pushout, 0
	case polPushoutPort:
		mode = admission.Pushout
	case polABM:
		mode = admission.ABM
	}
	u, err := admission.New(admission.Params{N: c.N(), Q: c.Q, QW: c.QW, AW: c.AW, Mode: mode, Wait: wait})
	if err != nil {
		return err
	}
	for i, s := range c.AlphaExp {
		u.AlphaI[i] = int8(s)
	}
	a.u, a.in = u, c.MaxOffers
	a.inI = make([]Arrival, 0, c.MaxOffers)
	a.thrO = make([]uint32, c.N())
	return nil
}

// offer takes one packet for the coming cycle.
func (a *Admission) offer(x Arrival) { a.inI = append(a.inI, x) }

// commit empties the ingress slots at the edge.
func (a *Admission) commit() { a.inI = a.inI[:0] }

// thresholds evaluates the threshold unit for free count free when it
// changed (the α exponents are fixed at New) and spreads the class
// thresholds to the queues; it reports whether any queue's moved.
func (a *Admission) thresholds(free int) bool {
	if a.thrValid && free == a.thrFree {
		return false
	}
	return a.spread(free)
}

// spread evaluates the threshold unit for free and spreads the classes'
// thresholds that moved to their queues.
func (a *Admission) spread(free int) bool {
	a.thrValid, a.thrFree = true, free
	a.u.FreeI = free
	a.u.Eval()
	// thrO[c] for c < Q still holds class c's previous threshold: spread
	// only the classes whose threshold moved.
	thr := a.u.Thr.ThrO
	if len(thr) > len(a.thrO) {
		thr = thr[:len(a.thrO)]
	}
	moved := false
	for c, v := range thr {
		if a.thrO[c] == v {
			continue
		}
		for i := c; i < len(a.thrO); i += len(thr) {
			a.thrO[i] = v
		}
		moved = true
	}
	return moved
}

// eval decides every packet offered this cycle, in Offer order (stage 1).
// An admitted packet is accounted at once (its queue length grows and the
// free count shrinks by its cells) and waits in the enqueue engine's FIFO
// for its cells to be popped and its PD linked.
func (a *Admission) eval(m *TM) {
	n := len(a.inI)
	m.out.NIn = min(n, a.in)
	for i := 0; i < n; i++ {
		x := a.inI[i]
		if i < a.in {
			m.out.InOK[i] = false
		}
		if x.Queue < 0 || x.Queue >= m.n {
			m.fail(fmt.Errorf("cycle %d: arrival %d: queue %d outside 0..%d", m.cycle, i, x.Queue, m.n-1))
			continue
		}
		if x.Cells < 1 || x.Cells > m.cfg.MaxPkt {
			m.fail(fmt.Errorf("cycle %d: arrival %d: %d cells outside 1..%d (MaxPkt)", m.cycle, i, x.Cells, m.cfg.MaxPkt))
			continue
		}
		q, c := x.Queue, x.Cells
		st := &m.stats.Queues[q]
		st.Arrived.Pkts++
		st.Arrived.Cells += uint64(c)
		if i >= a.in {
			st.AdmDropped.Pkts++
			st.AdmDropped.Cells += uint64(c)
			st.IngressDropped.Pkts++
			st.IngressDropped.Cells += uint64(c)
			m.event(EvAdmDrop, q, i, 0)
			continue
		}
		if m.pol == polPushout && c > m.freeD {
			m.pushOut(q, c)
		}
		d := a.u.Decide(q, c, m.qlenD[q], m.freeD, a.maxQ)
		if !d.Admitted() || m.enq.fifoQ.Full() {
			st.AdmDropped.Pkts++
			st.AdmDropped.Cells += uint64(c)
			m.event(EvAdmDrop, q, i, 0)
			continue
		}
		m.admitted(q, c)
		m.out.InOK[i] = true
		m.event(EvAdmit, q, i, m.serial)
		m.enq.fifoQ.Push(enqPkt{q: int32(q), cells: uint16(c), serial: m.serial})
	}
}

// admitted accounts an admitted packet of n cells to queue q and gives it
// the next serial.
func (m *TM) admitted(q, n int) {
	st := &m.stats.Queues[q]
	st.Admitted.Pkts++
	st.Admitted.Cells += uint64(n)
	if m.qlenD[q] == 0 {
		m.active[q%m.cfg.Q]++
	}
	m.qlenD[q] += uint32(n)
	m.qChg.Set(q)
	m.qpkts[q]++
	m.freeD -= n
	m.unpopped += n
	m.sumQlen += n
	m.sumPkts++
	if uint64(m.qlenD[q]) > st.MaxLen.Cells {
		st.MaxLen.Cells = uint64(m.qlenD[q])
	}
	if uint64(m.qpkts[q]) > st.MaxLen.Pkts {
		st.MaxLen.Pkts = uint64(m.qpkts[q])
	}
	if t := &m.stats.Total.MaxLen; uint64(m.sumQlen) > t.Cells {
		t.Cells = uint64(m.sumQlen)
	}
	if t := &m.stats.Total.MaxLen; uint64(m.sumPkts) > t.Pkts {
		t.Pkts = uint64(m.sumPkts)
	}
	m.serial++
}
