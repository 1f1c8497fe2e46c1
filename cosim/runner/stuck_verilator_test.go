//go:build verilator

package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/icarus"
)

// loopArbiter is the correct arbiter of cosim/prove's tests with its
// gnt_valid_o computed through the given assignments instead.
func loopArbiter(t *testing.T, name, assigns string) string {
	t.Helper()
	b, err := os.ReadFile("../prove/testdata/arb_scan_down.sv")
	require.NoError(t, err)
	s := strings.Replace(string(b), "module arb_scan_down", "module "+name, 1)
	old := "  assign gnt_valid_o = req_i != '0;"
	require.Contains(t, s, old)
	s = strings.Replace(s, old, assigns, 1)
	f := filepath.Join(t.TempDir(), name+".sv")
	require.NoError(t, os.WriteFile(f, []byte(s), 0o644))
	return f
}

// TestCombinationalLoopOnIcarus: a combinational loop that oscillates
// ends an Icarus run (the watchdog: no cycle completed within
// Options.Stall) in a MISMATCH, at the first cycle whose outputs already
// differed or else at the cycle that never settled, with the loop named;
// Verilator stops the same designs with "did not converge". A loop that
// settles, and the project's arbiter, run to their end. Before, Icarus ran
// the oscillating designs until it was killed (here: the test's deadline,
// an interrupted run).
func TestCombinationalLoopOnIcarus(t *testing.T) {
	const stall = 2 * time.Second
	cases := []struct {
		name, assigns string
		signal        string // the mismatch's signal on Icarus, "" for a MATCH
		note          bool   // the loop is named in a note (an earlier difference was the mismatch)
	}{
		// X is a fixed point of ~ in four states: the loop oscillates once
		// ack_i falls with a request up (loop_a known), and its X shows
		// on gnt_valid_o before.
		{"x then oscillating", "  logic loop_a;\n  assign loop_a = ack_i ? ~loop_a : (req_i != '0);\n  assign gnt_valid_o = loop_a;", "gnt_valid_o", true},
		// Known from the start, oscillating in the first cycle with every
		// requester up: nothing differed before.
		{"oscillating", "  logic loop_a;\n  assign loop_a = (req_i == '1) & ~loop_a;\n  assign gnt_valid_o = (req_i != '0) | loop_a;", "fatal", false},
		{"settling loop", "  logic loop_a;\n  assign loop_a = (req_i != '0) | (loop_a & ack_i);\n  assign gnt_valid_o = req_i != '0;", "", false},
	}
	for _, c := range cases {
		f := loopArbiter(t, "arb_loop", c.assigns)
		t.Run(c.name+"/icarus", func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			t0 := time.Now()
			res := runCtx(t, ctx, Options{Block: "arbiter", Sim: Icarus, RTL: []string{f}, Top: "arb_loop",
				Params: map[string]int{"N": 8}, Cycles: 2000, Seed: 1, Stall: stall})
			require.False(t, res.Interrupted, "the run never ended: %s", res.Verdict())
			if c.signal == "" {
				require.Nil(t, res.Mismatch, res.Verdict())
				return
			}
			require.NotNil(t, res.Mismatch, res.Verdict())
			assert.Equal(t, c.signal, res.Mismatch.Signal, res.Verdict())
			loop := res.Mismatch.RTL
			if c.note {
				loop = strings.Join(res.Notes, "\n")
			}
			assert.Contains(t, loop, "Icarus completed no cycle in 2s: cycle ")
			assert.Contains(t, loop, "did not settle (a combinational loop that never settles?")
			// Every Icarus run of it (the latency hint's probe too) stops
			// after the stall given, not icarus.DefaultStall.
			assert.Less(t, time.Since(t0), icarus.DefaultStall)
			t.Log(res.Verdict())
		})
		if c.signal == "" {
			continue
		}
		t.Run(c.name+"/verilator", func(t *testing.T) {
			res := run(t, Options{Block: "arbiter", RTL: []string{f}, Top: "arb_loop", Params: map[string]int{"N": 8}, Cycles: 2000, Seed: 1})
			require.NotNil(t, res.Mismatch, res.Verdict())
			assert.Equal(t, "fatal", res.Mismatch.Signal)
			assert.Contains(t, res.Mismatch.RTL, "did not converge")
		})
	}
	// The project's arbiter is not stopped by the watchdog.
	res := run(t, Options{Block: "arbiter", Sim: Icarus, Params: map[string]int{"N": 8}, Cycles: 2000, Seed: 1, Stall: stall})
	requireMatch(t, res)
}
