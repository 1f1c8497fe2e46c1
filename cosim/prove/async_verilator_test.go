//go:build verilator

package prove

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
)

// asyncFF is the pointer register with an asynchronous reset from rst_ni.
const asyncFF = "always_ff @(posedge clk_i or negedge rst_ni) begin"

// TestAsyncResetAgreesWithCosim checks the argument for modelling an
// asynchronous reset from rst_ni (Yosys's async2sync) instead of refusing
// it: inputs change only between clock edges, in the miter as in both
// simulators' runs, so the reset takes effect in the cycle it is asserted
// everywhere, and prove's verdict is cosim's on every such design. A
// design whose asynchronous pointer is hidden in reset cycles (a
// synchronous copy drives the logic while rst_ni is low) is PROVEN and
// matches on Verilator and Icarus; one whose pointer shows in a reset
// cycle, and one that resets to another value, get a counterexample that
// replays on Verilator at the cycle it names, and both simulators show a
// mismatch. A miter that took the asynchronous reset for a synchronous one
// would prove the second design (TestAsyncResetFromRstNiIsModelled); one
// that modelled it a cycle late, or with a free value in the reset cycle,
// would refute the first.
func TestAsyncResetAgreesWithCosim(t *testing.T) {
	needTools(t)
	cases := []struct {
		name   string
		subs   []string
		proven bool
	}{
		{"hidden in reset cycles", []string{
			"logic [W-1:0] next_q;", "logic [W-1:0] next_q, shadow_q, ptr;\n  assign ptr = rst_ni ? next_q : shadow_q;",
			"if (W'(i) >= next_q) begin", "if (W'(i) >= ptr) begin",
			ptrFF, asyncFF,
			"  end\nendmodule", "  end\n  always_ff @(posedge clk_i) begin\n    if (!rst_ni) shadow_q <= '0;\n" +
				"    else if (gnt_valid_o && ack_i) shadow_q <= (32'(gnt_idx_o) + 1 == N) ? '0 : gnt_idx_o + 1'b1;\n  end\nendmodule",
		}, true},
		{"shows in reset cycles", []string{ptrFF, asyncFF}, false},
		{"resets to 1", []string{ptrFF, asyncFF, ptrRst, "if (!rst_ni) next_q <= W'(1);"}, false},
	}
	for _, c := range cases {
		f := variant(t, "arb_async", c.subs...)
		t.Run(c.name+"/prove", func(t *testing.T) {
			o := opts("arbiter", f, "arb_async", map[string]int{"N": 8})
			o.NoReplay = false
			res, err := Prove(context.Background(), o)
			require.NoError(t, err)
			if c.proven {
				require.Equal(t, Proven, res.Verdict, res.Summary())
				return
			}
			require.Equal(t, Refuted, res.Verdict, res.Summary())
			require.NotNil(t, res.Replay)
			require.NotNil(t, res.Replay.Mismatch, "the counterexample does not replay")
			assert.Equal(t, uint64(res.Cex.Cycle), res.Replay.Mismatch.Cycle)
		})
		for _, sim := range []string{runner.Verilator, runner.Icarus} {
			t.Run(c.name+"/"+sim, func(t *testing.T) {
				r, err := runner.Run(context.Background(), runner.Options{Block: "arbiter", RTL: []string{f}, Top: "arb_async",
					Params: map[string]int{"N": 8}, Cycles: 3000, Seed: 1, Sim: sim, VerilogDir: "../.."})
				require.NoError(t, err)
				assert.Equal(t, c.proven, r.Mismatch == nil, r.Verdict())
			})
		}
	}
}
