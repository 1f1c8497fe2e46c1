package tmscore

// egress checks the cells leaving in cycle c.
func (b *Board) egress(c uint64, g *Binding, out, x []uint32) {
	e := &b.t.Egress
	for i := 0; i < e.Lanes; i++ {
		if g.egValid.isX(x, i) {
			b.fail(chkData, c, -1, -1, "%s lane %d is X", g.egValid.name, i)
			continue
		}
		if !g.egValid.bit(out, i) {
			continue
		}
		if g.egData.isX(x, i) {
			b.fail(chkData, c, -1, -1, "%s lane %d is X while valid", g.egData.name, i)
			continue
		}
		q, port := -1, -1
		if g.egQueue.ok {
			q = int(g.egQueue.get(out, i))
		}
		switch {
		case e.LaneIsPort:
			port = i
		case g.egPort.ok:
			port = int(g.egPort.get(out, i))
		}
		first, last := int8(-1), int8(-1)
		if g.egFirst.ok {
			first = int8(b2u(g.egFirst.bit(out, i)))
		}
		if g.egLast.ok {
			last = int8(b2u(g.egLast.bit(out, i)))
		}
		b.cell(c, g.egData.get(out, i), q, port, first, last)
	}
}

// maxWalk bounds the packets of a queue a stray cell is looked for in.
const maxWalk = 4096

// find is the live packet a cell of tag serial ts belongs to, looked for
// where it may be: the packet leaving queue q, then the packets waiting in
// it (q < 0: in every queue of port; port < 0 too: in every queue). A
// packet that starts leaving can only be preceded in its queue's waiting
// list by packets that were head-dropped, one per head drop not yet
// matched, and the drops not matched to those are of packets after it: the
// first packet with that tag among the first dn+1 for which the pending
// drops' sizes match the waiting packets around it is taken (tags wrap:
// the sizes tell two packets with one tag apart); a tag found only
// further on (a reordered or lost packet) is taken next. It returns the
// pool index, -1 when none.
func (b *Board) find(ts uint64, q, port int) int32 {
	lo, hi := 0, b.n
	switch {
	case q >= 0 && q < b.n:
		lo, hi = q, q+1
	case port >= 0 && port < b.c.P:
		lo, hi = port*b.c.Q, (port+1)*b.c.Q
	}
	far := int32(-1)
	for pass := 0; pass < 2; pass++ {
		for k := lo; k < hi; k++ {
			qs := &b.qs[k]
			if p := b.at(qs.inProg); p != nil && p.serial&b.serMask == ts {
				return qs.inProg
			}
			i := qs.head
			for j := 0; i >= 0 && j < maxWalk; j++ {
				p := &b.pool[i]
				if p.serial&b.serMask == ts {
					if j <= qs.dn && b.aligned(k, j) {
						return i
					}
					if far < 0 {
						far = i
					}
				}
				i = p.nextWait
			}
		}
		if far >= 0 {
			return far
		}
		lo, hi = 0, b.n // not where it should be: anywhere
	}
	return -1
}

// aligned reports whether queue k's pending head drops match, size for
// size, its waiting packets with the one at position j left out (it is the
// one starting to leave).
func (b *Board) aligned(k, j int) bool {
	qs := &b.qs[k]
	i := qs.head
	for d, pos := 0, 0; d < qs.dn; pos++ {
		if i < 0 {
			return false
		}
		if pos != j {
			if qs.drops[(qs.dh+d)%len(qs.drops)].cells != b.pool[i].cells {
				return false
			}
			d++
		}
		i = b.pool[i].nextWait
	}
	return true
}

// cell checks one cell leaving in cycle c: its tag, the queue and port it
// left on (-1: not mapped), its first and last marks (-1: not mapped).
func (b *Board) cell(c uint64, tag uint64, q, port int, first, last int8) {
	tb := uint(b.t.Tag.IndexBits)
	idx, ts := int32(tag&b.idxMask), tag>>tb&b.serMask
	i := b.find(ts, q, port)
	if i < 0 {
		b.stray(c, ts, idx, q)
		return
	}
	p := &b.pool[i]
	s := int64(p.serial)
	pq := int(p.queue)
	if q >= 0 && q != pq {
		b.fail(chkData, c, q, s, "a cell of queue %d's packet left on queue %d", pq, q)
	}
	if port >= 0 && port != pq/b.c.Q {
		b.fail(chkData, c, pq, s, "a cell of queue %d (port %d) left on port %d", pq, pq/b.c.Q, port)
	}
	if p.state == stWaiting {
		b.start(c, i)
	}
	switch {
	case idx == p.next:
		p.next++
		b.tal.Pass(chkData)
	case idx > p.next && idx < p.cells:
		b.fail(chkData, c, pq, s, "cell %d left, expected cell %d of %d: cells %d..%d skipped", idx, p.next, p.cells, p.next, idx-1)
		p.next = idx + 1
	default:
		b.fail(chkData, c, pq, s, "cell %d left, expected cell %d of %d (a cell twice, or beyond the packet)", idx, p.next, p.cells)
	}
	if first >= 0 && (first == 1) != (idx == 0) {
		b.fail(chkData, c, pq, s, "cell %d of %d left with first=%d", idx, p.cells, first)
	}
	if last >= 0 && (last == 1) != (idx == p.cells-1) {
		b.fail(chkData, c, pq, s, "cell %d of %d left with last=%d", idx, p.cells, last)
	}
	b.lastSent[pq/b.c.Q], b.stalled[pq/b.c.Q] = c, false
	if p.next >= p.cells {
		b.release(pq, int(p.cells))
		if qs := &b.qs[pq]; qs.inProg == i {
			qs.inProg = -1
		}
		b.counts.Left++
		b.out.left(pq)
		b.ls.design(evLeft, pq, int(p.cells))
		b.end(i, stLeft)
	}
}

// stray names a cell that belongs to no packet in the design.
func (b *Board) stray(c uint64, ts uint64, idx int32, q int) {
	// The most recent ended packet with this tag that the board still
	// remembers.
	var g *gone
	step := b.serMask + 1
	for s := b.newest - (b.newest-ts)&b.serMask; s > 0 && b.newest-s < goneSize; s -= step {
		if x := &b.gone[s&(goneSize-1)]; x.serial == s {
			g = x
			break
		}
		if step == 0 || s < step {
			break
		}
	}
	if g == nil {
		b.fail(chkData, c, q, int64(ts), "a foreign cell: tag serial %d, cell %d matches no packet in the design", ts, idx)
		return
	}
	what := map[uint8]string{stRefused: "refused", stLeft: "that had already left whole", stDropped: "that was head-dropped",
		stLost: "already counted lost"}[g.state]
	b.fail(chkData, c, int(g.queue), int64(g.serial), "cell %d of a packet %s", idx, what)
}

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
			b.attribute(j, b.popDrop(q))
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
	d := qs.drops[qs.dh]
	qs.dh = (qs.dh + 1) % len(qs.drops)
	qs.dn--
	return d
}

// attribute matches a head drop with the packet it removed.
func (b *Board) attribute(i int32, d hdrop) {
	x := &b.pool[i]
	if x.cells != d.cells {
		b.fail(chkConserve, d.at, int(x.queue), int64(x.serial), "the head drop reported %d cells; the packet it removed (the oldest waiting) holds %d",
			d.cells, x.cells)
	} else {
		b.tal.Pass(chkConserve)
	}
	b.counts.Dropped++
	b.end(i, stDropped)
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
		b.attribute(b.unwait(q), b.popDrop(q))
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
	if qs.dn == len(qs.drops) {
		b.fail(chkConserve, c, q, -1, "%d head drops of the queue not matched to packets", qs.dn)
		return
	}
	b.ls.design(evHeadDrop, q, cells)
	qs.drops[(qs.dh+qs.dn)%len(qs.drops)] = hdrop{cells: int32(cells), at: c}
	qs.dn++
	b.release(q, cells)
	b.out.headDrop(q)
	b.resolve(q)
}

// admissions checks the decisions of cycle c: a flag per offer of the
// cycle (admit.ok), or an event for the oldest offer waiting.
func (b *Board) admissions(c uint64, offers []Offer, g *Binding, out, x []uint32, from bool) {
	if g.admOK.ok {
		var adjQ [64]int32 // cells admitted earlier in the cycle, per slot's queue
		adjF := 0
		for i, o := range offers {
			ok := g.admOK.bit(out, i)
			if g.admOK.isX(x, i) {
				b.fail(chkData, c, o.Queue, -1, "%s slot %d is X", g.admOK.name, i)
			}
			aq := 0
			for j := 0; j < i; j++ {
				if offers[j].Queue == o.Queue {
					aq += int(adjQ[j])
				}
			}
			b.decide(c, c, o, ok, aq, adjF, from)
			if ok {
				adjQ[i] = int32(o.Cells)
				adjF += o.Cells
			}
		}
		return
	}
	if g.admValid.isX(x, 0) {
		b.fail(chkData, c, -1, -1, "%s is X", g.admValid.name)
	} else if g.admValid.bit(out, 0) {
		drop := g.admDrop.bit(out, 0)
		if b.pn == 0 {
			b.fail(chkConserve, c, -1, -1, "an admission event with no offer waiting for one")
		} else {
			w := b.pend[b.ph]
			b.ph = (b.ph + 1) % len(b.pend)
			b.pn--
			o := w.o
			if g.admQ.ok && int(g.admQ.get(out, 0)) != o.Queue || g.admCells.ok && int(g.admCells.get(out, 0)) != o.Cells {
				b.fail(chkConserve, c, o.Queue, int64(o.Serial), "the admission event names queue %d, %d cells; the oldest offer waiting (cycle %d) is queue %d, %d cells",
					g.admQ.get(out, 0), g.admCells.get(out, 0), w.at, o.Queue, o.Cells)
			}
			b.decide(c, w.at, o, !drop, 0, 0, from)
		}
	}
	for b.pn > 0 && b.pend[b.ph].at+uint64(b.t.Admit.Window) < c {
		w := b.pend[b.ph]
		b.fail(chkLive, c, w.o.Queue, int64(w.o.Serial), "offered at cycle %d, no decision within the declared window of %d cycles", w.at, b.t.Admit.Window)
		b.ph = (b.ph + 1) % len(b.pend)
		b.pn--
		b.counts.Undecided++
	}
	for _, o := range offers {
		if b.pn == len(b.pend) {
			b.fail(chkLive, c, o.Queue, int64(o.Serial), "%d offers waiting for a decision", b.pn)
			b.counts.Undecided++
			continue
		}
		b.pend[(b.ph+b.pn)%len(b.pend)] = pending{o: o, at: c}
		b.pn++
	}
}

// decide records the decision on offer o (made at cycle at), reported in
// cycle c; aq and af are the cells admitted earlier in the same cycle (to
// its queue, in all).
func (b *Board) decide(c, at uint64, o Offer, admitted bool, aq, af int, from bool) {
	if from {
		b.admPolicy(c, o, admitted, aq, af)
	}
	b.counts.Decided++
	serial := o.Serial
	if b.t.Tag.Serial == "admitted" {
		serial = 0
		if admitted {
			b.admits++
			serial = b.admits
		}
	}
	if admitted {
		b.ls.design(evAdmit, o.Queue, o.Cells)
	} else {
		b.ls.design(evRefuse, o.Queue, o.Cells)
	}
	if !admitted {
		b.counts.Refused++
		b.out.refused(o.Queue)
		if serial != 0 {
			b.remember(serial, int32(o.Queue), int32(o.Cells), stRefused)
		}
		return
	}
	b.counts.Admitted++
	b.out.admitted(o.Queue)
	if serial > b.newest {
		b.newest = serial
	}
	i := b.alloc(c, o.Queue)
	if i < 0 {
		return
	}
	b.pool[i] = pkt{serial: serial, queue: int32(o.Queue), cells: int32(o.Cells), offerAt: at, admitAt: c, state: stWaiting}
	b.wait(i)
	b.qs[o.Queue].shadow += o.Cells
	b.shadowT += o.Cells
	b.admC += o.Cells
}
