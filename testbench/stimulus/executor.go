package stimulus

import (
	"occamy/cosim"
	"occamy/hw/executor"
	"occamy/rtl"
)

// ResetEveryStore is the mean number of cycles between reset pulses of the
// executor and top sources: long enough for a fill phase to run the whole
// buffer empty of free cells before a reset refills it.
const ResetEveryStore = 1 << 17

// Executor is the random source of hd_executor, closed loop through the
// golden model: drops aim mostly at queues the model says hold packets.
//
// Phases of random length (16 to 512 cycles, or long enough to fill the
// whole buffer) set the enqueue and drop rates (fill: cells every cycle,
// drops rare, so the free cell or PD list runs empty; drain; mixed; both
// ports every cycle) and the packet length (eop every cell, every 2, 8 or
// 64 cells on average). Arrivals go mostly to two hot queues. A drop goes
// to a random queue holding a packet, to the queue dropped last (back to
// back), to the queue receiving an eop this cycle (the same-cycle rules),
// to any queue (often empty: no ack) or to any index the port can carry
// (at or above N when N is not a power of two).
func Executor(p executor.Params, l *cosim.Layout, seed int64, model *executor.Executor) (Source, error) {
	fs, err := fields(l, "rst_ni", "enq_valid_i", "enq_qid_i", "enq_eop_i", "drop_valid_i", "drop_qid_i")
	if err != nil {
		return nil, err
	}
	p = p.Resolved()
	return &executorSrc{p: p, rng: NewRNG(seed), resets: NewResets(seed, ResetEveryStore), f: fs, model: model,
		idxMax: 1<<uint(rtl.IdxWidth(p.N)) - 1}, nil
}

type executorSrc struct {
	p      executor.Params
	rng    *RNG
	resets *Resets
	f      []Field // rst, enq_valid, enq_qid, enq_eop, drop_valid, drop_qid
	model  *executor.Executor
	idxMax int

	left           int // cycles left in the phase
	enqP, dropP    int // 1-in-n rates (1: every cycle, 0: never)
	eopP           int
	hot            [2]int
	lastDrop       int
	enqQid, enqEop bool
}

// phase draws the next phase's rates.
func (s *executorSrc) phase() {
	r := s.rng
	if r.OneIn(4) {
		s.left = r.Between(s.p.B/2+1, 2*s.p.B+2)
	} else {
		s.left = r.Between(16, 512)
	}
	switch r.Intn(5) {
	case 0: // fill
		s.enqP, s.dropP = 1, 64
	case 1: // drain
		s.enqP, s.dropP = 8, 1
	case 2: // mixed
		s.enqP, s.dropP = 2, 2
	case 3: // both every cycle
		s.enqP, s.dropP = 1, 1
	default: // idle-ish
		s.enqP, s.dropP = 4, 0
	}
	s.eopP = [...]int{1, 2, 8, 64}[r.Intn(4)]
	s.hot = [2]int{r.Intn(s.p.N), r.Intn(s.p.N)}
}

func (s *executorSrc) Next(c uint64, in []uint32) {
	r, f := s.rng, s.f
	f[0].PutBool(in, s.resets.RstN(c))
	if s.left == 0 {
		s.phase()
	}
	s.left--
	ev := s.enqP > 0 && r.OneIn(s.enqP)
	// A packet never grows past half the buffer: one holding every cell
	// could never take its eop cell, and nothing could be dropped to make
	// room (a deadlock only a reset ends).
	eop := r.OneIn(s.eopP) || 2*s.model.State().BldCntQ >= uint32(s.p.B)
	eq := s.hot[r.Intn(2)]
	if r.OneIn(4) {
		eq = r.Intn(s.idxMax + 1)
	}
	f[1].PutBool(in, ev)
	f[2].Put(in, uint64(eq))
	f[3].PutBool(in, eop)
	dv := s.dropP > 0 && r.OneIn(s.dropP)
	dq := s.lastDrop
	switch k := r.Intn(20); {
	case k < 10:
		dq = s.nonEmpty()
	case k < 13: // back to back: keep lastDrop
	case k < 15:
		dq = eq
	case k < 18:
		dq = r.Intn(s.p.N)
	default:
		dq = r.Intn(s.idxMax + 1)
	}
	s.lastDrop = dq
	f[4].PutBool(in, dv)
	f[5].Put(in, uint64(dq))
}

// nonEmpty returns a random queue holding a packet, or a random queue when
// none does.
func (s *executorSrc) nonEmpty() int {
	n := s.p.N
	start := s.rng.Intn(n)
	for k := 0; k < n; k++ {
		q := start + k
		if q >= n {
			q -= n
		}
		if s.model.Pkts(q) != 0 {
			return q
		}
	}
	return start
}

// ExecutorDirected is a closed-loop sequence through the documented corner
// cases of docs/executor.md: a drop of an empty queue; packets of 1, 2 and
// 3 cells into queues 0, N−1 and N/2; back-to-back drops of queue 0 until it
// is empty and once more (no ack); an eop and a drop on the same queue with
// two packets and with one; every cell filled (the free list empty, an
// enqueue not ready) and a drop while full; everything drained; single-cell
// packets into one queue until the PD list is empty; a reset while both
// ports are busy. A drop of the highest index the port carries comes
// second.
func ExecutorDirected(p executor.Params, l *cosim.Layout, model *executor.Executor) (Finite, error) {
	fs, err := fields(l, "rst_ni", "enq_valid_i", "enq_qid_i", "enq_eop_i", "drop_valid_i", "drop_qid_i")
	if err != nil {
		return nil, err
	}
	p = p.Resolved()
	n, b := p.N, p.B
	pr := &program{rst: fs[0]}
	enq := func(in []uint32, q int, eop bool) {
		fs[1].Put(in, 1)
		fs[2].Put(in, uint64(q))
		fs[3].PutBool(in, eop)
	}
	drop := func(in []uint32, q int) {
		fs[4].Put(in, 1)
		fs[5].Put(in, uint64(q))
	}
	pr.add(step{rstN: false, max: 2})
	pr.add(step{rstN: true, max: 2, put: func(in []uint32) { drop(in, 0) }}) // empty queue granted
	// The highest index the port carries: at or above N when N is not a
	// power of two (no ack), else queue N-1, empty.
	pr.add(step{rstN: true, put: func(in []uint32) { drop(in, 1<<uint(rtl.IdxWidth(n))-1) }})
	for _, q := range []int{0, n - 1, n / 2} {
		for size := 1; size <= 3; size++ {
			for k := 1; k <= size; k++ {
				q, last := q, k == size
				pr.add(step{rstN: true, put: func(in []uint32) { enq(in, q, last) }})
			}
		}
	}
	// Back to back on queue 0 until empty, then once more.
	pr.add(step{rstN: true, max: 8, until: func() bool { return model.Pkts(0) == 0 }, put: func(in []uint32) { drop(in, 0) }})
	pr.add(step{rstN: true, put: func(in []uint32) { drop(in, 0) }})
	// Same queue: eop and drop together with two packets, then with one.
	q := n - 1
	pr.add(step{rstN: true, put: func(in []uint32) { enq(in, q, true); drop(in, q) }})
	pr.add(step{rstN: true, max: 4, until: func() bool { return model.Pkts(q) <= 1 }, put: func(in []uint32) { drop(in, q) }})
	pr.add(step{rstN: true, put: func(in []uint32) { enq(in, q, true); drop(in, q) }})
	// Fill every cell: 4-cell packets round the queues.
	k := 0
	fill := step{rstN: true, max: 2*b + 8, until: func() bool { return model.FreeO() == 0 },
		put: func(in []uint32) { k++; enq(in, k/4%n, k%4 == 0) }}
	pr.add(fill)
	pr.add(step{rstN: true, max: 2, put: func(in []uint32) { enq(in, 1%n, true) }}) // not ready
	pr.add(step{rstN: true, max: 3, put: func(in []uint32) { enq(in, 1%n, true); drop(in, n/2) }})
	// Drain everything, one packet per cycle, the lowest queue holding one.
	drain := step{rstN: true, max: 2*b + 8, until: func() bool { return model.FreeO()+model.State().BldCntQ == uint32(b) },
		put: func(in []uint32) {
			for i := 0; i < n; i++ {
				if model.Pkts(i) != 0 {
					drop(in, i)
					return
				}
			}
		}}
	pr.add(drain)
	// Single-cell packets into one queue until the PD list or the cells
	// run out: with P <= B that queue ends holding every PD (a per-queue
	// packet counter one bit short shows here), with P < B while cells
	// remain.
	pr.add(step{rstN: true, max: p.P + b + 8, until: func() bool { return model.PdFree() == 0 || model.FreeO() == 0 },
		put: func(in []uint32) { enq(in, n-1, true) }})
	// PDs back into the empty free-PD list, one reused by a 3-cell packet
	// (a stale free-PD head shows as that packet overwriting a queued PD),
	// then everything drained, so a corrupted PD chain shows in
	// drop_cells_o.
	pr.add(step{rstN: true, max: 4, put: func(in []uint32) { drop(in, n-1) }})
	for c := 1; c <= 3; c++ {
		last := c == 3
		pr.add(step{rstN: true, put: func(in []uint32) { enq(in, 0, last) }})
	}
	pr.add(drain)
	// Every PD has now been through the free-PD list since reset: fill
	// and drain once more with packets of 1 to 7 cells, so a free-PD list
	// that lost a PD or gave one out twice (a wrong free-PD tail after
	// reset) hands a queued PD to a packet of another length, seen in
	// drop_cells_o.
	pkt, cell := 0, 0
	pr.add(step{rstN: true, max: 2*b + 8, until: func() bool { return model.FreeO() == 0 || model.PdFree() == 0 },
		put: func(in []uint32) {
			cell++
			eop := cell == 1+pkt%7
			enq(in, pkt%n, eop)
			if eop {
				pkt, cell = pkt+1, 0
			}
		}})
	pr.add(drain)
	pr.add(step{rstN: true, max: 2, put: func(in []uint32) { enq(in, 0, true) }})
	pr.add(step{rstN: true, max: 2, put: func(in []uint32) { enq(in, 0, true); drop(in, 2%n) }})
	// Reset while both ports are busy.
	pr.add(step{rstN: false, put: func(in []uint32) { enq(in, 0, true); drop(in, 3%n) }})
	pr.add(step{rstN: true, max: 2, put: func(in []uint32) { enq(in, 0, true); drop(in, 0) }})
	return pr, nil
}
