//go:build verilator

package runner

import (
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
)

// TestPGOTM: occamy_tm at the small set built profile-guided matches
// hw/tm, says so in its verdict, and finds the broken free list's
// mismatch (TestTMMismatchReport's) at the same cycle with the same
// report as the plain build: the profile changes speed, not what is
// checked.
func TestPGOTM(t *testing.T) {
	needVerilator(t)
	b, err := blocks.Lookup("tm")
	require.NoError(t, err)
	good := run(t, Options{Block: "tm", Params: b.Small, Seed: 1, Cycles: 20_000, PGO: true})
	requireMatch(t, good)
	require.Contains(t, good.Verdict(), "verilator lock-step, profile-guided build")

	opt := Options{Block: "tm", RTL: brokenFreeListTM(t, b), Params: b.Small, Seed: 1}
	plain := run(t, opt)
	opt.PGO = true
	pgo := run(t, opt)
	for _, res := range []*Result{plain, pgo} {
		require.NotNil(t, res.Mismatch, "the broken free list matched: %s", res.Verdict())
	}
	require.Equal(t, plain.Mismatch.Cycle, pgo.Mismatch.Cycle)
	require.Equal(t, plain.Mismatch.Signal, pgo.Mismatch.Signal)
	require.Equal(t, plain.Mismatch.Detail, pgo.Mismatch.Detail)
	t.Logf("plain: %s\npgo:   %s", plain.Verdict(), pgo.Verdict())
}
