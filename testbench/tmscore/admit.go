package tmscore

// admissions checks the decisions of cycle c: a flag per offer of cycle
// c-admit.latency (admit.ok; ans are those offers), or an event for the
// oldest offer waiting (offers are the cycle's own, which start waiting).
func (b *Board) admissions(c uint64, offers, ans []Offer, g *Binding, out, x []uint32, from bool) {
	if g.admOK.ok {
		var adjQ [64]int32 // cells admitted earlier in the cycle, per slot's queue
		adjF, offF := 0, 0
		at := c - uint64(b.t.Admit.Latency) // the offers' cycle
		for i, o := range ans {
			ok := g.admOK.bit(out, i)
			if g.admOK.isX(x, i) {
				b.fail(chkData, c, o.Queue, -1, "%s slot %d is X", g.admOK.name, i)
			}
			e := earlier{af: adjF, of: offF}
			for j := 0; j < i; j++ {
				if ans[j].Queue == o.Queue {
					e.aq += int(adjQ[j])
					e.oq += ans[j].Cells
				}
			}
			b.decide(c, at, o, ok, e, from)
			offF += o.Cells
			if ok {
				adjQ[i] = int32(o.Cells)
				adjF += o.Cells
			}
		}
		if at < c {
			b.countFrom(at, c, ans, adjQ[:len(ans)], adjF)
		}
		b.admitSettle(at, c, ans, adjQ[:len(ans)], adjF)
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
			b.decide(c, w.at, o, !drop, earlier{}, from)
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

// earlier are the cells of the offers before one in its cycle: admitted
// (aq to its queue, af in all) and offered, admitted or not (oq, of).
type earlier struct{ aq, af, oq, of int }

// decide records the decision on offer o (made at cycle at), reported in
// cycle c; e are the cells of the offers before it in the same cycle.
func (b *Board) decide(c, at uint64, o Offer, admitted bool, e earlier, from bool) {
	if from {
		b.admPolicy(c, o, admitted, e)
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
	b.seq++
	b.pool[i] = pkt{serial: serial, seq: b.seq, queue: int32(o.Queue), cells: int32(o.Cells), offerAt: at, admitAt: c, state: stWaiting}
	b.wait(i)
	b.qs[o.Queue].shadow += o.Cells
	b.shadowT += o.Cells
	b.admC += o.Cells
}

// countFrom counts the packets admitted in cycle c from their offers'
// cycle at (admit.latency cycles before) in the board's own history: the
// cycles at..c-1 are filled already, without them (cells[i]: what slot i
// admitted, all: their sum). A design may count an admission in its
// lengths and free count from the offer's cycle on (one that registers
// its answer); the history then holds that count, and one that counts it
// later shows less, which observe.lag allows.
func (b *Board) countFrom(at, c uint64, ans []Offer, cells []int32, all int) {
	h := &b.hs
	for t := at; t < c; t++ {
		q := h.q(t)
		for i, o := range ans {
			q[o.Queue] += uint32(cells[i])
		}
		h.free[t%uint64(h.depth)] -= all
	}
	h.adm[at%uint64(h.depth)] += all
	b.admC -= all
}
