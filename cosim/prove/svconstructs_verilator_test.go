//go:build verilator

package prove

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
)

// TestSVConstructsOnVerilator checks the rewrites against what occamy
// cosim runs: each design prove rewrites and proves matches the reference
// on Verilator over 2000 random cycles, and each broken variant's
// counterexample, replayed on Verilator, shows its mismatch at the
// counterexample's cycle (a rewrite that read the construct otherwise than
// Verilator would be "BUG IN THE FLOW" here, as the first inside rewrite
// was on arb_inside.sv). cosim runs Verilator, the simulator prove
// replays on; Icarus 11 has no inside at all.
func TestSVConstructsOnVerilator(t *testing.T) {
	needTools(t)
	for _, r := range svRows {
		if r.refused != "" {
			continue
		}
		r := r
		top := strings.TrimSuffix(r.file, ".sv")
		file := filepath.Join("testdata", "sv", r.file)
		t.Run(top, func(t *testing.T) {
			run, err := runner.Run(context.Background(), runner.Options{Block: r.block, RTL: []string{file}, Top: top,
				Params: r.params, Cycles: 2000, Seed: 1, Sim: runner.Verilator, VerilogDir: "../.."})
			require.NoError(t, err)
			assert.Nil(t, run.Mismatch, "cosim of %s: %s", file, run.Verdict())

			o := opts(r.block, svVariant(t, file, r.subs...), top, r.params)
			o.NoReplay = false
			res, err := Prove(context.Background(), o)
			require.NoError(t, err, "the broken variant's counterexample replays")
			require.Equal(t, Refuted, res.Verdict, res.Summary())
			require.NotNil(t, res.Replay)
			require.NotNil(t, res.Replay.Mismatch, "replayed: %s", res.Replay.Verdict())
			assert.Equal(t, uint64(res.Cex.Cycle), res.Replay.Mismatch.Cycle)
		})
	}
}
