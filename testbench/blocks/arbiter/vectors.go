package arbiter

import (
	"math/rand"

	hw "occamy/hw/arbiter"
	"occamy/rtl"
	"occamy/testbench/vectors"
)

// The block's .vec tables (testbench/vectors) for its Icarus testbench:
// their own edge-biased stimulus, recorded from the Go model.

// vectorsOf is the arbiter's vector generator: its model as a DUT
// (rrArbiter) and the stimulus arbiterStim, which mirrors the pointer.
func vectorsOf(m map[string]int, rng *rand.Rand) (vectors.DUT, vectors.Stimulus, error) {
	p := arbiterParams.Decode(m)
	d, err := rrArbiter(p)
	return d, &arbiterStim{rng: rng, n: p.N, reset: vectors.Resetter{Rng: rng}}, err
}

// rrArbiter returns an rr_arbiter golden model as a DUT with ports rst_ni,
// req_i, ack_i, gnt_valid_o and gnt_idx_o.
func rrArbiter(p hw.Params) (vectors.DUT, error) {
	a, err := hw.New(p)
	if err != nil {
		return nil, err
	}
	return vectors.NewModel(a, a.Signals(), map[string]func([]uint64){
		"rst_ni": func(v []uint64) { a.RstNI = v[0]&1 == 1 },
		"req_i":  func(v []uint64) { bitmap(&a.ReqI, v) },
		"ack_i":  func(v []uint64) { a.AckI = v[0]&1 == 1 },
	}), nil
}

// bitmap copies packed words into a bitmap.
func bitmap(dst *rtl.Bitmap, words []uint64) {
	*dst = rtl.Bitmap{}
	copy(dst[:], words)
}

// arbiterStim drives rr_arbiter and mirrors its pointer to aim requests at
// it and just below it.
type arbiterStim struct {
	rng     *rand.Rand
	n       int
	reset   vectors.Resetter
	ptr     int
	req     rtl.Bitmap
	hold    int // cycles left for the current request map
	ackMode int
	ackLeft int // cycles left for the current ack mode
	ack     uint64
}

func (s *arbiterStim) Next(c int, in map[string][]uint64) {
	r, n := s.rng, s.n
	in["rst_ni"][0] = s.reset.RstN(c)
	if s.hold == 0 {
		s.hold = 1 + r.Intn(8)
		s.req = rtl.Bitmap{}
		below := (s.ptr + n - 1) % n
		switch r.Intn(10) {
		case 0: // dense random
			for w := range s.req {
				s.req[w] = r.Uint64()
			}
		case 1: // sparse random
			for w := range s.req {
				s.req[w] = r.Uint64() & r.Uint64() & r.Uint64()
			}
		case 2:
			s.req.Set(r.Intn(n))
		case 3: // only just below the pointer: the grant wraps
			s.req.Set(below)
		case 4: // the pointer's own bit wins the tie
			s.req.Set(s.ptr)
			s.req.Set(below)
		case 5:
			for w := range s.req {
				s.req[w] = ^uint64(0)
			}
		case 6: // empty
		case 7:
			s.req.Set(n - 1)
		case 8:
			s.req.Set(0)
			s.req.Set(n - 1)
		default: // a few neighbours
			b := r.Intn(n)
			for k := 0; k < 3; k++ {
				s.req.Set((b + k) % n)
			}
		}
		for i := n; i < rtl.MaxBitmap; i++ {
			s.req.Clear(i)
		}
	}
	s.hold--
	if s.ackLeft == 0 {
		s.ackLeft, s.ackMode = 1+r.Intn(32), r.Intn(4)
	}
	s.ackLeft--
	switch s.ackMode {
	case 0: // toggling
		s.ack ^= 1
	case 1:
		s.ack = 1
	case 2:
		s.ack = 0
	default:
		s.ack = uint64(r.Intn(2))
	}
	copy(in["req_i"], s.req[:])
	in["ack_i"][0] = s.ack
}

func (s *arbiterStim) Observe(ports []string, v [][]uint64) {
	var rst, valid, ack, idx uint64
	for i, p := range ports {
		switch p {
		case "rst_ni":
			rst = v[i][0]
		case "gnt_valid_o":
			valid = v[i][0]
		case "ack_i":
			ack = v[i][0]
		case "gnt_idx_o":
			idx = v[i][0]
		}
	}
	switch {
	case rst == 0:
		s.ptr = 0
	case valid == 1 && ack == 1:
		s.ptr = (int(idx) + 1) % s.n
	}
}
