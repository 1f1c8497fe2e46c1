//go:build verilator

package runner

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"occamy/testbench/shard"
)

// Regression sizes: random cycles per block and seed on Verilator (four
// seeds, so a million per block), and Icarus cycles per block.
const (
	regressionSeeds     = 4
	regressionCycles    = 250_000
	regressionIcarusLen = 4000
)

// TestRegression is the long check `make test` runs (skipped with -short):
// for every block at N=64 (default parameters), one million random cycles
// over four seeds on Verilator, half lock-step and half batched, with
// random power-up values (+verilator+rand+reset+2); the directed corner
// cases (all requests, a single request at each index, pointer wrap,
// saturation, an empty queue granted, back-to-back drops, ...); and a
// shorter Icarus run of the same Verilog. Every run must match.
func TestRegression(t *testing.T) {
	if testing.Short() {
		t.Skip("the long regression is skipped with -short")
	}
	needVerilator(t)
	start := time.Now()
	for _, blk := range shard.Select(t, Blocks()) { // OCCAMY_SHARD=i/n runs every n-th block
		var random uint64
		for seed := int64(1); seed <= regressionSeeds; seed++ {
			res := run(t, Options{Block: blk, Stimulus: StimRandom, Cycles: regressionCycles, Seed: seed, Batch: seed%2 == 0})
			requireMatch(t, res)
			require.Equal(t, uint64(regressionCycles), res.Cycles)
			if blk != "threshold" {
				require.Equal(t, 64, res.Params["N"], "%s runs at N=64", blk)
			}
			random += res.Cycles
			t.Logf("%-9s seed %d: %s", blk, seed, res.Verdict())
		}
		require.GreaterOrEqual(t, random, uint64(1_000_000), "%s: random cycles", blk)
		res := run(t, Options{Block: blk, Stimulus: StimDirected, Cycles: 1 << 22})
		requireMatch(t, res)
		t.Logf("%-9s directed: %s", blk, res.Verdict())
	}
	t.Logf("Verilator part: %v", time.Since(start).Round(time.Millisecond))
	needIcarus(t)
	start = time.Now()
	for _, blk := range shard.Select(t, Blocks()) { // OCCAMY_SHARD=i/n runs every n-th block
		opt := Options{Block: blk, Sim: Icarus, Cycles: regressionIcarusLen, Seed: 7}
		if blk == "top" {
			// Icarus runs the whole top at N=64 and B=16384 at tens of
			// cycles per second; a smaller buffer keeps N=64.
			opt.Params = map[string]int{"B": 512, "QW": 10}
			opt.Cycles = 1500
		}
		res := run(t, opt)
		requireMatch(t, res)
		t.Logf("%-9s icarus: %s", blk, res.Verdict())
	}
	t.Logf("Icarus part: %v", time.Since(start).Round(time.Millisecond))
}
