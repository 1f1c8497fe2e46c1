//go:build verilator

package runner

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkScoreboardSpeed is the scoreboard against lock-step and the
// Verilated model alone, in one run: occamy_tm at the defaults (P=8, Q=8,
// B=16384, policy occamy, each class its own α), the face's random traffic
// at seed 1, n cycles, on one Verilator build. Lock-step compares every
// output every cycle (the golden side a chunk ahead on another goroutine);
// the scoreboard steps the model (1024 cycles a call), its checks and
// hw/tm beside it on one; "bare" is the Verilated model alone on the same
// input words, recorded beforehand, batched (Model.Run per chunk, nothing
// compared: the fastest way to drive it). The scoreboard's rate is over its
// reset and traffic cycles, the same input words as lock-step's (its
// drain, which lock-step does not run, is left out). Each side's best
// iteration is kept. The target (issue 26): scoreboard/lockstep at least
// 0.5.
//
//	go test -tags verilator ./cosim/runner -run '^$' -bench ScoreboardSpeed -benchtime 3x
func BenchmarkScoreboardSpeed(b *testing.B) {
	needVerilator(b)
	const n = 1 << 17
	p := map[string]int{"CLASSES": 1}
	opt := Options{Block: "tm", Params: p, Stimulus: StimRandom, Seed: 1, CacheDir: testCache()}
	rec := recordInputs(b, opt, n)
	var lock, score, bare float64
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Run(ctx, Options{Block: "tm", Params: p, Cycles: n + 2, Stimulus: StimRandom, Seed: 1, CacheDir: testCache()})
		require.NoError(b, err)
		requireMatch(b, res)
		lock = max(lock, float64(res.Cycles)/res.Elapsed.Seconds())
		sr, err := Scoreboard(ctx, Options{Block: "tm", Params: p, Cycles: n, Seed: 1, CacheDir: testCache()}, ScoreOptions{NoSteady: true})
		require.NoError(b, err)
		require.Equal(b, "PASS", sr.Verdict, sr.Summary())
		score = max(score, sr.TrafficRate)
		bare = max(bare, float64(n)/bareRate(b, rec, n, true).Seconds())
	}
	b.ReportMetric(bare, "bare-cycles/s")
	b.ReportMetric(lock, "lockstep-cycles/s")
	b.ReportMetric(score, "scoreboard-cycles/s")
	b.ReportMetric(score/lock, "scoreboard/lockstep")
	b.ReportMetric(100*score/bare, "scoreboard/bare-%")
	b.ReportMetric(100*lock/bare, "lockstep/bare-%")
}

// recordInputs returns opt replaying the first n cycles of input words its
// stimulus gives (what Run and Scoreboard drive occamy_tm with).
func recordInputs(tb testing.TB, opt Options, n int) Options {
	s, err := prepare(opt)
	require.NoError(tb, err)
	sd, err := s.newSide()
	require.NoError(tb, err)
	w := s.canon.InWords
	rec := make([]uint32, n*w)
	for c := 0; c < n; c++ {
		sd.src.Next(uint64(c), rec[c*w:(c+1)*w])
	}
	opt.Replay = rec
	return opt
}
