package threshold

import (
	"math/rand"

	hw "occamy/hw/threshold"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/testbench/vectors"
)

// The block's .vec tables (testbench/vectors) for its Icarus testbench:
// their own edge-biased stimulus, recorded from the Go model.

// vectorsOf is the threshold's vector generator: its model as a DUT
// (dtThreshold) and the edge-biased stimulus thresholdStim.
func vectorsOf(m map[string]int, rng *rand.Rand) (vectors.DUT, vectors.Stimulus, error) {
	p := thresholdParams.Decode(m)
	d, err := dtThreshold(p)
	return d, &thresholdStim{rng: rng, p: p}, err
}

// dtThreshold returns a dt_threshold golden model as a DUT with ports free_i,
// alpha_i and thr_o.
func dtThreshold(p hw.Params) (vectors.DUT, error) {
	u, err := hw.New(p)
	if err != nil {
		return nil, err
	}
	aw := rtl.Width(p.AW)
	return vectors.NewModel(u, u.Signals(), map[string]func([]uint64){
		"free_i": func(v []uint64) { u.FreeI = uint32(v[0]) },
		"alpha_i": func(v []uint64) {
			for c := range u.AlphaI {
				u.AlphaI[c] = int8(aw.SignExtend(pack.Get64(v, c, p.AW)))
			}
		},
	}), nil
}

// thresholdStim drives dt_threshold.
type thresholdStim struct {
	rng *rand.Rand
	p   hw.Params
	exp []int
}

func (s *thresholdStim) Next(_ int, in map[string][]uint64) {
	r, p := s.rng, s.p
	lo, hi := -(1 << (p.AW - 1)), 1<<(p.AW-1)-1
	edges := []int{lo, hi, 0, 1, -1, p.QW, p.QW - 1, -p.QW, 1 - p.QW}
	if s.exp == nil {
		s.exp = make([]int, p.C)
	}
	smax := lo
	for c := range s.exp {
		e := lo + r.Intn(hi-lo+1)
		if r.Intn(2) == 0 {
			e = min(max(edges[r.Intn(len(edges))], lo), hi)
		}
		s.exp[c] = e
		smax = max(smax, e)
		pack.Or64(in["alpha_i"], c, p.AW, uint64(e))
	}
	in["free_i"][0] = drawFree(r, p.QW, smax)
}

func (s *thresholdStim) Observe([]string, [][]uint64) {}
