//go:build verilator

package runner

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/testbench/stimulus"
)

// The TM speed benchmark: occamy_tm at the defaults (P=8, Q=8, B=16384,
// K=4, policy occamy, per-cell freeing) under the random-load scenario at
// its default 90% load, the same recorded inputs for every side:
//
//   - "go": the Go golden model through its port words (what the
//     co-simulation's golden side runs), goldenRate over the replay;
//   - "bare": the Verilated TM alone through the bridge, batched
//     (Model.Run per chunk) and lock-step (Model.Cycle), no comparison;
//   - "batched" and "lockstep": the co-simulation;
//   - "plain-batched" and "plain-lockstep": the Verilated TM alone built
//     without registered inputs (cosim.Spec.RegInputs), as before they
//     were used: three combinational settles per cycle instead of one.
//
// The targets (issue 10): Go at least 2x the Verilated TM, lock-step at
// least 1 M cycles/s, batched at least 80% of the Verilated TM alone.
//
//	go test -tags verilator ./cosim/runner -run '^$' -bench TMSpeed -benchtime 3x

// tmSpeedSetup records n cycles of the random-load scenario's inputs and
// returns options replaying them.
func tmSpeedSetup(tb testing.TB, n int) Options {
	needVerilator(tb)
	k := slices.Index(stimulus.TMScenarios(), "random-load")
	require.GreaterOrEqual(tb, k, 0, "no random-load scenario")
	pol := slices.Index(stimulus.TMPolicies, tm.PolicyOccamy)
	require.GreaterOrEqual(tb, pol, 0)
	opt := Options{Block: "tm", CacheDir: testCache(), VerilogDir: "../..", Stimulus: StimRandom, Seed: 1,
		Params: map[string]int{"TRAFFIC": k + 1, "POLICY": pol}}
	s, err := prepare(opt)
	require.NoError(tb, err)
	sd, err := s.newSide()
	require.NoError(tb, err)
	w := s.canon.InWords
	rec, out := make([]uint32, n*w), make([]uint32, s.canon.OutWords)
	for c := 0; c < n; c++ {
		in := rec[c*w : (c+1)*w]
		sd.src.Next(uint64(c), in)
		sd.g.step(in, out)
	}
	opt.Replay = rec
	return opt
}

// BenchmarkTMSpeed measures the five sides in one run, interleaved, and
// reports the best iteration of each and the three ratios of the targets.
func BenchmarkTMSpeed(b *testing.B) {
	const n = 1 << 18
	opt := tmSpeedSetup(b, n)
	best := bestOf{}
	keep := best.keep
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		keep("go", goldenRate(b, opt, n)) // the golden side on the replayed words
		keep("bare-batched", bareRate(b, opt, n, true))
		keep("bare-lockstep", bareRate(b, opt, n, false))
		keep("batched", cosimRate(b, opt, n, true))
		keep("lockstep", cosimRate(b, opt, n, false))
		keep("plain-batched", bareRateOf(b, opt, n, true, false))
		keep("plain-lockstep", bareRateOf(b, opt, n, false, false))
	}
	rate := func(k string) float64 { return best.rate(k, n) }
	for _, k := range []string{"go", "bare-batched", "bare-lockstep", "batched", "lockstep", "plain-batched", "plain-lockstep"} {
		b.ReportMetric(rate(k), k+"-cycles/s")
	}
	b.ReportMetric(rate("go")/rate("bare-batched"), "go/verilated-x")
	b.ReportMetric(100*rate("batched")/rate("bare-batched"), "batched/bare-%")
	b.ReportMetric(rate("bare-batched")/rate("plain-batched"), "regin/plain-x")
}
