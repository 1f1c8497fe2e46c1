package selector_test

import (
	"math/rand"
	"testing"

	"occamy/hw/arbiter"
	"occamy/hw/selector"
	"occamy/rtl"
)

// poolSize is the number of pre-generated input sets the benchmarks cycle
// through, so that they measure the model and not the random generator.
const poolSize = 4096

// inputSet is one cycle's worth of stimulus.
type inputSet struct {
	qlen, thr []uint32
	ack       bool
}

// makePool draws poolSize input sets of n queues with QW-bit values,
// about half of them over their threshold.
func makePool(n, qw int) []inputSet {
	rng := rand.New(rand.NewSource(1))
	m := uint32(rtl.Width(qw).Mask())
	pool := make([]inputSet, poolSize)
	qlen, thr := make([]uint32, poolSize*n), make([]uint32, poolSize*n) // contiguous, as a trace would be
	for k := range pool {
		s := inputSet{qlen: qlen[k*n : (k+1)*n], thr: thr[k*n : (k+1)*n], ack: rng.Intn(2) == 0}
		for i := 0; i < n; i++ {
			s.qlen[i] = rng.Uint32() & m
			s.thr[i] = rng.Uint32() & m
		}
		pool[k] = s
	}
	return pool
}

// reportCycles adds cycles/s to a benchmark whose op is one cycle.
func reportCycles(b *testing.B) {
	if ns := b.Elapsed().Nanoseconds(); ns > 0 {
		b.ReportMetric(float64(b.N)/(float64(ns)/1e9), "cycles/s")
	}
}

var sink uint64

// BenchmarkSelector is one hd_selector cycle (Eval + Commit) at N=64,
// QW=16, with new queue lengths and thresholds every cycle.
func BenchmarkSelector(b *testing.B) {
	pool := makePool(64, 16)
	s, err := selector.New(selector.DefaultParams())
	if err != nil {
		b.Fatal(err)
	}
	s.RstNI = true
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := &pool[i&(poolSize-1)]
		s.QlenI, s.ThrI = in.qlen, in.thr
		s.Eval()
		s.Commit()
	}
	sink += s.OverO[0]
	reportCycles(b)
}

// BenchmarkSelectorArbiter is one cycle of the selector feeding the
// arbiter, as Occamy wires them (req_i = over_o), at N=64 with new queue
// lengths, thresholds and ack every cycle.
func BenchmarkSelectorArbiter(b *testing.B) {
	pool := makePool(64, 16)
	s, err := selector.New(selector.DefaultParams())
	if err != nil {
		b.Fatal(err)
	}
	a, err := arbiter.New(arbiter.DefaultParams())
	if err != nil {
		b.Fatal(err)
	}
	s.RstNI, a.RstNI = true, true
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := &pool[i&(poolSize-1)]
		s.QlenI, s.ThrI = in.qlen, in.thr
		s.Eval()
		a.ReqI = s.OverO
		a.AckI = in.ack
		a.Eval()
		s.Commit()
		a.Commit()
	}
	sink += uint64(a.GntIdxO)
	reportCycles(b)
}

// BenchmarkCompare64Baseline is only the 64 comparisons q > thr packed into
// a uint64, over the same input pool: the floor the selector is measured
// against.
func BenchmarkCompare64Baseline(b *testing.B) {
	pool := makePool(64, 16)
	var acc uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := &pool[i&(poolSize-1)]
		q, t := (*[64]uint32)(in.qlen), (*[64]uint32)(in.thr)
		var x uint64
		for j := 0; j < 64; j++ {
			if q[j] > t[j] {
				x |= 1 << uint(j)
			}
		}
		acc ^= x
	}
	sink += acc
	reportCycles(b)
}

// BenchmarkCompare64Kernel is the selector's own comparator bank
// (selector.Compare, unrolled and branch-free) over the same pool, without
// the register and the Eval/Commit calls.
func BenchmarkCompare64Kernel(b *testing.B) {
	pool := makePool(64, 16)
	var dst rtl.Bitmap
	var acc uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := &pool[i&(poolSize-1)]
		selector.Compare(&dst, in.qlen, in.thr, 64, 0xffff)
		acc ^= dst[0]
	}
	sink += acc
	reportCycles(b)
}
