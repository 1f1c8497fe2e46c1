package scenario

import "occamy/hw/tm"

// Drop is one of a run's first drops (Result.FirstHeadDrop,
// Result.FirstAdmDrop): the cycle whose step counted it (for a head drop,
// the cycle its packet is unlinked, hd_valid_o), the queue, and the
// queue's cells dropped that way in that cycle.
type Drop struct {
	Cycle uint64
	Queue int
	Cells uint64
}

// firstDrops finds a run's first head drop and first admission drop from
// the model's per-queue counters, which every Model keeps live (hw/tm
// counts a head drop where it records EvHeadDrop; cosim/tmsim at
// hd_valid_o). It looks after every step until it has both, so only
// traced runs pay for it.
type firstDrops struct {
	head, adm       Drop
	hasHead, hasAdm bool
}

func (f *firstDrops) done() bool { return f.hasHead && f.hasAdm }

// observe looks at the counters after cycle c's step; the lowest queue
// wins a tie.
func (f *firstDrops) observe(c uint64, st *tm.Stats) {
	for q := range st.Queues {
		s := &st.Queues[q]
		if !f.hasHead && s.HeadDropped.Pkts > 0 {
			f.head, f.hasHead = Drop{Cycle: c, Queue: q, Cells: s.HeadDropped.Cells}, true
		}
		if !f.hasAdm && s.AdmDropped.Pkts > 0 {
			f.adm, f.hasAdm = Drop{Cycle: c, Queue: q, Cells: s.AdmDropped.Cells}, true
		}
	}
}

// results are the drops found, nil for a kind that never happened.
func (f *firstDrops) results() (head, adm *Drop) {
	if f.hasHead {
		h := f.head
		head = &h
	}
	if f.hasAdm {
		a := f.adm
		adm = &a
	}
	return head, adm
}
