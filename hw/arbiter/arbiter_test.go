package arbiter_test

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/arbiter"
	"occamy/rtl"
)

// refGrant is the trivially correct arbiter: scan bit by bit from the
// pointer to N-1, then from 0.
func refGrant(req *rtl.Bitmap, ptr, n int) (int, bool) {
	for i := ptr; i < n; i++ {
		if req.Test(i) {
			return i, true
		}
	}
	for i := 0; i < n; i++ {
		if req.Test(i) {
			return i, true
		}
	}
	return 0, false
}

// refNext is the pointer after the edge.
func refNext(rst, ack, valid bool, idx, ptr, n int) int {
	switch {
	case !rst:
		return 0
	case valid && ack:
		return (idx + 1) % n
	}
	return ptr
}

// TestExhaustiveSmallN tries every pointer value the register can hold
// (including the unreachable ones at or above N), every request map, ack and
// rst_ni, at N=1..6, with junk in the request bits at or above N.
func TestExhaustiveSmallN(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for n := 1; n <= 6; n++ {
		a, err := arbiter.New(arbiter.Params{N: n})
		require.NoError(t, err)
		ptrs := 1 << rtl.IdxWidth(n)
		for ptr := 0; ptr < ptrs; ptr++ {
			for req := uint64(0); req < 1<<uint(n); req++ {
				for in := 0; in < 4; in++ {
					rst, ack := in&1 == 1, in&2 == 2
					a.SetState(arbiter.State{PtrQ: uint16(ptr)})
					a.ReqI = rtl.Bitmap{req | rng.Uint64()<<uint(n), rng.Uint64(), rng.Uint64(), rng.Uint64()}
					a.RstNI, a.AckI = rst, ack
					a.Eval()
					var clean rtl.Bitmap
					clean[0] = req
					idx, valid := refGrant(&clean, ptr, n)
					if a.GntValidO != valid || int(a.GntIdxO) != idx {
						t.Fatalf("N=%d ptr_q=%d req_i=%b ack_i=%v rst_ni=%v: gnt (valid, idx) expected (%v, %d), got (%v, %d)",
							n, ptr, req, ack, rst, valid, idx, a.GntValidO, a.GntIdxO)
					}
					a.Commit()
					if want := refNext(rst, ack, valid, idx, ptr, n); int(a.State().PtrQ) != want {
						t.Fatalf("N=%d ptr_q=%d req_i=%b ack_i=%v rst_ni=%v: next ptr_q expected %d, got %d",
							n, ptr, req, ack, rst, want, a.State().PtrQ)
					}
				}
			}
		}
	}
}

// TestPropertyFairAndExact runs long random runs in which each request bit
// flips with probability 1/16 per cycle (so many requesters request for a
// long time) with junk above N, ack random, and a rare reset. Every cycle:
// the grant equals the reference scan, goes only to a requester below N, is
// 0 when there is none, and the pointer moves only on a taken grant. A
// requester that requests continuously sees at most N-1 taken grants to
// others before its own (the round-robin bound: no wait of N taken grants).
func TestPropertyFairAndExact(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for _, n := range []int{1, 2, 3, 7, 63, 64, 65, 128, 255, 256} {
		a, err := arbiter.New(arbiter.Params{N: n})
		require.NoError(t, err)
		var req rtl.Bitmap
		waits := make([]int, n)
		maxWait := 0
		for c := 0; c < 30000; c++ {
			for w := range req {
				req[w] ^= rng.Uint64() & rng.Uint64() & rng.Uint64() & rng.Uint64()
			}
			a.ReqI = req
			a.AckI = rng.Intn(10) < 7
			a.RstNI = c > 1 && rng.Intn(2000) != 0
			ptr := int(a.State().PtrQ)
			a.Eval()
			var clean rtl.Bitmap
			for i := 0; i < n; i++ {
				clean.Put(i, req.Bit(i))
			}
			idx, valid := refGrant(&clean, ptr, n)
			if a.GntValidO != valid || int(a.GntIdxO) != idx {
				t.Fatalf("N=%d cycle %d ptr_q=%d: gnt (valid, idx) expected (%v, %d), got (%v, %d)", n, c, ptr, valid, idx, a.GntValidO, a.GntIdxO)
			}
			if a.GntValidO && (int(a.GntIdxO) >= n || !req.Test(int(a.GntIdxO))) {
				t.Fatalf("N=%d cycle %d: gnt_idx_o=%d is not a requester", n, c, a.GntIdxO)
			}
			taken := a.GntValidO && a.AckI && a.RstNI
			for i := 0; i < n; i++ {
				switch {
				case !a.RstNI || !req.Test(i) || (taken && int(a.GntIdxO) == i):
					waits[i] = 0
				case taken:
					waits[i]++
					maxWait = max(maxWait, waits[i])
					if waits[i] > n-1 {
						t.Fatalf("N=%d cycle %d: requester %d has waited %d taken grants, more than N-1", n, c, i, waits[i])
					}
				}
			}
			a.Commit()
			if want := refNext(a.RstNI, a.AckI, valid, idx, ptr, n); int(a.State().PtrQ) != want {
				t.Fatalf("N=%d cycle %d: ptr_q expected %d, got %d", n, c, want, a.State().PtrQ)
			}
		}
		t.Logf("N=%d: longest wait %d taken grants", n, maxWait)
	}
}

// TestSignalsAndState checks the traced ports, the pointer register width
// and that SetState keeps only the register's bits.
func TestSignalsAndState(t *testing.T) {
	a, err := arbiter.New(arbiter.Params{N: 70})
	require.NoError(t, err)
	a.SetState(arbiter.State{PtrQ: 0x1ff})
	assert.Equal(t, arbiter.State{PtrQ: 0x7f}, a.State(), "ptr_q is clog2(70)=7 bits")
	a.RstNI, a.AckI = true, true
	a.ReqI = rtl.Bitmap{1 << 3, ^uint64(0)&^(1<<6-1) | 1<<5, ^uint64(0)}
	a.Eval()
	assert.True(t, a.GntValidO)
	assert.Equal(t, uint16(3), a.GntIdxO, "pointer 127 >= N finds nothing after it and wraps")
	a.Commit()
	assert.Equal(t, uint16(4), a.State().PtrQ)
	a.Eval()
	assert.Equal(t, uint16(69), a.GntIdxO, "bits at or above N=70 are ignored")
	want := map[string][2]uint64{ // width, value
		"rst_ni": {1, 1}, "ack_i": {1, 1}, "gnt_valid_o": {1, 1}, "gnt_idx_o": {7, 69}, "ptr_q": {7, 4},
	}
	sigs := a.Signals()
	require.Len(t, sigs, 6)
	for _, s := range sigs {
		dst := make([]uint64, rtl.Words(s.Width))
		s.Read(dst)
		if s.Name == "req_i" {
			assert.Equal(t, 70, s.Width)
			assert.Equal(t, []uint64{1 << 3, 1 << 5}, dst, "req_i keeps only N bits")
			continue
		}
		assert.Equal(t, int(want[s.Name][0]), s.Width, "%s width", s.Name)
		assert.Equal(t, want[s.Name][1], dst[0], "%s value", s.Name)
	}
}
