package tm

import (
	"occamy/hw/admission"
)

// Admission is the ingress admission. Verilog: tm_admission (u_adm), three
// stages. Up to IN = Config.MaxOffers packets a cycle (in_valid_i,
// in_qid_i, in_cells_i; slot order is Offer order) are decided with
// hw/admission's rule: DT (qlen + n ≤ thr and n ≤ free), or, with
// pushout_i, Pushout (n ≤ free, or some queue is longer than qlen, and
// free − n ≥ −WAIT); the Go-only ABM rule divides the threshold among the
// class's non-empty queues.
//
//   - Stage 1 (offer cycle c, registers s1): per slot its queue's
//     threshold and length at c, the cells of every earlier valid slot of
//     the cycle (to its queue, and in all), admitted or not, and the cells
//     the batch taking effect at c (s3) and the batch decided at c−1 (s2)
//     admit to its queue; Pushout: whether some length at c exceeds its
//     queue's plus the earlier same-queue cells (the maximum at c).
//   - Stage 2 (c+1, in_ok_o): the decision, against the stage-1 length
//     plus the cells the batch decided at c (s2 at c+1) admits to its
//     queue, the stage-1 threshold (both one cycle stale: the unlinks of
//     cycle c unseen, so this errs on refusing), and free_i of c+1 less the
//     cells of s3 and s2 at c+1 (exact). Registers s2: the decisions.
//   - Stage 3 (c+2, registers s3): the s2 decisions' admitted packets,
//     packed from entry 0 (the RTL also decodes their cells per queue).
//   - Stage 4 (c+3): s3's effects: each admitted packet takes its cells
//     from the free count and adds them to its queue (qlen_o, free_o), gets
//     the next serial, and is listed in adm_*. AdmitSettle = 2: the
//     decision's effects are a register (issue 29).
//
// The ideal pushout (MakeRoom) decides at stage 2 on the running free count
// (free_o less s2's cells and the earlier admitted slots of the batch), its
// backdoor expelling first (the freed cells in free_o at once); its
// admitted cells take effect at stage 4 like any other.
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

	InOkO      []bool   // in_ok_o: slot i of the previous cycle's offers admitted
	QlenO      []uint32 // qlen_o: lengths after the effects of the batch decided last cycle
	FreeO      int      // free_o: free count after them
	SerialO    uint32   // serial_o: serial of the last packet admitted so far
	TotO       int      // tot_o: the cells taking effect (free_i − free_o)
	AdmNO      int      // adm_n_o: packets taking effect
	AdmQidO    []uint32 // adm_qid_o: their queues, packed from entry 0
	AdmCellsO  []uint32 // adm_cells_o: their cells
	AdmSerialO []uint32 // adm_serial_o: their serials

	// Go only.
	InNI       int      // slots at or above InNI are not valid (occamy_tm packs valid slots from 0): Eval reads no further
	ActiveI    []int    // ABM: per class, queues holding a cell at the start of the cycle
	QlenAfterO []uint32 // per entry of adm_*, its queue's length right after it (the counters)
	// DecNO is the slots the decision covers (in_ok_o entries at or above it
	// are 0): the InNI of the cycle before.
	DecNO int
	// QlenHeld says qlen_o already holds qlen_i when Eval starts, so Eval
	// does not copy it: the TM's qlen_o is its running length register
	// array, which holds the start-of-cycle lengths at stage 1.
	QlenHeld bool
	// MakeRoom, when set, is the ideal Pushout's backdoor: before deciding
	// slot i (queue q, n cells) with n above the running free count, Eval
	// calls it with that count; it expels head packets at once (changing
	// qlen_o through the TM's aliasing) and returns the cells freed.
	MakeRoom func(slot, q, n, free int) int

	s1, s1d []admReg // stage 1: the offers of the cycle before (s1), of this cycle (s1d)
	s1n     int      // slots s1 holds; s1dn: s1d's
	s1dn    int
	s1max   uint32 // Pushout: the longest length at s1's offer cycle
	s1dmax  uint32
	s2      []s2Reg // stage 2: the decisions of the cycle before
	s2cnt   int     // slots s2 holds
	s2ok    int     // of them admitted (Commit counts them as it writes s2)
	s2cells uint32  // their cells
	s3      []s2Reg // stage 3: s2's admitted packets of the cycle before, packed (ok unused)
	s3n     int     // packets s3 holds

	u    *admission.Unit // the rule (hw/admission; its own threshold stage unused)
	act  []int           // ABM: running non-empty queues per class
	nOK  int             // in_ok_o entries Eval may have set last time
	mode admission.Mode
}

// s2Reg is one slot's stage-2 registers: the decision, the queue, the
// cells.
type s2Reg struct {
	ok   bool
	q, n uint32
}

// admReg is one slot's stage-1 registers.
type admReg struct {
	valid bool
	q, n  uint32
	base  uint32 // qlen(q) + earlier same-queue cells + the batch in effect's cells to q
	len0  uint32 // Pushout: qlen(q) + earlier same-queue cells
	thr   uint32 // thr(q)
	all   int    // earlier valid slots' cells
	act   int    // ABM: the class's non-empty queues the slot sees
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
		s1: make([]admReg, in), s1d: make([]admReg, in),
		s2: make([]s2Reg, in), s3: make([]s2Reg, in),
		u: u, act: u.ActiveI, nOK: in, mode: mode,
	}, nil
}

// Busy reports whether a stage holds an offer or a decision: Eval has
// something to do even without offers.
func (a *Admission) Busy() bool { return a.s1n|a.s2cnt|a.s3n != 0 } // (counts: one test)

// Eval runs the stages: stage 4 applies s3 (the decisions of two cycles
// before), stage 1 registers this cycle's offers, stage 2 decides the
// offers of the cycle before against the free count after stage 4 less
// s2's cells (stage 3, s2 into s3, is Commit's). Stage 4 goes first so
// that qlen_o less qlen_i is what the batch taking effect now adds to each
// queue, which stage 1 counts (inEffect), with s2's (pendCells).
//
// A stage with nothing to do is skipped: stage 1 with no slot this cycle
// nor an earlier Eval's; stage 4 and stage 2 with nothing in s3 and s1,
// where only the entries of adm_* and in_ok_o set last time are cleared
// (free_o and serial_o are then free_i and serial_i). The stages are
// written out here rather than called (each call cost the TM's loaded
// cycle 5 to 20 instructions; the three together 3.7, cachegrind on
// BenchmarkTM90/occamy); only the ideal pushout's stage 2 is called.
func (a *Admission) Eval() {
	if !a.QlenHeld {
		copy(a.QlenO, a.QlenI)
	}
	if a.s3n != 0 { // stage 4: s3's packets take effect (lengths, free count, serials, adm_*)
		free, serial, k := a.FreeI, a.SerialI, 0
		for _, r := range a.s3[:a.s3n] {
			q, c := r.q, r.n
			free -= int(c)
			serial++
			a.QlenO[q] += c
			a.QlenAfterO[k] = a.QlenO[q]
			a.AdmQidO[k], a.AdmCellsO[k], a.AdmSerialO[k] = q, c, serial
			k++
		}
		for i := k; i < a.AdmNO; i++ {
			a.AdmQidO[i], a.AdmCellsO[i], a.AdmSerialO[i] = 0, 0, 0
		}
		a.FreeO, a.SerialO, a.AdmNO, a.TotO = free, serial, k, a.FreeI-free
	} else {
		for i := range a.AdmNO {
			a.AdmQidO[i], a.AdmCellsO[i], a.AdmSerialO[i] = 0, 0, 0
		}
		a.FreeO, a.SerialO, a.AdmNO, a.TotO = a.FreeI, a.SerialI, 0, 0
	}
	if a.InNI|a.s1dn != 0 { // stage 1: s1d takes the offers of slots 0..InNI-1
		n := min(a.InNI, len(a.InValidI))
		a.s1dn = n
		if n != 0 {
			if a.mode == admission.ABM {
				copy(a.act, a.ActiveI)
			}
			if a.PushoutI {
				m := uint32(0)
				for _, v := range a.QlenI {
					m = max(m, v)
				}
				a.s1dmax = m
			}
			all := 0
			for i := 0; i < n; i++ {
				r := &a.s1d[i]
				if !a.InValidI[i] {
					*r = admReg{}
					continue
				}
				q, c := a.InQidI[i], a.InCellsI[i]
				same := uint32(0) // earlier valid slots' cells to q
				for j := 0; j < i; j++ {
					if a.InValidI[j] && a.InQidI[j] == q {
						same += a.InCellsI[j]
					}
				}
				len0, act := a.QlenI[q]+same, 0
				if a.mode == admission.ABM {
					cl := int(q) % len(a.act)
					act = a.act[cl]
					if len0 == 0 {
						a.act[cl]++
					}
				}
				// Every field: base with the cells the batch taking effect now
				// and the one decided last cycle add to q.
				r.valid, r.q, r.n, r.base, r.len0 = true, q, c, len0+a.inEffect(q)+a.pendCells(q), len0
				r.thr, r.all, r.act = a.ThrI[q], all, act
				all += int(c)
			}
		}
	}
	switch {
	case a.s1n == 0:
		a.finish(0)
	case a.MakeRoom != nil:
		a.decideRunning()
	default: // stage 2 for the RTL's rules: each slot on its own (DT and ABM on
		// the stage-1 length with the batch decided last cycle, Pushout on
		// the length and maximum at the offer cycle)
		n := a.s1n
		regs, oks := a.s1[:n], a.InOkO[:n]
		free := a.FreeO - int(a.s2cells)
		for i := range regs {
			r := &regs[i]
			if !r.valid {
				oks[i] = false
				continue
			}
			qlen, longest := r.base+a.pendCells(r.q), uint32(0)
			if a.PushoutI {
				qlen, longest = r.len0, a.s1max
			}
			q := int(r.q)
			if a.mode == admission.ABM {
				a.act[q%len(a.act)] = r.act
			}
			oks[i] = a.u.DecideAt(q, int(r.n), qlen, r.thr, free-r.all, longest).Admitted()
		}
		a.finish(n)
	}
}

// inEffect is the cells the batch taking effect this cycle (s3's packets)
// adds to queue q: after stage 4, and before the ideal pushout's MakeRoom
// expels, qlen_o less qlen_i.
func (a *Admission) inEffect(q uint32) uint32 { return a.QlenO[q] - a.QlenI[q] }

// pendCells is the cells s2's admitted slots (decided last cycle, taking
// effect next cycle) add to queue q (s2cells in all).
func (a *Admission) pendCells(q uint32) uint32 {
	c := uint32(0)
	if a.s2ok == 0 {
		return 0
	}
	for _, r := range a.s2[:a.s2cnt] {
		if r.ok && r.q == q {
			c += r.n
		}
	}
	return c
}

// decideRunning is stage 2 for the ideal pushout: slots in order against
// the running free count, MakeRoom expelling first.
func (a *Admission) decideRunning() {
	n, free := a.s1n, a.FreeO-int(a.s2cells)
	for i := 0; i < n; i++ {
		r := &a.s1[i]
		a.InOkO[i] = false
		if !r.valid {
			continue
		}
		q, c := int(r.q), int(r.n)
		if c > free {
			got := a.MakeRoom(i, q, c, free)
			free += got
			a.FreeO += got
		}
		if !a.u.DecideAt(q, c, 0, r.thr, free, 0).Admitted() {
			continue
		}
		free -= c
		a.InOkO[i] = true
	}
	a.finish(n)
}

// addAdmittedBefore adds to run, per queue, the cells s2 admitted and those
// of the slots before slot that stage 2 admitted in this cycle (the ideal
// Pushout's running lengths: they take effect at stage 4).
func (a *Admission) addAdmittedBefore(slot int, run []uint32) {
	for _, r := range a.s2[:a.s2cnt] {
		if r.ok {
			run[r.q] += r.n
		}
	}
	for i := range min(slot, a.s1n) {
		if r := &a.s1[i]; r.valid && a.InOkO[i] {
			run[r.q] += r.n
		}
	}
}

// finish clears in_ok_o past the n decided slots.
func (a *Admission) finish(n int) {
	for i := n; i < a.nOK; i++ {
		a.InOkO[i] = false
	}
	a.nOK, a.DecNO = n, n
}

// Commit is the rising edge: s3 takes s2's admitted slots (stage 3), s2
// stage 2's decisions, s1 this cycle's offers (s1 and s1d trade places
// only when s1d holds slots: when it holds none, s1 is left empty, its
// stale entries unread). With every stage empty (most cycles at the
// defaults: an offer every five cycles at 90% load) it changes nothing
// (s1max is s1dmax already: stage 1 set s1dmax only with slots) and is
// skipped.
func (a *Admission) Commit() {
	if a.s1n|a.s1dn|a.s2cnt|a.s3n != 0 {
		a.commit()
	}
}

func (a *Admission) commit() {
	n, nd := a.s1n, a.s1dn // (locals: not reloaded after the stores)
	k := 0
	if a.s2ok != 0 {
		for _, r := range a.s2[:a.s2cnt] {
			if r.ok {
				a.s3[k] = r
				k++
			}
		}
	}
	a.s3n = k
	ok, cells := 0, uint32(0)
	if n != 0 {
		for i := range a.s1[:n] {
			r := s2Reg{a.InOkO[i], a.s1[i].q, a.s1[i].n}
			a.s2[i] = r
			if r.ok {
				ok++
				cells += r.n
			}
		}
	}
	a.s2ok, a.s2cells = ok, cells
	if nd != 0 {
		a.s1, a.s1d = a.s1d, a.s1
	}
	a.s2cnt, a.s1n, a.s1max, a.s1dn = n, nd, a.s1dmax, 0
}
