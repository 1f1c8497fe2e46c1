package tmscore

// The policy's view of the observed lengths and free count (admit.settle).
//
// A design answering admit.latency L cycles after the offer shows an
// admitted packet's cells in observe.qlen and observe.free from cycle
// a+S+1, a its answer's cycle and S admit.settle (occamy_tm: L = 1,
// S = 1, tm_admission's stage 3 a cycle after the answer). Its decision
// counts the packets it admitted before, shown or not (occamy_tm's stage 2
// adds the batches in flight). The view hv is the observed history with
// each admission counted as the board's own count holds it, from its
// offer's cycle: answer a's cells are added to the cycles a−L..a+S, those
// in which the observed values cannot hold them yet. They are added to
// a−L..min(a, a+S) when the answer is read (admitSettle) and to a+1..a+S
// as each of those cycles is read (readView), from the ring hn of the
// cells each answer admitted. The view is exact: a design that shows its
// admissions a cycle sooner or later than S declares has a view one batch
// off, and the policy check fails on it (TestSettleDeclared).

// readView fills the view of cycle c from the observed lengths and free
// count of c (readObserved), adding the cells answered in cycles c−S..c−1,
// not shown in them yet, and clears the ring's entry of c.
func (b *Board) readView(c uint64) {
	v, o, a := &b.hv, &b.ho, &b.hn
	k := int(c % uint64(v.depth))
	copy(v.qlen[k*v.n:(k+1)*v.n], o.qlen[k*o.n:(k+1)*o.n])
	v.free[k] = o.free[k]
	clear(a.q(c))
	a.adm[k] = 0
	for s := uint64(1); s <= uint64(max(b.t.Admit.Settle, 0)) && c >= s; s++ {
		q, t := v.q(c), c-s
		for i, x := range a.q(t) {
			q[i] += x
		}
		v.free[k] -= a.adm[t%uint64(a.depth)]
	}
}

// admitSettle counts the packets answered in cycle c (offered in cycle
// at = c − L; cells[i]: what slot i of ans admitted, all their sum) in the
// view from their offer's cycle, and keeps them in the ring for the cycles
// after c that will not show them yet.
func (b *Board) admitSettle(at, c uint64, ans []Offer, cells []int32, all int) {
	if all == 0 {
		return
	}
	v, a := &b.hv, &b.hn
	n := a.q(c)
	for i, o := range ans {
		n[o.Queue] += uint32(cells[i])
	}
	a.adm[c%uint64(a.depth)] += all
	last := c
	if s := b.t.Admit.Settle; s < 0 {
		last = c - uint64(-s)
	}
	for t := at; t <= last; t++ {
		q := v.q(t)
		for i, o := range ans {
			q[o.Queue] += uint32(cells[i])
		}
		v.free[t%uint64(v.depth)] -= all
	}
}

// answeredAt is the cells admitted by the answers of cycle a (0 for a
// cycle not read yet: after c).
func (b *Board) answeredAt(a, c uint64) int {
	if a > c {
		return 0
	}
	return b.hn.adm[a%uint64(b.hn.depth)]
}
