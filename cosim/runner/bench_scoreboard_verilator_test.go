//go:build verilator

package runner

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkScoreboardSpeed is the scoreboard against lock-step on the same
// run: occamy_tm at the defaults (P=8, Q=8, B=16384, policy occamy, each
// class its own α), the face's random traffic at seed 1, n cycles, on one
// Verilator build. Lock-step compares every output every cycle (the golden
// side a chunk ahead on another goroutine); the scoreboard steps the
// model, its checks and hw/tm beside it on one. The scoreboard's rate is
// over its reset and traffic cycles, the same input words as lock-step's
// (its drain, which lock-step does not run, is left out). The target
// (issue 26): scoreboard/lockstep at least 0.5.
//
//	go test -tags verilator ./cosim/runner -run '^$' -bench ScoreboardSpeed -benchtime 3x
func BenchmarkScoreboardSpeed(b *testing.B) {
	needVerilator(b)
	const n = 1 << 17
	p := map[string]int{"CLASSES": 1}
	var lock, score float64
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
	}
	b.ReportMetric(lock, "lockstep-cycles/s")
	b.ReportMetric(score, "scoreboard-cycles/s")
	b.ReportMetric(score/lock, "scoreboard/lockstep")
}
