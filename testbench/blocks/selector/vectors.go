package selector

import (
	"math/rand"

	hw "occamy/hw/selector"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/testbench/vectors"
)

// The block's .vec tables (testbench/vectors) for its Icarus testbench:
// their own edge-biased stimulus, recorded from the Go model.

// vectorsOf is the selector's vector generator: its model as a DUT
// (hdSelector) and the edge-biased stimulus selectorStim.
func vectorsOf(m map[string]int, rng *rand.Rand) (vectors.DUT, vectors.Stimulus, error) {
	p := Binding.Decode(m)
	d, err := hdSelector(p)
	return d, &selectorStim{rng: rng, p: p, reset: vectors.Resetter{Rng: rng}}, err
}

// hdSelector returns an hd_selector golden model as a DUT with ports rst_ni,
// qlen_i, thr_i and over_o.
func hdSelector(p hw.Params) (vectors.DUT, error) {
	s, err := hw.New(p)
	if err != nil {
		return nil, err
	}
	return vectors.NewModel(s, s.Signals(), map[string]func([]uint64){
		"rst_ni": func(v []uint64) { s.RstNI = v[0]&1 == 1 },
		"qlen_i": func(v []uint64) {
			for i := range s.QlenI {
				s.QlenI[i] = uint32(pack.Get64(v, i, p.QW))
			}
		},
		"thr_i": func(v []uint64) {
			for i := range s.ThrI {
				s.ThrI[i] = uint32(pack.Get64(v, i, p.QW))
			}
		},
	}), nil
}

// selectorStim drives hd_selector.
type selectorStim struct {
	rng   *rand.Rand
	p     hw.Params
	reset vectors.Resetter
	thr   []uint64
}

func (s *selectorStim) Next(c int, in map[string][]uint64) {
	r, n, qw := s.rng, s.p.N, s.p.QW
	mask := rtl.Width(qw).Mask()
	in["rst_ni"][0] = s.reset.RstN(c)
	if s.thr == nil || r.Intn(8) == 0 { // redraw the eight class thresholds
		s.thr = make([]uint64, 8)
		for k := range s.thr {
			switch r.Intn(5) {
			case 0:
				s.thr[k] = 0
			case 1:
				s.thr[k] = 1 & mask
			case 2:
				s.thr[k] = mask
			default:
				s.thr[k] = r.Uint64() & mask
			}
		}
	}
	for i := 0; i < n; i++ {
		t := s.thr[i%8]
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
			q = min(t+1, mask)
		case 4:
			q = 0
		case 5:
			q = mask
		default:
			q = r.Uint64() & mask
		}
		pack.Or64(in["qlen_i"], i, qw, q)
		pack.Or64(in["thr_i"], i, qw, t)
	}
}

func (s *selectorStim) Observe([]string, [][]uint64) {}
