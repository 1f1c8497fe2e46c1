package tm

import (
	hw "occamy/hw/tm"
)

// The directed sequence's closed-loop fills (stages 5 and 6 of Directed)
// and the count of cells offered and not yet in the free count that they
// offer less.

// Next makes cycle c's inputs (gen) and counts the cells they offer.
func (d *tmDirected) Next(c uint64, in []uint32) {
	lag := d.flying.Lag() > 0 // else every offer is answered in its cycle: nothing to count
	if lag {
		*d.flying.Now() = 0 // the slot of the offers taking effect in this cycle
		d.fly = 0
		d.flying.Each(func(n *int) { d.fly += *n })
	}
	d.gen(c, in)
	if lag {
		s := d.in.slots
		n, _ := s.Valid(in)
		for i := range n {
			_, k := s.Slot(in, i)
			*d.flying.Now() += k
		}
		d.flying.Next()
	}
}

// fill offers one-cell packets: to the other queues while the free count
// falls, then exactly the free count to the spare queues; full, it stops
// the stage once every cell and every PD is held.
func (d *tmDirected) fill(m *hw.TM, in []uint32, full bool) {
	if m == nil {
		return
	}
	slots, cfg := d.in.slots, &d.in.cfg
	free := m.Probe().Free - d.fly
	if full && free == 0 && int(m.Stats().Total.Len.Pkts) == cfg.B {
		d.next(tmdBack) // every cell and every PD held
		return
	}
	if free < d.minFree {
		d.minFree, d.sinceMin = free, 0
	} else {
		d.sinceMin++
	}
	if d.sinceMin > 64 || free <= len(d.spare) {
		d.spareMode = true
	}
	k := 0
	if d.spareMode {
		for ; k < min(free, slots.Sh.IN); k++ {
			slots.Put(in, k, d.spare[d.sr], 1)
			d.sr = (d.sr + 1) % len(d.spare)
		}
		return
	}
	for ; k < min(free, slots.Sh.IN); k++ {
		for d.isSpare[d.rr] && len(d.spare) < slots.Sh.N {
			d.rr = (d.rr + 1) % slots.Sh.N
		}
		slots.Put(in, k, d.rr, 1)
		d.rr = (d.rr + 1) % slots.Sh.N
	}
}

// fillHD is the fill of the head-drop stage: one packet of K cells a cycle
// (one enqueue round takes it from the free list in its cycle) to the
// other queues while the free count falls, then one packet of the free
// count's cells (MAXPKT at most) a cycle to the shortest spare queue.
func (d *tmDirected) fillHD(m *hw.TM, in []uint32) {
	if m == nil {
		return
	}
	slots, cfg := d.in.slots, &d.in.cfg
	qlen, free := m.Registers()
	free -= d.fly
	if free <= 0 {
		return
	}
	if free < d.minFree {
		d.minFree, d.sinceMin = free, 0
	} else {
		d.sinceMin++
	}
	// The egress buffers take a few hundred cells at first: the free
	// count stops falling for good only when the thresholds bind.
	if d.sinceMin > 256 || free <= len(d.spare) {
		d.spareMode = true
	}
	if !d.spareMode {
		for d.isSpare[d.rr] && len(d.spare) < slots.Sh.N {
			d.rr = (d.rr + 1) % slots.Sh.N
		}
		slots.Put(in, 0, d.rr, min(free, cfg.K, cfg.MaxPkt))
		d.rr = (d.rr + 1) % slots.Sh.N
		return
	}
	q := d.spare[0]
	for _, s := range d.spare[1:] {
		if qlen[s] < qlen[q] {
			q = s
		}
	}
	slots.Put(in, 0, q, min(free, cfg.MaxPkt))
}
