package tmscore

import (
	hw "occamy/hw/tm"
	"occamy/testbench/design"
)

// span is the range of a history over the cycles [c-hi, c-lo] (clamped to
// the cycles after the reset).
func span(c uint64, w design.Window) (from, to uint64) {
	lo, hi := uint64(w.Lo), uint64(w.Hi)
	if c < ResetCycles+hi {
		hi = c - ResetCycles
	}
	if lo > hi {
		lo = hi
	}
	return c - hi, c - lo
}

// qRange is the smallest and largest length of queue q in h over window w
// before cycle c.
func (h *history) qRange(c uint64, w design.Window, q int) (lo, hi int) {
	from, to := span(c, w)
	lo, hi = int(^uint(0)>>1), 0
	for t := from; t <= to; t++ {
		v := int(h.q(t)[q])
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

// longest is the smallest and largest, over window w before c, of the
// longest queue's length in h.
func (h *history) longest(c uint64, w design.Window) (lo, hi int) {
	from, to := span(c, w)
	lo = int(^uint(0) >> 1)
	for t := from; t <= to; t++ {
		m := 0
		for _, v := range h.q(t) {
			m = max(m, int(v))
		}
		lo, hi = min(lo, m), max(hi, m)
	}
	return lo, hi
}

// fRange is the smallest and largest free count in h over window w before
// c.
func (h *history) fRange(c uint64, w design.Window) (lo, hi int) {
	from, to := span(c, w)
	lo, hi = int(^uint(0)>>1), -int(^uint(0)>>1)-1
	for t := from; t <= to; t++ {
		v := h.f(t)
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

// credit is the least count of cells the thresholds credit in cycle t
// beyond the free count (head_drop.unfreed): the cells of the head drops
// reported in cycles t-unfreed+1..t-1, off the free count and counted by
// the thresholds then.
func (b *Board) credit(t uint64) int {
	h := b.t.HeadDrop
	if h == nil || h.Unfreed < 2 {
		return 0
	}
	n := 0
	for k := uint64(1); k < uint64(h.Unfreed) && t >= ResetCycles+k; k++ {
		n += b.hs.hd[(t-k)%uint64(b.hs.depth)]
	}
	return n
}

// tLo is the smallest free count the thresholds may have used over window
// w before c: the free count's, plus the head drops' cells still off it
// (credit).
func (b *Board) tLo(c uint64, w design.Window) int {
	from, to := span(c, w)
	lo := int(^uint(0) >> 1)
	for t := from; t <= to; t++ {
		lo = min(lo, b.hf.f(t)+b.credit(t))
	}
	return lo
}

// tHi is the largest free count the thresholds may have used over window
// w before c: the free count's, or under observe.threshold_free unqueued
// B - Σ qlen (the cells off the queues and not yet free credited).
func (b *Board) tHi(c uint64, w design.Window) int {
	if b.t.Observe.ThresholdFree != design.Unqueued {
		_, hi := b.hf.fRange(c, w)
		return hi
	}
	from, to := span(c, w)
	hi := -int(^uint(0)>>1) - 1
	for t := from; t <= to; t++ {
		hi = max(hi, b.unqueued(t))
	}
	return hi
}

// unqueued is B - Σ qlen in cycle t.
func (b *Board) unqueued(t uint64) int {
	s := 0
	for _, v := range b.hq.q(t) {
		s += int(v)
	}
	return b.c.B - s
}

// fAdmLow is the smallest free count over window w before c after each
// cycle's admissions, with the head drops' cells still off it credited
// (what Pushout's expulsion gate reads). The admissions of cycle t, in
// the observed free count from t+1, are those answered in t − settle; in
// the board's own count, those offered in t.
func (b *Board) fAdmLow(c uint64, w design.Window) int {
	from, to := span(c, w)
	lo := int(^uint(0) >> 1)
	for t := from; t <= to; t++ {
		adm := b.hs.adm[t%uint64(b.hs.depth)]
		if b.hf == &b.ho {
			adm = b.answeredAt(uint64(int64(t)-int64(b.t.Admit.Settle)), c)
		}
		lo = min(lo, b.hf.f(t)-adm+b.credit(t))
	}
	return lo
}

// admPolicy checks a decision on offer o reported in cycle c against the
// policy, on the lengths and free count within the declared window (e:
// the cells of the offers before it in the same cycle).
func (b *Board) admPolicy(c uint64, o Offer, admitted bool, e earlier) {
	st := b.t.Staleness.Admit
	// The cells of earlier offers of the same cycle count in the queue's
	// length and against the free count, not in the threshold, which is
	// the cycle's own (T of the free count at its start): an admission
	// must hold with the earlier ADMITTED cells counted; a refusal too,
	// unless the map's admit.earlier is "offered", then with every earlier
	// OFFERED cell counted, admitted or not (a design deciding each slot
	// on its own, as occamy_tm does: it may refuse what the exact rule
	// admits, never admit what it refuses).
	// The lengths and the free count are the policy's view (settle.go):
	// the observed ones with every packet answered before counted from its
	// offer's cycle, exactly as admit.settle says they show it; the
	// thresholds are the observed ones' (tLo, tHi), which the design's
	// registers hold. Pushout compares the queue with the longest on the
	// observed lengths, both alike (occamy_tm: the lengths of the offer's
	// cycle, the batches in flight in neither).
	lens := b.vq
	if b.c.Policy == hw.PolicyPushoutPorts {
		lens = b.hq
	}
	qlo, qhi := lens.qRange(c, st.Qlen, o.Queue)
	tlo, thi := b.tLo(c, st.Thr()), b.tHi(c, st.Thr())
	flo, fhi := b.vf.fRange(c, st.Free)
	qlo, fhi = qlo+e.aq, fhi-e.af
	if b.t.Admit.Earlier == "offered" {
		qhi, flo = qhi+e.oq, flo-e.of
	} else {
		qhi, flo = qhi+e.aq, flo-e.af
	}
	n, k := o.Cells, o.Queue%b.c.Q
	s := int64(o.Serial)
	if b.t.Tag.Serial == "admitted" {
		s = -1
	}
	if b.c.Policy == hw.PolicyPushoutPorts {
		// Pushout: admitted when it fits, or when its queue is shorter
		// than the longest (the lengths of the cycle's start) and the
		// free count stays within the wait allowance.
		wait := b.t.Shape.Wait
		mlo, mhi := 0, 0
		if admitted && n > fhi || !admitted && n > flo {
			mlo, mhi = lens.longest(c, st.Qlen)
		}
		switch {
		case admitted && n > fhi && (qlo >= mhi || fhi-n < -wait):
			b.fail(chkPolicy, c, o.Queue, s, "admitted %d cells with at most %d free, queue length %d..%d, the longest %d..%d: Pushout admits beyond the free count only a packet of a queue shorter than the longest, within the %d cells that may wait",
				n, fhi, qlo, qhi, mlo, mhi, wait)
		case !admitted && (n <= flo || qhi < mlo && flo-n >= -wait):
			b.fail(chkPolicy, c, o.Queue, s, "refused %d cells with at least %d free, queue length %d..%d, the longest %d..%d: Pushout admits a packet that fits, or of a queue shorter than the longest within the %d cells that may wait",
				n, flo, qlo, qhi, mlo, mhi, wait)
		default:
			b.tal.Pass(chkPolicy)
		}
		return
	}
	switch {
	case admitted && (qlo+n > b.thr(k, thi) || n > fhi):
		b.fail(chkPolicy, c, o.Queue, s, "admitted %d cells: queue length %d..%d, free %d..%d (threshold at most %d) in cycles %d..%d before: DT refuses when qlen + n > T or n > free",
			n, qlo, qhi, flo, fhi, b.thr(k, thi), st.Qlen.Lo, st.Qlen.Hi)
	case !admitted && qhi+n <= b.thr(k, tlo) && n <= flo:
		b.fail(chkPolicy, c, o.Queue, s, "refused %d cells: queue length %d..%d, free %d..%d (threshold at least %d = T(%d), the head drops' cells still off free credited) in cycles %d..%d before: DT admits when qlen + n <= T and n <= free",
			n, qlo, qhi, flo, fhi, b.thr(k, tlo), tlo, st.Qlen.Lo, st.Qlen.Hi)
	default:
		b.tal.Pass(chkPolicy)
	}
}

// hdPolicy checks a head drop from queue q in cycle c.
func (b *Board) hdPolicy(c uint64, q int) {
	st := b.t.Staleness.HeadDrop
	switch b.c.Policy {
	case hw.PolicyDT:
		b.fail(chkPolicy, c, q, -1, "a head drop under policy dt, which never expels")
		return
	case hw.PolicyPushoutPorts:
		if flo := b.fAdmLow(c, st.Free); flo >= 0 {
			b.fail(chkPolicy, c, q, -1, "a head drop with the free count (after admissions, with the head drops' cells still off it: head_drop.unfreed) at least %d in cycles %d..%d before: pushout-ports expels only while it is negative",
				flo, st.Free.Lo, st.Free.Hi)
			return
		}
		b.tal.Pass(chkPolicy)
		return
	}
	_, qhi := b.hq.qRange(c, st.Qlen, q)
	tw := st.Thr()
	flo := b.tLo(c, tw)
	if t := b.thr(q%b.c.Q, flo); qhi <= t {
		b.fail(chkPolicy, c, q, -1, "a head drop of a queue not over its threshold: length at most %d in cycles %d..%d before, threshold at least %d (T of free, with the head drops' cells still off it, at least %d in cycles %d..%d before)",
			qhi, st.Qlen.Lo, st.Qlen.Hi, t, flo, tw.Lo, tw.Hi)
	} else {
		b.tal.Pass(chkPolicy)
	}
	if b.c.Policy == hw.PolicyOccamy {
		b.fairness(c, q)
	}
}

// checkThreshold compares the observed threshold of each class with
// T(free) of the declared cycles before.
func (b *Board) checkThreshold(c uint64) {
	w := b.t.Staleness.Threshold
	nq := b.c.Q
	k := int(c % uint64(b.ho.depth))
	for cl := 0; cl < nq; cl++ {
		v := int(b.ho.thr[k*nq+cl])
		ok := false
		from, to := span(c, w)
		for t := from; t <= to && !ok; t++ {
			ok = v == b.thr(cl, b.ho.f(t))
		}
		if !ok {
			f := b.ho.f(c - uint64(w.Lo))
			b.fail(chkPolicy, c, -1, -1, "class %d's threshold is %d, T(free) of %d..%d cycles before is not (T(%d) = %d)",
				cl, v, w.Lo, w.Hi, f, b.thr(cl, f))
			return
		}
	}
	b.tal.Pass(chkPolicy)
}

// sampleSteady adds the steady flows' queue lengths in the measured part
// of the steady-state phase.
func (b *Board) sampleSteady(c uint64) {
	p := &b.p
	if p.SteadyFlows == 0 || c >= p.DrainAt || c < p.DrainAt-uint64(p.SteadyMeasure) {
		return
	}
	q := b.hq.q(c)
	for i := range b.steadySum {
		b.steadySum[i] += float64(q[i*b.c.Q])
	}
	b.steadyN++
}
