// Package admission is the golden model of tm_admission, the traffic
// manager's packet admission: Dynamic Threshold (DT) with a per-class
// α = 2^s, and the Pushout rule.
//
// Thresholds come from one dt_threshold unit (hw/threshold) per TM: class c
// has T_c = free << s_c (or >> -s_c), saturated to QW bits, where free is
// the free-cell count registered at the start of the cycle (clamped at 0:
// under Pushout it can be negative while expulsion makes room). Queue i is
// class i mod Q. The same thresholds feed Occamy's head-drop selector.
//
// Decisions (Decide), one packet at a time in arrival order within a cycle:
//   - DT: admit a packet of n cells to queue i iff qlen_i + n <= T_class(i)
//     and n <= free. T is the start-of-cycle threshold; qlen_i and free are
//     the caller's view of the queue and the free count: the TM passes the
//     start-of-cycle values less the cells of every earlier valid packet of
//     the cycle, admitted or not (hw/tm Admission), so two packets never
//     take the same free cells and no decision waits for another.
//   - Pushout: admit iff n <= free. Otherwise, if queue i is not the
//     longest (qlen_i < the start-of-cycle maximum, from an ideal maximum
//     finder) and free - n >= -Wait, admit it anyway: it waits in the
//     ingress (at most Wait cells in all wait like this) while the head-drop
//     executor expels packets from the longest queue to make room. Otherwise
//     drop it.
//   - ABM (Active Buffer Management, simplified): admit iff
//     qlen_i + n <= T_class(i) / max(1, active_class(i)) and n <= free,
//     where active_c (input ActiveI) is the number of queues of class c
//     holding at least one cell. This is ABM's α_p·(B−Q)/n_p with the
//     drain-rate factor μ_i/b taken as 1 (every queue drains at line rate)
//     and n_p counted as the non-empty queues of the class; the division is
//     exact (a golden model need not fold it into a shift).
package admission

import (
	"fmt"

	"occamy/hw/threshold"
	"occamy/rtl"
)

// Block is the module name used in errors.
const Block = "tm_admission"

// Mode selects the admission rule.
type Mode uint8

// Admission rules.
const (
	DT      Mode = iota // Dynamic Threshold
	Pushout             // admit while room can be made
	ABM                 // DT divided among the active queues of the class
)

// Params are the elaboration parameters of tm_admission.
type Params struct {
	N    int  // queues, 1..256
	Q    int  // α classes, 1..64; queue i is class i mod Q
	QW   int  // width of a queue length, threshold and free count, 1..32
	AW   int  // width of a signed α exponent, 2..8
	Mode Mode // DT or Pushout
	Wait int  // Pushout: cells that may wait for room, 0..2^QW-1
}

// Validate returns a *rtl.ParamError for the first parameter out of range.
func (p Params) Validate() error {
	if err := rtl.CheckRange(Block, "N", p.N, 1, rtl.MaxBitmap); err != nil {
		return err
	}
	if err := rtl.CheckRange(Block, "Q", p.Q, 1, min(64, p.N)); err != nil {
		return err
	}
	if err := rtl.CheckRange(Block, "QW", p.QW, 1, 32); err != nil {
		return err
	}
	if err := rtl.CheckRange(Block, "AW", p.AW, 2, 8); err != nil {
		return err
	}
	if p.Mode > ABM {
		return fmt.Errorf("%s: unknown Mode %d, allowed 0 (DT), 1 (Pushout), 2 (ABM)", Block, p.Mode)
	}
	return rtl.CheckRange(Block, "Wait", p.Wait, 0, int(rtl.Width(p.QW).Mask()))
}

// Decision is the outcome of one admission.
type Decision uint8

// Decisions.
const (
	Admit        Decision = iota // accepted into free cells
	AdmitPushout                 // accepted; room will be made by expulsion
	DropThresh                   // refused: over the queue's DT threshold
	DropFull                     // refused: not enough free cells (and no room can be made)
)

// Admitted reports whether d accepts the packet.
func (d Decision) Admitted() bool { return d <= AdmitPushout }

// String names the decision.
func (d Decision) String() string {
	switch d {
	case Admit:
		return "admit"
	case AdmitPushout:
		return "admit-pushout"
	case DropThresh:
		return "drop-threshold"
	case DropFull:
		return "drop-full"
	}
	return fmt.Sprintf("decision(%d)", uint8(d))
}

// Unit is one tm_admission instance. Set FreeI and AlphaI, call Eval once
// per cycle for the thresholds, then Decide for each arrival. It implements
// rtl.Clocked (no registers of its own) and rtl.Traceable.
type Unit struct {
	P       Params
	FreeI   int    // free_i: registered free count (may be negative under Pushout)
	AlphaI  []int8 // alpha_i: signed exponent per class, len Q
	ActiveI []int  // active_i: ABM only: non-empty queues per class, len Q

	Thr *threshold.Unit // u_thr: its ThrO are the class thresholds after Eval

	mask int

	// Saturation cache: the thresholds are monotone in the free count, so
	// once they equal their values at the largest free count (ceil, for the
	// alphas in Thr.AlphaI) at some free count ceilFrom, they equal them at
	// every larger one, and Eval need not recompute them there.
	ceil     []uint32
	ceilOK   bool   // ceil holds the ceiling for Thr.AlphaI
	ceilFrom uint32 // smallest free count seen at the ceiling, valid when haveFrom
	haveFrom bool
	atCeil   bool // Thr.ThrO holds ceil
}

// New validates p and returns a unit with every α = 1 (s = 0).
func New(p Params) (*Unit, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	thr, err := threshold.New(threshold.Params{C: p.Q, QW: p.QW, AW: p.AW})
	if err != nil {
		return nil, fmt.Errorf("u_thr: %w", err)
	}
	return &Unit{P: p, AlphaI: make([]int8, p.Q), ActiveI: make([]int, p.Q), Thr: thr, mask: int(rtl.Width(p.QW).Mask()), ceil: make([]uint32, p.Q)}, nil
}

// EvalFree is Eval for a caller that changes only FreeI between calls
// (AlphaI as at the last Eval): when the thresholds sit at their ceiling
// for FreeI, it sets what Eval would (the threshold unit's free_i) without
// comparing the alphas again, and reports false: Thr.ThrO is unchanged.
// Otherwise it runs Eval and reports true.
func (u *Unit) EvalFree() bool {
	if f := min(max(u.FreeI, 0), u.mask); u.atCeil && u.haveFrom && uint32(f) >= u.ceilFrom {
		u.Thr.FreeI = uint32(f)
		return false
	}
	u.Eval()
	return true
}

// Eval computes the class thresholds from FreeI and AlphaI. When the
// thresholds already sit at their ceiling (their values at the largest free
// count) and FreeI is at least a free count known to give that ceiling, the
// threshold unit is not re-evaluated: its outputs could not change. Only
// FreeI and AlphaI are read; writing u.Thr's outputs directly is not
// supported.
func (u *Unit) Eval() {
	f := u.FreeI
	if f < 0 {
		f = 0
	}
	if f > u.mask {
		f = u.mask
	}
	thr := u.Thr
	thr.FreeI = uint32(f)
	n := min(len(thr.AlphaI), len(u.AlphaI))
	alpha, in := thr.AlphaI[:n], u.AlphaI[:n]
	for c, a := range in {
		if alpha[c] != a {
			copy(thr.AlphaI, u.AlphaI)
			u.ceilOK, u.haveFrom, u.atCeil = false, false, false
			break
		}
	}
	if u.atCeil && u.haveFrom && uint32(f) >= u.ceilFrom {
		return
	}
	if !u.ceilOK {
		thr.FreeI = uint32(u.mask)
		thr.Eval()
		copy(u.ceil, thr.ThrO)
		u.ceilOK = true
		thr.FreeI = uint32(f)
	}
	thr.Eval()
	u.atCeil = true
	for c, v := range thr.ThrO[:len(u.ceil)] {
		if v != u.ceil[c] {
			u.atCeil = false
			break
		}
	}
	if u.atCeil && (!u.haveFrom || uint32(f) < u.ceilFrom) {
		u.ceilFrom, u.haveFrom = uint32(f), true
	}
}

// Commit does nothing: the unit has no registers.
func (u *Unit) Commit() {}

// Threshold is the DT threshold of queue q this cycle.
func (u *Unit) Threshold(q int) uint32 { return u.Thr.ThrO[q%u.P.Q] }

// Decide decides one packet of n cells for queue q, given the queue's
// running length, the running free count and, for Pushout, the start-of-
// cycle longest queue length. It does not change any state: the caller
// updates qlen and free when the packet is admitted.
func (u *Unit) Decide(q, n int, qlen uint32, free int, maxQlen uint32) Decision {
	return u.DecideAt(q, n, qlen, u.Threshold(q), free, maxQlen)
}

// DecideAt is Decide with queue q's DT threshold given (tm_admission's
// thr_i for q) instead of read from the unit's own threshold stage.
func (u *Unit) DecideAt(q, n int, qlen, thr uint32, free int, maxQlen uint32) Decision {
	switch u.P.Mode {
	case Pushout:
		if n <= free {
			return Admit
		}
		if qlen < maxQlen && free-n >= -u.P.Wait {
			return AdmitPushout
		}
		return DropFull
	case ABM:
		t := uint64(thr)
		if a := u.ActiveI[q%u.P.Q]; a > 1 {
			t /= uint64(a)
		}
		if uint64(qlen)+uint64(n) > t {
			return DropThresh
		}
		if n > free {
			return DropFull
		}
		return Admit
	default:
		if uint64(qlen)+uint64(n) > uint64(thr) {
			return DropThresh
		}
		if n > free {
			return DropFull
		}
		return Admit
	}
}

// Signals lists free_i (clamped as the threshold unit sees it).
func (u *Unit) Signals() []rtl.Signal {
	return []rtl.Signal{
		rtl.Scalar("free_i", u.P.QW, func() uint64 { return uint64(u.Thr.FreeI) }),
	}
}

var (
	_ rtl.Clocked   = (*Unit)(nil)
	_ rtl.Traceable = (*Unit)(nil)
)
