package vectors

import (
	"math/rand"
	"occamy/rtl/pack"

	"occamy/hw/selector"
	"occamy/hw/threshold"
	"occamy/rtl"
)

// thresholdStim drives dt_threshold.
type thresholdStim struct {
	rng *rand.Rand
	p   threshold.Params
	exp []int
}

func (s *thresholdStim) next(_ int, in map[string][]uint64) {
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
	mask := rtl.Width(p.QW).Mask()
	var free uint64
	switch r.Intn(8) {
	case 0:
		free = 0
	case 1:
		free = mask
	case 2:
		free = 1
	case 3, 4: // the saturation edge of the largest exponent
		free = r.Uint64() & mask
		if smax >= 1 && smax < p.QW {
			free = min(mask>>uint(smax)+uint64(r.Intn(3))-1, mask)
		}
	case 5:
		free = 1 << uint(r.Intn(p.QW))
	default:
		free = r.Uint64() & mask
	}
	in["free_i"][0] = free
}

func (s *thresholdStim) observe([]string, [][]uint64) {}

// selectorStim drives hd_selector.
type selectorStim struct {
	rng   *rand.Rand
	p     selector.Params
	reset resetter
	thr   []uint64
}

func (s *selectorStim) next(c int, in map[string][]uint64) {
	r, n, qw := s.rng, s.p.N, s.p.QW
	mask := rtl.Width(qw).Mask()
	in["rst_ni"][0] = s.reset.rstN(c)
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

func (s *selectorStim) observe([]string, [][]uint64) {}

// arbiterStim drives rr_arbiter and mirrors its pointer to aim requests at
// it and just below it.
type arbiterStim struct {
	rng     *rand.Rand
	n       int
	reset   resetter
	ptr     int
	req     rtl.Bitmap
	hold    int // cycles left for the current request map
	ackMode int
	ackLeft int // cycles left for the current ack mode
	ack     uint64
}

func (s *arbiterStim) next(c int, in map[string][]uint64) {
	r, n := s.rng, s.n
	in["rst_ni"][0] = s.reset.rstN(c)
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

func (s *arbiterStim) observe(ports []string, v [][]uint64) {
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
