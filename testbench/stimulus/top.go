package stimulus

import (
	"occamy/cosim"
	"occamy/hw/expulsion"
	"occamy/rtl"
	"occamy/rtl/pack"
)

// Top is the random source of occamy_expulsion. The top is closed loop by
// itself (drops lower the queue lengths that drive the selector); the
// source also reads the golden model to aim arrivals at queues it sees over
// their threshold, which keeps expulsion busy.
//
// Phases as in Executor (rates and packet lengths); at each phase change,
// with probability 1/2, new α exponents for every class: the lowest code
// (tiny thresholds, many queues over), the highest (saturated thresholds,
// none over), 0, ±1, −2, −3 or random. Arrivals go to two hot queues, to a
// queue currently over its threshold, or anywhere.
func Top(p expulsion.Params, l *cosim.Layout, seed int64, model *expulsion.Top) (Source, error) {
	fs, err := fields(l, "rst_ni", "alpha_i", "enq_valid_i", "enq_qid_i", "enq_eop_i")
	if err != nil {
		return nil, err
	}
	s := &topSrc{p: p, rng: NewRNG(seed), resets: NewResets(seed, ResetEveryStore), f: fs, model: model,
		aw: make([]uint32, fs[1].Words), idxMax: 1<<uint(rtl.IdxWidth(p.N)) - 1}
	lo, hi := -(1 << (p.AW - 1)), 1<<(p.AW-1)-1
	s.edges = []int{lo, hi, 0, 1, -1, -2, -3}
	s.lo, s.hi = lo, hi
	return s, nil
}

type topSrc struct {
	p       expulsion.Params
	rng     *RNG
	resets  *Resets
	f       []Field // rst, alpha, enq_valid, enq_qid, enq_eop
	model   *expulsion.Top
	aw      []uint32
	edges   []int
	lo, hi  int
	idxMax  int
	left    int
	enqP    int
	eopP    int
	hot     [2]int
	started bool
}

func (s *topSrc) phase() {
	r := s.rng
	if r.OneIn(4) {
		s.left = r.Between(s.p.B/2+1, 2*s.p.B+2)
	} else {
		s.left = r.Between(16, 1024)
	}
	s.enqP = [...]int{1, 1, 2, 8}[r.Intn(4)]
	s.eopP = [...]int{1, 2, 8, 64}[r.Intn(4)]
	s.hot = [2]int{r.Intn(s.p.N), r.Intn(s.p.N)}
	if !s.started || r.OneIn(2) {
		all := r.OneIn(2) // every class the same exponent
		e0 := s.edges[r.Intn(len(s.edges))]
		for c := 0; c < s.p.Q; c++ {
			e := e0
			if !all {
				e = s.edges[r.Intn(len(s.edges))]
				if r.OneIn(4) {
					e = r.Between(s.lo, s.hi)
				}
			}
			pack.Put(s.aw, c, s.p.AW, uint64(e))
		}
	}
	s.started = true
}

func (s *topSrc) Next(c uint64, in []uint32) {
	r, f := s.rng, s.f
	f[0].PutBool(in, s.resets.RstN(c))
	if s.left == 0 {
		s.phase()
	}
	s.left--
	f[1].Copy(in, s.aw)
	eq := s.hot[r.Intn(2)]
	switch k := r.Intn(8); {
	case k == 0:
		eq = r.Intn(s.idxMax + 1)
	case k < 3:
		if over := &s.model.Sel.OverO; over.Any() {
			if i := over.FirstFrom(r.Intn(s.p.N)); i >= 0 && i < s.p.N {
				eq = i
			}
		}
	}
	f[2].PutBool(in, r.OneIn(s.enqP))
	f[3].Put(in, uint64(eq))
	// At most half the buffer per packet, as in Executor.
	f[4].PutBool(in, r.OneIn(s.eopP) || 2*s.model.Exe.State().BldCntQ >= uint32(s.p.B))
}

// TopDirected drives occamy_expulsion through: α = 1 for every class and
// single-cell packets into queue 0 until it goes over and is expelled back
// to back; the lowest α code (tiny thresholds) with packets round all
// queues, so many are over and the arbiter's pointer wraps; the highest
// code (saturated thresholds: no queue over) until the buffer is full, the
// last half of it one packet still under construction; then
// the lowest code again, so a full buffer is expelled with the free list
// empty; a reset while drops are under way.
func TopDirected(p expulsion.Params, l *cosim.Layout, model *expulsion.Top) (Finite, error) {
	fs, err := fields(l, "rst_ni", "alpha_i", "enq_valid_i", "enq_qid_i", "enq_eop_i")
	if err != nil {
		return nil, err
	}
	alpha := func(e int) []uint32 {
		w := make([]uint32, fs[1].Words)
		for c := 0; c < p.Q; c++ {
			pack.Put(w, c, p.AW, uint64(e))
		}
		return w
	}
	lo, hi := alpha(-(1 << (p.AW - 1))), alpha(1<<(p.AW-1)-1)
	one := alpha(1)
	n, b := p.N, p.B
	enq := func(in []uint32, a []uint32, q int, eop bool) {
		fs[1].Copy(in, a)
		fs[2].Put(in, 1)
		fs[3].Put(in, uint64(q))
		fs[4].PutBool(in, eop)
	}
	drops := func() bool { return model.Exe.DropAckO }
	pr := &program{rst: fs[0]}
	pr.add(step{rstN: false, max: 2, put: func(in []uint32) { fs[1].Copy(in, one) }})
	// Queue 0 alone: over when q0 > 2·(B − q0), then expelled.
	pr.add(step{rstN: true, max: 2*b + 16, until: func() bool { return model.Sel.OverO.Test(0) },
		put: func(in []uint32) { enq(in, one, 0, true) }})
	pr.add(step{rstN: true, max: 8, put: func(in []uint32) { enq(in, one, 0, true) }})
	pr.add(step{rstN: true, max: 16, put: func(in []uint32) { fs[1].Copy(in, one) }})
	// Tiny thresholds, packets round all queues.
	k := 0
	pr.add(step{rstN: true, max: 4*n + 2*b, until: func() bool { return model.Sel.OverO.Count() >= min(n, 3) && k > 2*n },
		put: func(in []uint32) { k++; enq(in, lo, k%n, true) }})
	pr.add(step{rstN: true, max: 4 * n, put: func(in []uint32) { k++; enq(in, lo, k%n, k%3 == 0) }})
	// Saturated thresholds: nothing expelled; fill the buffer.
	// Two-cell packets until half the buffer is queued, then one packet
	// that takes every free cell: its cells are in no queue until its eop,
	// so no queue goes over and the free list runs empty (at N=64 the
	// thresholds would stop complete packets one cell short of full).
	pr.add(step{rstN: true, max: 2*b + 16, until: func() bool { return model.Exe.FreeO() == 0 },
		put: func(in []uint32) { k++; enq(in, hi, k%n, k%2 == 0 && 2*model.Exe.FreeO() > uint32(b)) }})
	pr.add(step{rstN: true, max: 4, put: func(in []uint32) { enq(in, hi, 0, true) }})
	// Tiny thresholds on a full buffer: mass expulsion.
	pr.add(step{rstN: true, max: 64, put: func(in []uint32) { k++; enq(in, lo, k%n, true) }})
	// Reset while drops are under way.
	pr.add(step{rstN: true, max: 2*b + 16, until: drops, put: func(in []uint32) { enq(in, lo, 0, true) }})
	pr.add(step{rstN: false, put: func(in []uint32) { enq(in, lo, 0, true) }})
	pr.add(step{rstN: true, max: 4, put: func(in []uint32) { enq(in, lo, 0, true) }})
	return pr, nil
}
