package maxfind

import (
	hw "occamy/hw/maxfind"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// newRandom is the random source of tm_maxfind (combinational: no reset).
// Candidate sets are empty, one queue, every queue or random of random
// density; lengths come from a few values (so the maximum is often tied),
// 0, all-ones or random.
func newRandom(p hw.Params, l *port.Layout, seed int64) (stimulus.Source, error) {
	fs, err := stimulus.Fields(l, "cand_i", "qlen_i")
	if err != nil {
		return nil, err
	}
	return &maxFindSrc{p: p, rng: stimulus.NewRNG(seed), cand: fs[0], qlen: fs[1],
		cw: make([]uint32, fs[0].Words), qw: make([]uint32, fs[1].Words), q: make([]uint32, p.N),
		mask: uint64(1)<<uint(p.QW) - 1}, nil
}

type maxFindSrc struct {
	p          hw.Params
	rng        *stimulus.RNG
	cand, qlen stimulus.Field
	cw, qw     []uint32
	q          []uint32
	mask       uint64
}

func (s *maxFindSrc) Next(_ uint64, in []uint32) {
	r, n := s.rng, s.p.N
	clear(s.cw)
	switch r.Intn(8) {
	case 0: // none
	case 1:
		i := r.Intn(n)
		s.cw[i/32] |= 1 << uint(i%32)
	case 2:
		for i := 0; i < n; i++ {
			s.cw[i/32] |= 1 << uint(i%32)
		}
	default:
		d := 1 + r.Intn(4)
		for i := 0; i < n; i++ {
			if r.OneIn(d) {
				s.cw[i/32] |= 1 << uint(i%32)
			}
		}
	}
	few := [4]uint64{0, s.mask, r.Uint64() & s.mask, r.Uint64() & s.mask}
	mode := r.Intn(3)
	for i := range s.q {
		v := r.Uint64() & s.mask
		if mode < 2 {
			v = few[r.Intn(len(few))]
		}
		s.q[i] = uint32(v)
	}
	pack.Pack(s.qw, s.q, n, s.p.QW)
	s.cand.Copy(in, s.cw)
	s.qlen.Copy(in, s.qw)
}

// newDirected walks, for every queue i: i alone with length 0; i the
// unique maximum (all-ones) among every queue; i tied at the maximum with
// the last queue (i must win); then no candidate at all.
func newDirected(p hw.Params, l *port.Layout) (stimulus.Finite, error) {
	fs, err := stimulus.Fields(l, "cand_i", "qlen_i")
	if err != nil {
		return nil, err
	}
	return &maxFindDir{p: p, cand: fs[0], qlen: fs[1], cw: make([]uint32, fs[0].Words),
		qw: make([]uint32, fs[1].Words), q: make([]uint32, p.N), mask: uint32(uint64(1)<<uint(p.QW) - 1)}, nil
}

type maxFindDir struct {
	p          hw.Params
	cand, qlen stimulus.Field
	cw, qw     []uint32
	q          []uint32
	mask       uint32
	i          int
}

func (s *maxFindDir) Done() bool { return s.i > 3*s.p.N }

func (s *maxFindDir) Next(_ uint64, in []uint32) {
	n, row := s.p.N, s.i
	s.i++
	clear(s.cw)
	clear(s.q)
	set := func(i int) { s.cw[i/32] |= 1 << uint(i%32) }
	switch q := row % max(n, 1); {
	case row >= 3*n: // no candidate
	case row < n:
		set(q)
	case row < 2*n:
		for i := 0; i < n; i++ {
			set(i)
			s.q[i] = uint32(i) & (s.mask >> 1)
		}
		s.q[q] = s.mask
	default:
		set(q)
		set(n - 1)
		s.q[q], s.q[n-1] = s.mask, s.mask
	}
	pack.Pack(s.qw, s.q, n, s.p.QW)
	s.cand.Copy(in, s.cw)
	s.qlen.Copy(in, s.qw)
}
