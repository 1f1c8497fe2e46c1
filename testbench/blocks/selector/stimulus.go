package selector

import (
	hw "occamy/hw/selector"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// NewRandom is the random source of hd_selector. Thresholds are shared by
// eight classes (queue i uses class i mod 8, as in the traffic manager) and
// are 0, 1, all-ones (saturated) or random, redrawn now and then. Each cycle
// about half of the queues get a new length: equal to the threshold (the
// tie: not over), one below, one above, 0, all-ones or random.
func NewRandom(p hw.Params, l *port.Layout, seed int64) (stimulus.Source, error) {
	fs, err := stimulus.Fields(l, "rst_ni", "qlen_i", "thr_i")
	if err != nil {
		return nil, err
	}
	return &selectorSrc{
		p: p, rng: stimulus.NewRNG(seed), resets: stimulus.NewResets(seed, stimulus.ResetEvery),
		rst: fs[0], qlen: fs[1], thr: fs[2],
		qw: make([]uint32, fs[1].Words), tw: make([]uint32, fs[2].Words),
		q: make([]uint32, p.N), t: make([]uint32, p.N),
		mask: uint64(1)<<uint(p.QW) - 1,
	}, nil
}

type selectorSrc struct {
	p              hw.Params
	rng            *stimulus.RNG
	resets         *stimulus.Resets
	rst, qlen, thr stimulus.Field
	qw, tw         []uint32 // packed port words
	q              []uint32 // per-queue lengths
	t              []uint32 // per-queue thresholds
	cls            [8]uint64
	mask           uint64
	started        bool
}

func (s *selectorSrc) Next(c uint64, in []uint32) {
	r, n, qw := s.rng, s.p.N, s.p.QW
	s.rst.PutBool(in, s.resets.RstN(c))
	redraw := !s.started || r.OneIn(16)
	if redraw {
		for k := range s.cls {
			switch r.Intn(5) {
			case 0:
				s.cls[k] = 0
			case 1:
				s.cls[k] = 1 & s.mask
			case 2:
				s.cls[k] = s.mask
			default:
				s.cls[k] = r.Uint64() & s.mask
			}
		}
		for i := 0; i < n; i++ {
			s.t[i] = uint32(s.cls[i&7])
		}
		pack.Pack(s.tw, s.t, n, qw)
	}
	switch {
	case !s.started || redraw || r.OneIn(16):
		quiet := r.OneIn(4) // every queue empty: the next changes make few over
		for i := 0; i < n; i++ {
			if quiet {
				s.q[i] = 0
			} else {
				s.draw(i)
			}
		}
	default: // a few queues change each cycle
		for k := 0; k < 8; k++ {
			s.draw(r.Intn(n))
		}
	}
	pack.Pack(s.qw, s.q, n, qw)
	s.started = true
	s.qlen.Copy(in, s.qw)
	s.thr.Copy(in, s.tw)
}

// draw gives queue i a new length, biased to its threshold's edges.
func (s *selectorSrc) draw(i int) {
	r := s.rng
	t := s.cls[i&7]
	var q uint64
	switch r.Intn(8) {
	case 0, 1:
		q = t
	case 2:
		q = t - 1
		if t == 0 {
			q = 0
		}
	case 3:
		q = min(t+1, s.mask)
	case 4:
		q = 0
	case 5:
		q = s.mask
	default:
		q = r.Uint64() & s.mask
	}
	s.q[i] = uint32(q)
}

// newDirected checks each queue alone (all others far below their
// thresholds) at its threshold, one above, one below, at 0 against 0, at
// all-ones against a saturated threshold and against all-ones minus one;
// then all queues over at once, all at the tie, and a reset pulse while all
// are over.
func newDirected(p hw.Params, l *port.Layout) (stimulus.Finite, error) {
	fs, err := stimulus.Fields(l, "rst_ni", "qlen_i", "thr_i")
	if err != nil {
		return nil, err
	}
	mask := uint64(1)<<uint(p.QW) - 1
	mid := mask / 2
	type pair struct{ q, t uint64 }
	cases := []pair{{mid, mid}, {mid + 1, mid}, {mid - 1, mid}, {0, 0}, {1, 0}, {mask, mask}, {mask, mask - 1}}
	d := &stimulus.Script{}
	d.Add(0, func(in []uint32) {}) // reset, cycle 0
	d.Add(0, func(in []uint32) {}) // reset, cycle 1
	for i := 0; i < p.N; i++ {
		for _, cs := range cases {
			i, cs := i, cs
			d.Add(1, func(in []uint32) {
				for k := 0; k < p.N; k++ {
					pack.Put(in[fs[1].Off:fs[1].Off+fs[1].Words], k, p.QW, 0)
					pack.Put(in[fs[2].Off:fs[2].Off+fs[2].Words], k, p.QW, mask)
				}
				pack.Put(in[fs[1].Off:fs[1].Off+fs[1].Words], i, p.QW, cs.q)
				pack.Put(in[fs[2].Off:fs[2].Off+fs[2].Words], i, p.QW, cs.t)
			})
		}
	}
	all := func(q, t uint64) func([]uint32) {
		return func(in []uint32) {
			for k := 0; k < p.N; k++ {
				pack.Put(in[fs[1].Off:fs[1].Off+fs[1].Words], k, p.QW, q)
				pack.Put(in[fs[2].Off:fs[2].Off+fs[2].Words], k, p.QW, t)
			}
		}
	}
	d.Add(1, all(mid+1, mid))
	d.Add(1, all(mid+1, mid))
	d.Add(1, all(mid, mid))
	d.Add(1, all(mid+1, mid))
	d.Add(0, all(mid+1, mid)) // reset while every queue is over
	d.Add(1, all(mid+1, mid))
	d.Add(1, all(mid+1, mid))
	d.Add(1, all(0, 0))
	d.Rst = fs[0]
	return d, nil
}
