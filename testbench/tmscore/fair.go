package tmscore

import "occamy/testbench/design"

// fairness checks round-robin expulsion: a queue over its threshold, with
// packets the executor could take, is not passed over by more than 2N head
// drops of other queues in a row.
//
// Could take: the executor expels only a queue with a linked PD (occamy_tm's
// u_choice: over, linked and not being read), and the board sees no link.
// It counts a queue's packet as linked only when the ports prove it
// (linked): the design links packets in admission order (tm_enqueue: one
// FIFO, one packet allocated at a time, its PD linked by its last round),
// so a packet admitted after it that has been head-dropped or has started
// leaving was linked, and it before. A row counts only while the queue has
// at least 2 such packets beyond its head drops not yet matched (one may
// have been dequeued and wait in the egress, where no head drop takes it).
// Counting every admitted packet instead failed hw/tm's golden at R = 1,
// K = 1, occamy, chain, seed 1 (cycle 1402: queue 3 "over through 9 head
// drops"): its 6 to 8 cells admitted from cycle 1369 waited in the enqueue's
// FIFO for free cells, never linked in the window (docs/scoreboard.md).
//
// A packet of the queue starting to leave ends the row too (start): its
// port's dequeue took the queue's head, which a head drop cannot take, so a
// port that takes each packet as soon as it is linked leaves the executor
// nothing of that queue to expel while the packets counted sit in the
// egress (occamy_tm at R = 1, K = 2: docs/scoreboard.md).
func (b *Board) fairness(c uint64, r int) {
	st := b.t.Staleness.HeadDrop
	t := c - uint64(min(st.Qlen.Hi, int(c)))
	tc := c - uint64(min(st.Thr().Hi, int(c)))
	f := b.hf.f(tc)
	if b.t.Observe.ThresholdFree == design.Unqueued {
		f = b.unqueued(tc) // a queue over T of that is over its threshold
	}
	ql := b.hq.q(t)
	for q := range b.qs {
		qs := &b.qs[q]
		if q == r {
			qs.skips = 0
			continue
		}
		if int(ql[q]) > b.thr(q%b.c.Q, f) && b.takeable(q) {
			qs.skips++
		} else {
			qs.skips = 0
		}
		if qs.skips > 2*b.n {
			b.fail(chkPolicy, c, q, -1, "over its threshold through %d head drops of other queues without one of its own, with at least 2 packets linked (a packet admitted after them head-dropped or leaving) beyond its %d head drops not matched: round robin starves it",
				qs.skips, qs.dn)
			qs.skips = 0
		}
	}
}

// takeable reports whether queue q has at least 2 waiting packets proven
// linked (admitted no later than b.linked) beyond its pending head drops.
// The linked ones are the head of its waiting list (admission order); the
// pending drops removed linked packets, counted against them. It walks at
// most dn+2 packets.
func (b *Board) takeable(q int) bool {
	qs := &b.qs[q]
	need := qs.dn + 2
	m := 0
	for i := qs.head; i >= 0 && m < need && b.pool[i].seq <= b.linked; i = b.pool[i].nextWait {
		m++
	}
	return m >= need
}

// linkedStart notes packet i starting to leave: the dequeue read its PD,
// so it and every packet admitted before it were linked.
func (b *Board) linkedStart(i int32) { b.linked = max(b.linked, b.pool[i].seq) }

// linkedDrop notes a head drop from queue q, before it is recorded: it
// removed a linked packet at or after position dn of q's waiting list (each
// of the dn pending drops removed a different one, from the head on), so
// that one was linked, and every packet admitted before it.
func (b *Board) linkedDrop(q int) {
	qs := &b.qs[q]
	i := qs.head
	for k := 0; k < qs.dn && i >= 0; k++ {
		i = b.pool[i].nextWait
	}
	if i >= 0 {
		b.linked = max(b.linked, b.pool[i].seq)
	}
}
