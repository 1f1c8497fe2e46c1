package threshold

import (
	hw "occamy/hw/threshold"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// newRandom is the random source of dt_threshold (combinational: no reset).
// Exponents: each class at the lowest or highest code, 0, ±1, ±QW, QW−1,
// 1−QW or random. Free counts: 0, 1, all-ones, a power of two, the
// saturation edge of the largest exponent (free<<s just fits, or one more
// overflows), or random.
func newRandom(p hw.Params, l *port.Layout, seed int64) (stimulus.Source, error) {
	fs, err := stimulus.Fields(l, "free_i", "alpha_i")
	if err != nil {
		return nil, err
	}
	lo, hi := -(1 << (p.AW - 1)), 1<<(p.AW-1)-1
	s := &thresholdSrc{p: p, rng: stimulus.NewRNG(seed), free: fs[0], alpha: fs[1], lo: lo, hi: hi,
		aw: make([]uint32, fs[1].Words)}
	s.edges = []int{lo, hi, 0, 1, -1, p.QW, p.QW - 1, -p.QW, 1 - p.QW}
	return s, nil
}

type thresholdSrc struct {
	p           hw.Params
	rng         *stimulus.RNG
	free, alpha stimulus.Field
	lo, hi      int
	edges       []int
	aw          []uint32
	smax        int
}

func (s *thresholdSrc) Next(_ uint64, in []uint32) {
	r, p := s.rng, s.p
	if r.OneIn(2) || s.smax == 0 && s.aw[0] == 0 {
		s.smax = s.lo
		for c := 0; c < p.C; c++ {
			e := r.Between(s.lo, s.hi)
			if r.OneIn(2) {
				e = min(max(s.edges[r.Intn(len(s.edges))], s.lo), s.hi)
			}
			s.smax = max(s.smax, e)
			pack.Put(s.aw, c, p.AW, uint64(e))
		}
	}
	s.alpha.Copy(in, s.aw)
	s.free.Put(in, drawFree(r, p.QW, s.smax))
}

// newDirected walks every exponent code in every class against the
// free counts 0, 1, 2^k for each k, all-ones and the saturation edges
// (2^(QW−s)−1 and 2^(QW−s)) of that exponent.
func newDirected(p hw.Params, l *port.Layout) (stimulus.Finite, error) {
	fs, err := stimulus.Fields(l, "free_i", "alpha_i")
	if err != nil {
		return nil, err
	}
	mask := uint64(1)<<uint(p.QW) - 1
	var rows []thrRow
	for e := -(1 << (p.AW - 1)); e < 1<<(p.AW-1); e++ {
		frees := []uint64{0, 1, mask}
		for k := 0; k < p.QW; k++ {
			frees = append(frees, 1<<uint(k))
		}
		if e > 0 && e < p.QW {
			frees = append(frees, mask>>uint(e), mask>>uint(e)+1)
		}
		for _, f := range frees {
			rows = append(rows, thrRow{e: e, free: f & mask})
		}
	}
	return &thresholdDir{p: p, free: fs[0], alpha: fs[1], rows: rows, aw: make([]uint32, fs[1].Words)}, nil
}

type thrRow struct {
	e    int
	free uint64
}

type thresholdDir struct {
	p           hw.Params
	free, alpha stimulus.Field
	rows        []thrRow
	i           int
	aw          []uint32
}

func (s *thresholdDir) Done() bool { return s.i >= len(s.rows) }

func (s *thresholdDir) Next(_ uint64, in []uint32) {
	row := s.rows[min(s.i, len(s.rows)-1)]
	s.i++
	for c := 0; c < s.p.C; c++ {
		// Class c takes the exponent e+c, wrapped into the code range, so
		// neighbouring classes differ.
		pack.Put(s.aw, c, s.p.AW, uint64(row.e+c))
	}
	s.alpha.Copy(in, s.aw)
	s.free.Put(in, row.free)
}

// drawFree draws a free count of QW bits biased to the edges: 0, all-ones,
// 1, a power of two, and (half the draws that are not) the saturation edge
// of the largest exponent smax in use; the rest uniform. The random
// stimulus and the Icarus testbench vectors both draw it.
func drawFree(r interface {
	Intn(int) int
	Uint64() uint64
}, qw, smax int) uint64 {
	mask := uint64(1)<<uint(qw) - 1
	switch r.Intn(8) {
	case 0:
		return 0
	case 1:
		return mask
	case 2:
		return 1
	case 3, 4: // the saturation edge of the largest exponent
		if smax >= 1 && smax < qw {
			r.Uint64() // the draw the uniform fallback would make, kept so sequences stay as they were
			return min(mask>>uint(smax)+uint64(r.Intn(3))-1, mask)
		}
		return r.Uint64() & mask
	case 5:
		return 1 << uint(r.Intn(qw))
	}
	return r.Uint64() & mask
}
