package tm

import (
	hw "occamy/hw/tm"
)

// The directed sequence's closed-loop fills (stages 5 and 6 of Directed)
// and the count of cells offered and not yet in the free count that they
// offer less.

// Next makes cycle c's inputs (gen) and counts the cells they offer.
func (d *tmDirected) Next(c uint64, in []uint32) {
	d.gen(c, in)
	s := d.in.slots
	n, _ := s.Valid(in)
	for i := range n {
		_, k := s.Slot(in, i)
		d.flying.Offer(uint64(k))
	}
	d.flying.Edge()
}

// fly is the cells offered and not yet answered.
func (d *tmDirected) fly() int { return int(d.flying.N()) }

// fill offers one-cell packets: to the other queues while the free count
// falls, then exactly the free count to the spare queues; full, it stops
// the stage once every cell and every PD is held.
func (d *tmDirected) fill(m *hw.TM, in []uint32, full bool) {
	if m == nil {
		return
	}
	slots, cfg := d.in.slots, &d.in.cfg
	free := m.Probe().Free - d.fly()
	if full && free == 0 && int(m.Stats().Total.Len.Pkts) == cfg.B {
		d.next(tmdBack) // every cell and every PD held
		return
	}
	d.watchFall(free, 64)
	k := 0
	if d.spareMode {
		for ; k < min(free, slots.Sh.IN); k++ {
			slots.Put(in, k, d.spare[d.sr], 1)
			d.sr = (d.sr + 1) % len(d.spare)
		}
		return
	}
	for ; k < min(free, slots.Sh.IN); k++ {
		slots.Put(in, k, d.nextOther(), 1)
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
	free -= d.fly()
	if free <= 0 {
		return
	}
	// The egress buffers take a few hundred cells at first: the free
	// count stops falling for good only when the thresholds bind.
	d.watchFall(free, 256)
	if !d.spareMode {
		slots.Put(in, 0, d.nextOther(), min(free, cfg.K, cfg.MaxPkt))
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

// watchFall follows the fills' free count: once it has not fallen for
// settle cycles, or is down to the spare queues' count, the fill turns to
// the spare queues (spareMode).
func (d *tmDirected) watchFall(free, settle int) {
	if free < d.minFree {
		d.minFree, d.sinceMin = free, 0
	} else {
		d.sinceMin++
	}
	if d.sinceMin > settle || free <= len(d.spare) {
		d.spareMode = true
	}
}

// nextOther is the next queue, round robin, that is not a spare one (any
// queue when every queue is spare).
func (d *tmDirected) nextOther() int {
	n := d.in.slots.Sh.N
	for d.isSpare[d.rr] && len(d.spare) < n {
		d.rr = (d.rr + 1) % n
	}
	q := d.rr
	d.rr = (d.rr + 1) % n
	return q
}
