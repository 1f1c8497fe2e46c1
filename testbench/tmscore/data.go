package tmscore

import (
	"fmt"

	"occamy/testbench/design"
)

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
		b.cell(c, g.egData.get(out, i), q, port, first, last, g.egValid.name)
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
	i, d := qs.head, qs.dh
	for pos := 0; d >= 0; pos++ {
		if i < 0 {
			return false
		}
		if pos != j {
			if b.dpool[d].cells != b.pool[i].cells {
				return false
			}
			d = b.dpool[d].next
		}
		i = b.pool[i].nextWait
	}
	return true
}

// cell checks one cell leaving in cycle c: its tag, the queue and port it
// left on (-1: not mapped), its first and last marks (-1: not mapped).
func (b *Board) cell(c uint64, tag uint64, q, port int, first, last int8, valid string) {
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
	was := p.next
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
	b.leftT += int(p.next - was)
	if first >= 0 && (first == 1) != (idx == 0) {
		b.fail(chkData, c, pq, s, "cell %d of %d left with first=%d", idx, p.cells, first)
	}
	if last >= 0 && (last == 1) != (idx == p.cells-1) {
		b.fail(chkData, c, pq, s, "cell %d of %d left with last=%d", idx, p.cells, last)
	}
	if b.t.Egress.Spacing != "" {
		b.spacing(c, pq/b.c.Q, p.serial, idx, valid)
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
		stLost: "already counted lost",
		stAged: fmt.Sprintf("that was head-dropped (matched to its queue's head drop once that was %d cycles old, egress.latency: a packet dequeued before the drop that left later?)", b.p.Latency)}[g.state]
	b.fail(chkData, c, int(g.queue), int64(g.serial), "cell %d of a packet %s", idx, what)
}

// noCell is sentAt's value for a port that has sent no cell yet.
const noCell = ^uint64(0)

// spacing checks a cell (cell idx of packet serial) leaving port pt in
// cycle c against the line rate R (egress.spacing): at least R cycles
// after the port's previous cell, and under exact R cycles after it when
// that was the packet's previous cell.
func (b *Board) spacing(c uint64, pt int, serial uint64, idx int32, valid string) {
	r := uint64(b.c.R)
	at, prev := b.sentAt[pt], b.sentPkt[pt]
	b.sentAt[pt], b.sentPkt[pt] = c, serial
	if at == noCell {
		return
	}
	gap := c - at
	switch {
	case gap < r:
		b.fail(chkLive, c, -1, int64(serial), "%s port %d: a cell %d cycles after the port's previous one (cycle %d), expected at least R=%d (egress.spacing)",
			valid, pt, gap, at, r)
	case b.t.Egress.Spacing == design.Exact && idx > 0 && prev == serial && gap != r:
		b.fail(chkLive, c, -1, int64(serial), "%s port %d: cell %d of the packet %d cycles after its cell %d (cycle %d), expected exactly R=%d (egress.spacing: exact)",
			valid, pt, idx, gap, idx-1, at, r)
	default:
		b.tal.Pass(chkLive)
	}
}
