package arbiter_test

import (
	"math/rand"
	"testing"

	"occamy/hw/arbiter"
	"occamy/rtl"
)

var sink uint64

// BenchmarkArbiter is one rr_arbiter cycle (Eval + Commit) at N=64 with a
// new request map and ack every cycle, drawn from a pre-generated pool of
// 4096 (dense, sparse, single-bit and empty maps) so the generator is not
// measured.
func BenchmarkArbiter(b *testing.B) {
	const poolSize = 4096
	rng := rand.New(rand.NewSource(1))
	reqs := make([]rtl.Bitmap, poolSize)
	acks := make([]bool, poolSize)
	for k := range reqs {
		switch k % 4 {
		case 0:
			reqs[k][0] = rng.Uint64()
		case 1:
			reqs[k][0] = rng.Uint64() & rng.Uint64() & rng.Uint64()
		case 2:
			reqs[k][0] = 1 << uint(rng.Intn(64))
		}
		acks[k] = rng.Intn(2) == 0
	}
	rng.Shuffle(poolSize, func(i, j int) { reqs[i], reqs[j] = reqs[j], reqs[i] })
	a, err := arbiter.New(arbiter.DefaultParams())
	if err != nil {
		b.Fatal(err)
	}
	a.RstNI = true
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i & (poolSize - 1)
		a.ReqI = reqs[k]
		a.AckI = acks[k]
		a.Eval()
		a.Commit()
	}
	sink += uint64(a.GntIdxO)
	if ns := b.Elapsed().Nanoseconds(); ns > 0 {
		b.ReportMetric(float64(b.N)/(float64(ns)/1e9), "cycles/s")
	}
}
