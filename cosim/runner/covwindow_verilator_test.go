//go:build verilator

package runner

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMismatchCoverageIsCompared: an arbiter whose pointer resets to 1
// (the arb-reset-ptr mutant) mismatches at cycle 1, lock-step, batched
// and on Icarus; its coverage is that of the cycles compared up to the
// mismatch, which hit fewer coverpoint events than there are coverpoints,
// not the chunks the golden side ran ahead (the same run on the good
// arbiter, cut at the same cycle, hits more: what the old report showed).
func TestMismatchCoverageIsCompared(t *testing.T) {
	needVerilator(t)
	dir := t.TempDir()
	bad := mutant(t, dir, "rr_arbiter.sv", "ptr_q <= '0;", "ptr_q <= IW'(1);")
	for _, opt := range []Options{{}, {Batch: true}, {Sim: Icarus, Cycles: 2000}} {
		opt.Block, opt.RTL, opt.Seed = "arbiter", []string{bad}, 1
		res := run(t, opt)
		require.NotNil(t, res.Mismatch, "%s", res.Verdict())
		require.NotNil(t, res.Coverage)
		var hits uint64
		for _, p := range res.Coverage.Points {
			hits += p.Hits
		}
		require.LessOrEqual(t, hits, res.Compared*uint64(len(res.Coverage.Points)),
			"%s: at most one hit per coverpoint per compared cycle", res.Verdict())
		require.Less(t, res.Compared, uint64(100), "%s: an early mismatch", res.Verdict())
		s := testSession(t, Options{Block: "arbiter", Seed: 1})
		s.gold = stepGolden(t, s, 5000)
		require.Equal(t, sumHits(t, s, &Result{Counts: Counts{Cycles: res.Cycles, Compared: res.Compared}}), hits, "%s: the coverage of cycles [%d, %d)", res.Verdict(), res.Cycles-res.Compared, res.Cycles)
		t.Logf("%s: %d coverpoint hits in %d compared cycles", res.Verdict(), hits, res.Compared)
	}
}
