//go:build verilator

package prove

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
)

// TestCounterexampleReplays: each wrong design's counterexample, replayed
// through the Go model and Verilator, shows its mismatch at the
// counterexample's cycle, and --vcd writes both sides.
func TestCounterexampleReplays(t *testing.T) {
	needTools(t)
	cases := []struct {
		block, file, top, signal string
		params                   map[string]int
	}{
		{"arbiter", "testdata/arb_reset_idle.sv", "arb_reset_idle", "gnt_idx_o", map[string]int{"N": 8}},
		{"selector", byo + "queue_watch_ge_top.sv", "queue_watch", "over_o", map[string]int{"N": 4, "QW": 4}},
		{"threshold", "testdata/thr_wrap.sv", "thr_wrap", "thr_o", map[string]int{"C": 2, "QW": 6, "AW": 4}},
	}
	for _, c := range cases {
		t.Run(c.block, func(t *testing.T) {
			o := opts(c.block, c.file, c.top, c.params)
			o.NoReplay = false
			o.VCDDir = t.TempDir()
			o.FailWaveDir = o.VCDDir
			res, err := Prove(context.Background(), o)
			require.NoError(t, err)
			require.Equal(t, Refuted, res.Verdict)
			require.NotNil(t, res.Replay, "replayed")
			m := res.Replay.Mismatch
			require.NotNil(t, m, "the replay shows the mismatch")
			assert.Equal(t, uint64(res.Cex.Cycle), m.Cycle)
			assert.Equal(t, c.signal, m.Signal)
			assert.NotEmpty(t, m.Trace)
			for _, side := range []string{"go", "verilator"} {
				st, err := os.Stat(filepath.Join(o.VCDDir, c.block+"."+side+".vcd"))
				require.NoError(t, err)
				assert.Positive(t, st.Size())
			}
			// The replay's failure waveform: the counterexample's cycles,
			// marker A on its last, the RTL's internals from its dump.
			fw := res.Replay.FailWave
			require.NotNil(t, fw, "notes: %v", res.Replay.Notes)
			assert.Equal(t, filepath.Join(o.VCDDir, c.block+".verilator.mismatch.vcd"), fw.VCD)
			assert.Equal(t, uint64(res.Cex.Cycle), fw.Cycle)
			assert.Equal(t, uint64(0), fw.From)
			assert.Equal(t, uint64(res.Cex.Cycle), fw.To, "the replay ends at the counterexample's cycle")
			assert.True(t, fw.Internals)
			save, err := os.ReadFile(fw.GTKW)
			require.NoError(t, err)
			assert.Contains(t, string(save), "+{go "+c.signal+"} occamy.go."+c.signal)
		})
	}
}

// TestReplayNotReproducedIsFlowBug: a counterexample whose inputs do not
// show a difference (here the real one with its decisive cycle idled) is
// reported as a bug in the flow, never as a verdict on the design.
func TestReplayNotReproducedIsFlowBug(t *testing.T) {
	needTools(t)
	o := opts("selector", byo+"queue_watch_ge_top.sv", "queue_watch", map[string]int{"N": 4, "QW": 4})
	res, err := Prove(context.Background(), o)
	require.NoError(t, err)
	require.Equal(t, Refuted, res.Verdict)
	cex := *res.Cex
	cex.Inputs = make([]uint32, len(res.Cex.Inputs)) // every input 0: qlen = thr = 0 is no difference
	r, err := Replay(context.Background(), o, "selector", res.Files, res.Top, res.Params, &cex)
	var fe *FlowError
	require.ErrorAs(t, err, &fe)
	assert.True(t, errors.Is(err, ErrFlow))
	assert.Contains(t, err.Error(), "BUG IN THE FLOW")
	require.NotNil(t, r)
	assert.Nil(t, r.Mismatch)

	// The same call with the real counterexample reproduces it.
	r, err = Replay(context.Background(), o, "selector", res.Files, res.Top, res.Params, res.Cex)
	require.NoError(t, err)
	require.NotNil(t, r.Mismatch)
}

// TestReplayComparesFromResetEdge: a replay starts the RTL from zeros
// (ZeroInit) but compares only from the cycle after the first reset edge.
// sel_inverted.sv is correct but shows all ones before its first reset edge
// from a zero power-up: a runner comparing from cycle 0 under ZeroInit
// would report that pre-reset cycle as a mismatch.
func TestReplayComparesFromResetEdge(t *testing.T) {
	needTools(t)
	p := map[string]int{"N": 3, "QW": 4}
	files := []string{"testdata/sel_inverted.sv"}
	in := make([]uint32, 4*3) // 4 cycles of {rst_ni, qlen_i, thr_i}: reset, then idle
	for c := 1; c < 4; c++ {
		in[c*3] = 1
	}
	o := runner.Options{Block: "selector", RTL: files, Top: "sel_inverted", Params: p, Cycles: 4, Replay: in,
		ZeroInit: true, VerilogDir: "../..", Serial: true}
	r, err := runner.Run(context.Background(), o)
	require.NoError(t, err)
	assert.Nil(t, r.Mismatch, "compared from cycle 1")
	assert.Equal(t, uint64(4), r.Cycles)
	assert.Equal(t, uint64(3), r.Compared, "cycles 1..3 compared")
}
