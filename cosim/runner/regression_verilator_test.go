//go:build verilator

package runner

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
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
// for every block of the registry, at its default parameters and at its
// small set, one million random cycles over four seeds on Verilator, half
// lock-step and half batched, with random power-up values
// (+verilator+rand+reset+2); the directed corner cases (all requests, a
// single request at each index, pointer wrap, saturation, an empty queue
// granted, back-to-back drops, ...) then random, at the default budget with
// every coverpoint hit; and shorter Icarus runs of the same Verilog at both
// sets. Every run must match.
func TestRegression(t *testing.T) {
	if testing.Short() {
		t.Skip("the long regression is skipped with -short")
	}
	needVerilator(t)
	start := time.Now()
	for _, b := range shard.Select(t, blocks.All()) { // OCCAMY_SHARD=i/n runs every n-th block
		if b.Name == "tm" {
			continue // TestTMRegression: its own sizes, builds shared across run-time configurations
		}
		if b.Parent != "" {
			continue // TestSubBlocks: short runs at the small set (make test-subblocks: long ones)
		}
		for _, set := range []struct {
			name string
			p    map[string]int
		}{{"default", b.Defaults()}, {"small", b.SmallParams()}} {
			var random uint64
			for seed := int64(1); seed <= regressionSeeds; seed++ {
				res := run(t, Options{Block: b.Name, Params: set.p, Stimulus: StimRandom, Cycles: regressionCycles, Seed: seed, Batch: seed%2 == 0})
				requireMatch(t, res)
				require.Equal(t, uint64(regressionCycles), res.Cycles)
				require.Equal(t, set.p, res.Params, "%s runs at its %s parameters", b.Name, set.name)
				random += res.Cycles
				t.Logf("%-10s %-7s seed %d: %s", b.Name, set.name, seed, res.Verdict())
			}
			require.GreaterOrEqual(t, random, uint64(1_000_000), "%s %s: random cycles", b.Name, set.name)
			// The default stimulus: the directed sequence (where the block
			// has one), then random, with coverage closed (TestCoverageClosure).
			res := run(t, Options{Block: b.Name, Params: set.p, Seed: 1})
			requireMatch(t, res)
			require.Empty(t, res.Coverage.Zero(), "%s %s: coverpoints never hit", b.Name, set.name)
			t.Logf("%-10s %-7s directed+random: %s", b.Name, set.name, res.Verdict())
		}
	}
	t.Logf("Verilator part: %v", time.Since(start).Round(time.Millisecond))
	needIcarus(t)
	start = time.Now()
	for _, blk := range shard.Select(t, Blocks()) { // OCCAMY_SHARD=i/n runs every n-th block
		if blk == "tm" {
			continue // TestTMRegression runs the TM on Icarus at its small set
		}
		if b, _ := blocks.Lookup(blk); b != nil && b.Parent != "" {
			continue // TestSubBlocks
		}
		opt := Options{Block: blk, Sim: Icarus, Cycles: regressionIcarusLen, Seed: 7}
		if b, _ := blocks.Lookup(blk); b != nil && len(b.Small) > 0 {
			small := run(t, Options{Block: blk, Sim: Icarus, Params: b.SmallParams(), Cycles: regressionIcarusLen, Seed: 7})
			requireMatch(t, small)
			t.Logf("%-10s icarus small: %s", blk, small.Verdict())
		}
		res := run(t, opt)
		requireMatch(t, res)
		t.Logf("%-9s icarus: %s", blk, res.Verdict())
	}
	t.Logf("Icarus part: %v", time.Since(start).Round(time.Millisecond))
}
