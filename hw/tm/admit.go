package tm

import (
	"occamy/hw/admission"
	"occamy/rtl/port"
)

// Admission is the ingress admission (stage 1). Verilog: tm_admission
// (u_adm). Up to IN = Config.MaxOffers packets a cycle (in_valid_i,
// in_qid_i, in_cells_i; slot order is Offer order) are decided with
// hw/admission's rule: DT (qlen + n ≤ thr and n ≤ free), or, with
// pushout_i, Pushout (n ≤ free, or some start-of-cycle queue is longer
// than qlen, and free − n ≥ −WAIT); the Go-only ABM rule divides the
// threshold among the class's non-empty queues. Each slot decides on its
// own: qlen and free are the start-of-cycle values less the cells of every
// earlier valid slot of the cycle (to the slot's queue, and in all),
// admitted or not, so no decision waits for another (conservative: a
// refused earlier slot still counts); thr_i is the start-of-cycle
// threshold. An admitted packet takes its cells from the free count and
// adds them to its queue at once, gets the next serial, and is listed in
// adm_* (packed from entry 0). The ideal pushout (MakeRoom) keeps the
// running rule. Combinational, no register.
//
// pushout_i is configuration held constant from reset: New sets it (and
// the rule) from Config.Policy.
type Admission struct {
	InValidI []bool   // in_valid_i: slot i offers a packet
	InQidI   []uint32 // in_qid_i: its queue
	InCellsI []uint32 // in_cells_i: its cells
	QlenI    []uint32 // qlen_i: start-of-cycle queue lengths
	ThrI     []uint32 // thr_i: each queue's threshold this cycle
	PushoutI bool     // pushout_i: the Pushout rule (pushout-ports), else DT
	FreeI    int      // free_i: start-of-cycle free count (negative while Pushout's cells wait)
	SerialI  uint32   // serial_i: serial of the last admitted packet

	InOkO      []bool   // in_ok_o: comb, slot i admitted
	QlenO      []uint32 // qlen_o: comb, lengths after this cycle's admissions
	FreeO      int      // free_o: comb, free count after them
	SerialO    uint32   // serial_o: comb, serial of the last packet admitted so far
	AdmNO      int      // adm_n_o: comb, packets admitted
	AdmQidO    []uint32 // adm_qid_o: comb, their queues, packed from entry 0
	AdmCellsO  []uint32 // adm_cells_o: comb, their cells
	AdmSerialO []uint32 // adm_serial_o: comb, their serials

	// Go only.
	InNI       int      // slots at or above InNI are not valid (occamy_tm packs valid slots from 0): Eval reads no further
	ActiveI    []int    // ABM: per class, queues holding a cell at the start of the cycle
	QlenAfterO []uint32 // per admitted slot, its queue's length right after its admission (the counters)
	// QlenHeld says qlen_o already holds qlen_i when Eval starts, so Eval
	// does not copy it: the TM's qlen_o is its running length register
	// array, which holds the start-of-cycle lengths at stage 1.
	QlenHeld bool
	// MakeRoom, when set, is the ideal Pushout's backdoor: before deciding
	// slot i (queue q, n cells) with n above the running free count, Eval
	// calls it with that count; it expels head packets at once (changing
	// qlen_o through the TM's aliasing) and returns the cells freed.
	MakeRoom func(slot, q, n, free int) int

	u    *admission.Unit // the rule (hw/admission; its own threshold stage unused)
	act  []int           // ABM: running non-empty queues per class
	nOK  int             // in_ok_o entries Eval may have set last time
	mode admission.Mode
}

// newAdmission builds tm_admission for c: IN = MaxOffers slots, the rule
// of c.Policy (Pushout with WAIT = PushoutWait for pushout-ports, with no
// wait for the ideal pushout, whose backdoor makes room first).
func newAdmission(c *Config) (*Admission, error) {
	mode, wait := admission.DT, c.PushoutWait
	switch c.Policy {
	case polPushout:
		mode, wait = admission.Pushout, 0
	case polPushoutPort:
		mode = admission.Pushout
	case polABM:
		mode = admission.ABM
	}
	u, err := admission.New(admission.Params{N: c.N(), Q: c.Q, QW: c.QW, AW: c.AW, Mode: mode, Wait: wait})
	if err != nil {
		return nil, err
	}
	n, in := c.N(), c.MaxOffers
	return &Admission{
		InValidI: make([]bool, in), InQidI: make([]uint32, in), InCellsI: make([]uint32, in),
		QlenI: make([]uint32, n), ThrI: make([]uint32, n), PushoutI: mode == admission.Pushout,
		InOkO: make([]bool, in), QlenO: make([]uint32, n),
		AdmQidO: make([]uint32, in), AdmCellsO: make([]uint32, in), AdmSerialO: make([]uint32, in),
		InNI: in, ActiveI: make([]int, c.Q), QlenAfterO: make([]uint32, in),
		u: u, act: u.ActiveI, nOK: in, mode: mode,
	}, nil
}

// Eval decides slots 0..InNI-1. Each slot is decided against the start-
// of-cycle length of its queue and the start-of-cycle free count less the
// cells of every earlier valid slot of the cycle (to its queue, and in
// all), admitted or not: no decision waits for another (tm_admission's
// broken slot chain). Under ABM a queue empty at the start of the cycle
// counts as active from its first earlier valid slot. The ideal pushout
// (MakeRoom) keeps the running rule: its backdoor changes the lengths as
// it decides.
func (a *Admission) Eval() {
	if !a.QlenHeld {
		copy(a.QlenO, a.QlenI)
	}
	if a.MakeRoom != nil {
		a.evalRunning()
		return
	}
	free, serial, k, all := a.FreeI, a.SerialI, 0, 0
	if a.mode == admission.ABM {
		copy(a.act, a.ActiveI)
	}
	maxQ, haveMax := uint32(0), false
	n := min(a.InNI, len(a.InValidI))
	for i := 0; i < n; i++ {
		a.InOkO[i] = false
		if !a.InValidI[i] {
			continue
		}
		q, c := int(a.InQidI[i]), int(a.InCellsI[i])
		same := uint32(0) // earlier valid slots' cells to q
		for j := 0; j < i; j++ {
			if a.InValidI[j] && int(a.InQidI[j]) == q {
				same += a.InCellsI[j]
			}
		}
		mx := uint32(0)
		if a.PushoutI && c > a.FreeI-all {
			if !haveMax { // some start-of-cycle length above the slot's view
				for _, v := range a.QlenI {
					maxQ = max(maxQ, v)
				}
				haveMax = true
			}
			mx = maxQ
		}
		ok := a.u.DecideAt(q, c, a.QlenI[q]+same, a.ThrI[q], a.FreeI-all, mx).Admitted()
		if a.mode == admission.ABM && a.QlenI[q] == 0 && same == 0 {
			a.act[q%len(a.act)]++
		}
		all += c
		if !ok {
			continue
		}
		free -= c
		serial++
		a.take(i, q, c, k, serial)
		k++
	}
	a.finish(n, k, free, serial)
}

// evalRunning is the ideal pushout's rule: slots in order against the
// running length and free count, MakeRoom expelling first.
func (a *Admission) evalRunning() {
	free, serial, k := a.FreeI, a.SerialI, 0
	n := min(a.InNI, len(a.InValidI))
	for i := 0; i < n; i++ {
		a.InOkO[i] = false
		if !a.InValidI[i] {
			continue
		}
		q, c := int(a.InQidI[i]), int(a.InCellsI[i])
		if c > free {
			free += a.MakeRoom(i, q, c, free)
		}
		if !a.u.DecideAt(q, c, a.QlenO[q], a.ThrI[q], free, 0).Admitted() {
			continue
		}
		free -= c
		serial++
		a.take(i, q, c, k, serial)
		k++
	}
	a.finish(n, k, free, serial)
}

// take records slot i's admission (queue q, c cells) as packed entry k
// with serial s: the queue's length grows by c at once.
func (a *Admission) take(i, q, c, k int, s uint32) {
	a.QlenO[q] += uint32(c)
	a.InOkO[i] = true
	a.QlenAfterO[i] = a.QlenO[q]
	a.AdmQidO[k], a.AdmCellsO[k], a.AdmSerialO[k] = uint32(q), uint32(c), s
}

// finish clears the outputs of slots n.. and entries k.. and sets the
// counts.
func (a *Admission) finish(n, k, free int, serial uint32) {
	for i := n; i < a.nOK; i++ {
		a.InOkO[i] = false
	}
	a.nOK = n
	for i := k; i < a.AdmNO; i++ {
		a.AdmQidO[i], a.AdmCellsO[i], a.AdmSerialO[i] = 0, 0, 0
	}
	a.FreeO, a.SerialO, a.AdmNO = free, serial, k
}

// Commit does nothing: tm_admission has no register.
func (a *Admission) Commit() {}

func admissionPorts(v vw, wait int) SubBlock {
	return SubBlock{
		Module: "tm_admission", Instance: "u_adm",
		Params: []Param{{"N", v.N}, {"QW", v.QW}, {"LW", v.LW}, {"IN", v.IN}, {"SW", v.SW}, {"WAIT", wait}},
		Ports: append(append([]port.Port(nil), clkRst...),
			in("in_valid_i", v.IN), in("in_qid_i", v.IN*v.IW), in("in_cells_i", v.IN*v.LW),
			in("qlen_i", v.N*v.QW), in("thr_i", v.N*v.QW), in("pushout_i", 1), in("free_i", v.QW+1), in("serial_i", v.SW),
			out("in_ok_o", v.IN), out("qlen_o", v.N*v.QW), out("free_o", v.QW+1), out("serial_o", v.SW),
			out("adm_n_o", v.NW), out("adm_qid_o", v.IN*v.IW), out("adm_cells_o", v.IN*v.LW), out("adm_serial_o", v.IN*v.SW)),
	}
}

// rtlWait is occamy_tm's WAIT for Config c: PushoutWait capped at B and
// at 2^QW−1−B, so that a queue length with its waiting cells fits in QW
// bits.
func rtlWait(c *Config) int {
	qmax := 1<<min(c.QW, 17) - 1
	if c.QW >= 17 {
		qmax = 131071
	}
	return max(0, min(c.PushoutWait, c.B, qmax-c.B))
}
