package tmscore

// release takes n cells off queue q's count.
func (b *Board) release(q, n int) {
	b.qs[q].shadow -= n
	b.shadowT -= n
}

// start is the first cell of packet i leaving in cycle c: every older
// packet still waiting in its queue must have been head-dropped, and the
// packet before it must have finished.
func (b *Board) start(c uint64, i int32) {
	p := &b.pool[i]
	q := int(p.queue)
	qs := &b.qs[q]
	if prev := b.at(qs.inProg); prev != nil {
		b.fail(chkOrder, c, q, int64(p.serial), "started leaving while packet %d has %d of its %d cells still to leave",
			prev.serial, prev.cells-prev.next, prev.cells)
		b.release(q, int(prev.cells))
		b.counts.Lost++
		b.end(qs.inProg, stLost)
		qs.inProg = -1
	}
	ordered := true
	for qs.head >= 0 && qs.head != i {
		j := b.unwait(q)
		x := &b.pool[j]
		if qs.dn > 0 {
			b.attribute(j, b.popDrop(q), stDropped)
			continue
		}
		ordered = false
		b.fail(chkOrder, c, q, int64(x.serial), "skipped: packet %d (admitted at cycle %d) started leaving before it, and no head drop removed it",
			p.serial, x.admitAt)
		b.release(q, int(x.cells))
		b.counts.Lost++
		b.end(j, stLost)
	}
	if qs.head == i {
		b.unwait(q)
	}
	if ordered {
		b.tal.Pass(chkOrder)
	}
	p.state = stLeaving
	qs.inProg = i
	b.linkedStart(i)
	qs.skips = 0 // its port took its head: no run of head drops passed it over (fairness)
	b.resolve(q)
}

// wait appends packet i to its queue's waiting list.
func (b *Board) wait(i int32) {
	p := &b.pool[i]
	qs := &b.qs[p.queue]
	p.nextWait = -1
	if qs.tail >= 0 {
		b.pool[qs.tail].nextWait = i
	} else {
		qs.head = i
	}
	qs.tail = i
	qs.waiting++
}

// unwait removes the head of queue q's waiting list and returns it.
func (b *Board) unwait(q int) int32 {
	qs := &b.qs[q]
	i := qs.head
	qs.head = b.pool[i].nextWait
	if qs.head < 0 {
		qs.tail = -1
	}
	qs.waiting--
	return i
}

func (b *Board) popDrop(q int) hdrop {
	qs := &b.qs[q]
	i := qs.dh
	d := b.dpool[i]
	qs.dh = d.next
	if qs.dh < 0 {
		qs.dt = -1
	}
	qs.dn--
	b.pendDrops--
	b.dfree = append(b.dfree, i)
	return d
}

// attribute matches a head drop with the packet it removed; state says
// how the match was made (stDropped: certain from the queue's packets,
// stAged: from the drop's age).
func (b *Board) attribute(i int32, d hdrop, state uint8) {
	x := &b.pool[i]
	if x.cells != d.cells {
		b.fail(chkConserve, d.at, int(x.queue), int64(x.serial), "the head drop reported %d cells; the packet it removed (the oldest waiting) holds %d",
			d.cells, x.cells)
	} else {
		b.tal.Pass(chkConserve)
	}
	b.counts.Dropped++
	b.end(i, state)
}

// resolve matches queue q's pending head drops with its waiting packets
// once they are as many: each pending drop removed a packet that was
// waiting, so every waiting packet is one of them.
func (b *Board) resolve(q int) {
	qs := &b.qs[q]
	if qs.dn == 0 || qs.dn != qs.waiting {
		return
	}
	for qs.dn > 0 && qs.head >= 0 {
		b.attribute(b.unwait(q), b.popDrop(q), stDropped)
	}
}

// age matches, in cycle c after its egress, each queue's head drops older
// than the egress latency with its oldest waiting packets. A head drop
// takes its queue's head: the packets before the removed one had been
// dequeued by then, and a dequeued packet starts leaving within the
// latency; so once a drop is that old, the packets it could have been
// preceded by have started (or were matched), and the oldest waiting
// packet is the one it removed. Without this a queue that is expelled
// while never served (strict priority) and never empty keeps every drop
// pending, without bound.
func (b *Board) age(c uint64) {
	if b.pendDrops == 0 {
		return
	}
	lat := uint64(b.p.Latency)
	for q := range b.qs {
		qs := &b.qs[q]
		for qs.dn > 0 && qs.head >= 0 && b.dpool[qs.dh].at+lat <= c {
			b.attribute(b.unwait(q), b.popDrop(q), stAged)
		}
	}
}

// headDrop checks a head drop of cells from queue q in cycle c.
func (b *Board) headDrop(c uint64, q, cells int, from bool) {
	if q >= b.n {
		b.fail(chkConserve, c, q, -1, "a head drop from queue %d: there are %d queues", q, b.n)
		return
	}
	if from {
		b.hdPolicy(c, q)
	}
	qs := &b.qs[q]
	if qs.shadow < cells {
		b.fail(chkConserve, c, q, -1, "a head drop of %d cells from a queue holding %d cells admitted and not finished", cells, qs.shadow)
	}
	if qs.dn >= qs.waiting {
		b.fail(chkConserve, c, q, -1, "a head drop of %d cells from a queue with no packet left to drop (%d waiting, %d head drops not yet matched)",
			cells, qs.waiting, qs.dn)
		b.out.headDrop(q)
		return
	}
	if len(b.dfree) == 0 {
		b.fail(chkConserve, c, q, -1, "more than %d head drops not matched to packets", len(b.dpool))
		return
	}
	b.ls.design(evHeadDrop, q, cells)
	b.linkedDrop(q) // after the fairness check (hdPolicy): a proof counts from the next head drop
	b.hs.hd[c%uint64(b.hs.depth)] += cells
	i := b.dfree[len(b.dfree)-1]
	b.dfree = b.dfree[:len(b.dfree)-1]
	b.dpool[i] = hdrop{cells: int32(cells), at: c, next: -1}
	if qs.dt >= 0 {
		b.dpool[qs.dt].next = i
	} else {
		qs.dh = i
	}
	qs.dt = i
	qs.dn++
	b.pendDrops++
	b.maxPend = max(b.maxPend, qs.dn)
	b.release(q, cells)
	b.out.headDrop(q)
	b.resolve(q)
}
