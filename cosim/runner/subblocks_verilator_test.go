//go:build verilator

package runner

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	"occamy/testbench/shard"
)

// Sub-block run sizes: make test keeps them short (the whole TM's
// regression already drives every sub-block inside it); make
// test-subblocks (OCCAMY_SUBBLOCKS_LONG=1) runs the long ones.
const (
	subCycles       = 5_000     // per Verilator run, short
	subIcarusCycles = 2_000     // per Icarus run, short
	subLongCycles   = 1_000_000 // per seed and set, long
)

// TestSubBlocks co-simulates every face with a parent (the TM's
// sub-blocks, tm_admission .. tm_egress) against its own Verilog module
// on the inputs its instance sees inside a whole Go TM: at the small set,
// the default stimulus (directed, then random) lock-step and random
// batched on Verilator, then on Icarus; every output compared every
// cycle, every run must match over all its cycles. With
// OCCAMY_SUBBLOCKS_LONG=1 it runs each also at its defaults, a million
// random cycles per set over two seeds (one lock-step, one batched).
func TestSubBlocks(t *testing.T) {
	needVerilator(t)
	long := os.Getenv("OCCAMY_SUBBLOCKS_LONG") == "1"
	var subs []*blocks.Block
	for _, b := range blocks.All() {
		if b.Parent != "" {
			subs = append(subs, b)
		}
	}
	require.NotEmpty(t, subs, "no sub-block faces registered")
	for _, b := range shard.Select(t, subs) {
		sets := []map[string]int{b.SmallParams()}
		if long {
			sets = append(sets, b.Defaults())
		}
		for _, p := range sets {
			res := run(t, Options{Block: b.Name, Params: p, Cycles: subCycles, Seed: 1})
			requireMatch(t, res)
			require.Equal(t, uint64(subCycles), res.Cycles, b.Name)
			t.Logf("%-12s %s directed+random: %s", b.Name, b.ParamText(p), res.Verdict())
			res = run(t, Options{Block: b.Name, Params: p, Stimulus: StimRandom, Cycles: subCycles, Seed: 2, Batch: true})
			requireMatch(t, res)
			require.Equal(t, uint64(subCycles), res.Cycles, b.Name)
			if !long {
				continue
			}
			for seed := int64(3); seed <= 4; seed++ {
				res := run(t, Options{Block: b.Name, Params: p, Stimulus: StimRandom, Cycles: subLongCycles, Seed: seed, Batch: seed%2 == 0})
				requireMatch(t, res)
				require.Equal(t, uint64(subLongCycles), res.Cycles, b.Name)
				t.Logf("%-12s seed %d: %s", b.Name, seed, res.Verdict())
			}
		}
	}
	needIcarus(t)
	for _, b := range shard.Select(t, subs) {
		res := run(t, Options{Block: b.Name, Sim: Icarus, Params: b.SmallParams(), Cycles: subIcarusCycles, Seed: 7})
		requireMatch(t, res)
		t.Logf("%-12s icarus small: %s", b.Name, res.Verdict())
	}
}
