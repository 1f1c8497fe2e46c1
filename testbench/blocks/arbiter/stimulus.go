package arbiter

import (
	hw "occamy/hw/arbiter"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// newRandom is the random source of rr_arbiter. It reads the golden model's
// pointer (closed loop) to aim requests at it and just below it. Request
// maps, each held 1 to 8 cycles: dense random, sparse random, one random
// bit, only the bit just below the pointer (the search wraps), the pointer's
// bit and the one below (the tie at the pointer), all ones, none, N−1 only,
// 0 and N−1, three neighbours. Ack, in runs of 1 to 32 cycles: toggling,
// held high, held low or random, so acks also come with no request.
func newRandom(p hw.Params, l *port.Layout, seed int64, model *hw.Arbiter) (stimulus.Source, error) {
	fs, err := stimulus.Fields(l, "rst_ni", "req_i", "ack_i")
	if err != nil {
		return nil, err
	}
	return &arbiterSrc{n: p.N, rng: stimulus.NewRNG(seed), resets: stimulus.NewResets(seed, stimulus.ResetEvery),
		rst: fs[0], req: fs[1], ack: fs[2], model: model, rw: make([]uint32, fs[1].Words)}, nil
}

type arbiterSrc struct {
	n             int
	rng           *stimulus.RNG
	resets        *stimulus.Resets
	rst, req, ack stimulus.Field
	model         *hw.Arbiter
	bm            rtl.Bitmap
	rw            []uint32
	hold, ackLeft int
	ackMode       int
	a             bool
}

func (s *arbiterSrc) Next(c uint64, in []uint32) {
	r, n := s.rng, s.n
	s.rst.PutBool(in, s.resets.RstN(c))
	if s.hold == 0 {
		s.hold = r.Between(1, 8)
		ptr := int(s.model.State().PtrQ) % n
		below := (ptr + n - 1) % n
		s.bm = rtl.Bitmap{}
		switch r.Intn(10) {
		case 0:
			for w := range s.bm {
				s.bm[w] = r.Uint64()
			}
		case 1:
			for w := range s.bm {
				s.bm[w] = r.Uint64() & r.Uint64() & r.Uint64()
			}
		case 2:
			s.bm.Set(r.Intn(n))
		case 3:
			s.bm.Set(below)
		case 4:
			s.bm.Set(ptr)
			s.bm.Set(below)
		case 5:
			for w := range s.bm {
				s.bm[w] = ^uint64(0)
			}
		case 6:
		case 7:
			s.bm.Set(n - 1)
		case 8:
			s.bm.Set(0)
			s.bm.Set(n - 1)
		default:
			b := r.Intn(n)
			for k := 0; k < 3; k++ {
				s.bm.Set((b + k) % n)
			}
		}
		pack.From64(s.rw, s.bm[:])
	}
	s.hold--
	if s.ackLeft == 0 {
		s.ackLeft, s.ackMode = r.Between(1, 32), r.Intn(4)
	}
	s.ackLeft--
	switch s.ackMode {
	case 0:
		s.a = !s.a
	case 1:
		s.a = true
	case 2:
		s.a = false
	default:
		s.a = r.OneIn(2)
	}
	s.req.Copy(in, s.rw)
	s.ack.PutBool(in, s.a)
}

// ArbiterDirected: all requests with ack held for 2N+2 cycles (every index
// granted in turn, the pointer wraps twice); a single request at each index,
// first not acked (offered again) then acked; the request just below the
// pointer only (the search wraps); ack with no request; the tie at the
// pointer; N−1 taken so the pointer wraps to 0; a reset pulse while all
// requests are acked.
func newDirected(p hw.Params, l *port.Layout) (stimulus.Finite, error) {
	fs, err := stimulus.Fields(l, "rst_ni", "req_i", "ack_i")
	if err != nil {
		return nil, err
	}
	n := p.N
	req := func(bits ...int) []uint32 {
		var bm rtl.Bitmap
		for _, b := range bits {
			if b < 0 {
				for w := range bm {
					bm[w] = ^uint64(0)
				}
				continue
			}
			bm.Set(b % n)
		}
		w := make([]uint32, fs[1].Words)
		pack.From64(w, bm[:])
		return w
	}
	d := &stimulus.Script{Rst: fs[0]}
	row := func(rstN uint64, w []uint32, ack bool) {
		d.Add(rstN, func(in []uint32) { fs[1].Copy(in, w); fs[2].PutBool(in, ack) })
	}
	all := req(-1)
	row(0, all, true)
	row(0, all, true)
	for k := 0; k < 2*n+2; k++ {
		row(1, all, true)
	}
	for i := 0; i < n; i++ {
		one := req(i)
		row(1, one, false)
		row(1, one, true)
		row(1, req(), true) // ack without a request
	}
	// The pointer is 0 now (N−1 was taken last). Only the bit below it.
	row(1, req(n-1), false)
	row(1, req(n-1), true)
	// Pointer 0 again; the tie at the pointer and the bit below it.
	row(1, req(0, n-1), true)
	row(1, req(0, n-1), true)
	row(1, req(0, n-1), true)
	row(1, all, true)
	row(0, all, true) // reset while busy: the pointer clears
	row(1, all, true)
	row(1, all, false)
	return d, nil
}
