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

// TestClockKindsMismatchInCosim: each of the five clock-kind designs that
// prove refuses (TestRefusesUnmodelledStorage) is wrong, and occamy
// cosim shows it on both simulators; the flow before the storage check
// proved each equal to the reference.
func TestClockKindsMismatchInCosim(t *testing.T) {
	for _, k := range clockKinds {
		for _, sim := range []string{runner.Verilator, runner.Icarus} {
			t.Run(filepath.Base(k.file)+"/"+sim, func(t *testing.T) {
				top := strings.TrimSuffix(filepath.Base(k.file), ".sv")
				r, err := runner.Run(context.Background(), runner.Options{Block: "arbiter", RTL: []string{k.file}, Top: top,
					Params: map[string]int{"N": 8}, Cycles: 2000, Seed: 1, Sim: sim, VerilogDir: "../.."})
				require.NoError(t, err)
				require.NotNil(t, r.Mismatch, "%s on %s: %s", k.file, sim, r.Verdict())
			})
		}
	}
}

// TestModelledCounterexamplesReplay: the counterexamples of a design with
// an asynchronous reset from rst_ni and of one whose explicit X, read as
// 0, differs from the reference replay on Verilator (no flow error): the
// miter models both as the zero power-up replay runs them.
func TestModelledCounterexamplesReplay(t *testing.T) {
	needTools(t)
	cases := []struct {
		name string
		subs []string
	}{
		{"async reset from rst_ni", []string{ptrFF, "always_ff @(posedge clk_i or negedge rst_ni) begin"}},
		{"X in the high bits", []string{ptrRst, "if (!rst_ni) next_q <= {1'b1, {(W-1){1'bx}}};"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := variant(t, "arb_v", c.subs...)
			o := opts("arbiter", f, "arb_v", map[string]int{"N": 8})
			o.NoReplay = false
			res, err := Prove(context.Background(), o)
			require.NoError(t, err)
			require.Equal(t, Refuted, res.Verdict, res.Summary())
			require.NotNil(t, res.Replay)
			require.NotNil(t, res.Replay.Mismatch)
			assert.Equal(t, uint64(res.Cex.Cycle), res.Replay.Mismatch.Cycle)
		})
	}
}
