//go:build verilator

package runner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"occamy/cosim/verilator"
	"occamy/rtl/vcddiff"
)

// TestEveryModeOnProjectVerilog: the project's own Verilog of every block
// the runner lists matches in every mode a user can pick (lock-step,
// batched, each with zero power-up, and Icarus), at the block's defaults,
// and every cycle after the first reset cycle is compared. (--zero-init on
// the executor and the top once failed at cycle 0: the zero power-up state
// was compared with the golden model's reset state, where free_o = B.)
func TestEveryModeOnProjectVerilog(t *testing.T) {
	type mode struct {
		name      string
		sim       string
		batch     bool
		zero      bool
		cycles    int
		uncovered uint64 // cycles run but not compared: before the first reset edge
	}
	modes := []mode{
		{"lock-step", Verilator, false, false, 6000, 1},
		{"batched", Verilator, true, false, 6000, 1},
		{"lock-step", Verilator, false, true, 6000, 1},
		{"batched", Verilator, true, true, 6000, 1},
		{"vcd diff", Icarus, false, false, 300, 2},
	}
	for _, b := range Blocks() {
		for _, m := range modes {
			res := run(t, Options{Block: b, Sim: m.sim, Batch: m.batch, ZeroInit: m.zero, Cycles: m.cycles, Seed: 3})
			requireMatch(t, res)
			require.Equal(t, m.name, res.Mode, "%s", res.Verdict())
			require.Equal(t, uint64(m.cycles), res.Cycles, "%s: cycles run", res.Verdict())
			before := m.uncovered
			if testSession(t, Options{Block: b}).armedAtStart() {
				before = 0 // combinational: compared from cycle 0
			}
			require.Equal(t, uint64(m.cycles)-before, res.Compared, "%s: cycles compared", res.Verdict())
			require.Contains(t, res.Verdict(), " cycles compared (")
			t.Logf("zero-init=%v %s", m.zero, res.Verdict())
		}
	}
}

// TestNothingCompared: a run that ends before its first compared cycle is
// an error, never a MATCH, even on a design wrong in every cycle; one more
// cycle and that design is caught.
func TestNothingCompared(t *testing.T) {
	needVerilator(t)
	f := mutant(t, t.TempDir(), "rr_arbiter.sv", "assign gnt_valid_o = |req_i;", "assign gnt_valid_o = ~|req_i;")
	for _, c := range []struct {
		sim    string
		cycles int
	}{{Verilator, 1}, {Icarus, 1}, {Icarus, 2}} {
		if c.sim == Icarus {
			needIcarus(t)
		}
		for _, rtl := range [][]string{nil, {f}} {
			res, err := Run(context.Background(), Options{Block: "arbiter", Sim: c.sim, RTL: rtl, Cycles: c.cycles, CacheDir: testCache(), VerilogDir: "../.."})
			require.ErrorIs(t, err, ErrNothingCompared, "%s, %d cycles, rtl %v: %v", c.sim, c.cycles, rtl, res)
			var se *SetupError
			require.True(t, errors.As(err, &se))
			require.Equal(t, "Cycles", se.Field)
			require.Nil(t, res)
		}
	}
	res := run(t, Options{Block: "arbiter", RTL: []string{f}, Cycles: 2})
	require.NotNil(t, res.Mismatch, res.Verdict())
	require.Equal(t, uint64(1), res.Mismatch.Cycle)
	require.Equal(t, uint64(1), res.Compared)
}

// TestXDrivenIsCaught: a selector whose reset assigns over_q <= 'x (a
// legal-looking shortcut) must mismatch. Icarus shows the x; Verilator,
// two-state, shows it through --x-assign unique with a random power-up
// draw, for every seed; with ZeroInit the draw is 0 and the bug hides,
// as docs/verilator.md says.
func TestXDrivenIsCaught(t *testing.T) {
	f := mutant(t, t.TempDir(), "hd_selector.sv", "over_q <= '0;", "over_q <= 'x;")
	for seed := int64(1); seed <= 4; seed++ {
		for _, batch := range []bool{false, true} {
			res := run(t, Options{Block: "selector", RTL: []string{f}, Cycles: 5000, Seed: seed, Batch: batch})
			require.NotNil(t, res.Mismatch, "seed %d batch %v: X in reset passed: %s", seed, batch, res.Verdict())
			require.Equal(t, "over_o", res.Mismatch.Signal)
			require.Equal(t, uint64(1), res.Mismatch.Cycle, "the cycle after the first reset edge")
		}
	}
	res := run(t, Options{Block: "selector", RTL: []string{f}, Cycles: 500, Sim: Icarus})
	require.NotNil(t, res.Mismatch, res.Verdict())
	require.Contains(t, res.Mismatch.RTL, "x")
	res = run(t, Options{Block: "selector", RTL: []string{f}, Cycles: 5000, ZeroInit: true})
	require.Nil(t, res.Mismatch, "with zero power-up the X reads 0 (documented): %s", res.Verdict())
}

// TestInterrupt: a stop request ends the run at a chunk boundary with a
// partial verdict: no error, Interrupted, every cycle run up to the stop
// compared; before the first chunk, nothing compared and still no error.
func TestInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	res := runCtx(t, ctx, Options{Block: "arbiter", Cycles: 1 << 22, Batch: true, Progress: func(c uint64) {
		calls++
		if calls == 3 {
			cancel()
		}
	}})
	require.True(t, res.Interrupted)
	require.Nil(t, res.Mismatch)
	n := uint64(rampCycles(3, blockChunkLen(t, Options{Block: "arbiter"})))
	require.Equal(t, n, res.Cycles, "stopped after the third chunk")
	require.Equal(t, n-1, res.Compared)
	require.True(t, strings.HasPrefix(res.Verdict(), "INTERRUPTED arbiter"), res.Verdict())

	// The waveforms of an interrupted run are complete up to the stop:
	// both sides flushed and closed, equal edge for edge.
	wctx, wcancel := context.WithCancel(context.Background())
	defer wcancel()
	dir := t.TempDir()
	res = runCtx(t, wctx, Options{Block: "arbiter", Params: map[string]int{"N": 8}, Cycles: 1 << 20, VCDDir: dir,
		Progress: func(uint64) { wcancel() }})
	require.True(t, res.Interrupted)
	require.Equal(t, uint64(rampCycles(1, blockChunkLen(t, Options{Block: "arbiter", Params: map[string]int{"N": 8}}))), res.Cycles)
	a, err := os.Open(res.VCD[0])
	require.NoError(t, err)
	defer a.Close()
	b, err := os.Open(res.VCD[1])
	require.NoError(t, err)
	defer b.Close()
	rep, err := vcddiff.Diff(a, b, vcddiff.Options{})
	require.NoError(t, err)
	require.True(t, rep.Same(), rep.Summary())
	require.Equal(t, int(res.Cycles)-2, rep.Edges, "every edge up to the stop from the first with the reset released")

	res = runCtx(t, ctx, Options{Block: "arbiter", Cycles: 1000})
	require.True(t, res.Interrupted)
	require.Zero(t, res.Compared)
	if CheckIcarus() == nil {
		res = runCtx(t, ctx, Options{Block: "arbiter", Cycles: 1000, Sim: Icarus})
		require.True(t, res.Interrupted, "an Icarus run stopped is interrupted, not failed")
		// Stopped while vvp runs: no cut waveform is left behind.
		ictx, icancel := context.WithCancel(context.Background())
		dir := t.TempDir()
		go func() {
			for {
				if _, err := os.Stat(filepath.Join(dir, "arbiter.icarus.vcd")); err == nil {
					icancel()
					return
				}
				time.Sleep(time.Millisecond)
			}
		}()
		res = runCtx(t, ictx, Options{Block: "arbiter", Cycles: 1 << 19, Sim: Icarus, VCDDir: dir})
		require.True(t, res.Interrupted)
		require.Empty(t, res.VCD)
		require.Contains(t, res.Notes, "no waveforms written: the Icarus run was stopped before its end")
		left, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Empty(t, left, "a cut VCD was left")
	}
}

// TestIncludesAndOddPaths: a user design in a directory whose name has a
// space and non-ASCII letters, with a relative `include of a file (its name
// with a space) beside it, builds and matches on Verilator and Icarus from
// any working directory; a header elsewhere needs IncludeDirs, and without
// it the build fails naming the include.
func TestIncludesAndOddPaths(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my rtl ünï")
	inc := filepath.Join(t.TempDir(), "inc dir é")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.MkdirAll(inc, 0o755))
	line := "ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);"
	f := mutant(t, dir, "rr_arbiter.sv", line, "`include \"next ptr.svh\"")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "next ptr.svh"), []byte(line+"\n"), 0o644))
	g := mutant(t, inc, "rr_arbiter.sv", line, "`include \"far.svh\"")
	far := filepath.Join(inc, "headers")
	require.NoError(t, os.MkdirAll(far, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(far, "far.svh"), []byte(line+"\n"), 0o644))

	wd, err := os.Getwd()
	require.NoError(t, err)
	cache := testCache()
	require.NoError(t, os.Chdir(t.TempDir())) // the includes must not depend on it
	defer os.Chdir(wd)
	root := filepath.Clean(filepath.Join(wd, "../.."))
	for _, sim := range []string{Verilator, Icarus} {
		res := run(t, Options{Block: "arbiter", Sim: sim, RTL: []string{f}, Cycles: 600, Params: map[string]int{"N": 8}, CacheDir: cache, VerilogDir: root})
		requireMatch(t, res)
		require.Equal(t, []string{f}, res.Files)

		o := Options{Block: "arbiter", Sim: sim, RTL: []string{g}, Cycles: 600, Params: map[string]int{"N": 8}, CacheDir: cache, VerilogDir: root}
		_, err := Run(context.Background(), o)
		require.Error(t, err, "%s: far.svh found without IncludeDirs", sim)
		require.Contains(t, err.Error(), "far.svh")
		o.IncludeDirs = []string{far}
		res = run(t, o)
		requireMatch(t, res)
	}
	var be *verilator.BuildError
	_, err = Run(context.Background(), Options{Block: "arbiter", RTL: []string{g}, Cycles: 600, CacheDir: cache, VerilogDir: root})
	require.True(t, errors.As(err, &be), "a missing include is a build error: %v", err)
}

// TestWaveformsEndTogether: after a mismatch the two waveforms of --vcd
// cover the same cycles (the golden side, which runs chunks ahead, is
// written only as far as the RTL ran), so vcddiff shows the difference
// and no length difference, in lock-step and batched.
func TestWaveformsEndTogether(t *testing.T) {
	f := mutant(t, t.TempDir(), "rr_arbiter.sv",
		"ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);", "ptr_d = gnt_idx_o;")
	for _, batch := range []bool{false, true} {
		dir := t.TempDir()
		res := run(t, Options{Block: "arbiter", RTL: []string{f}, Params: map[string]int{"N": 8}, Batch: batch, VCDDir: dir})
		require.NotNil(t, res.Mismatch)
		a, err := os.Open(res.VCD[0])
		require.NoError(t, err)
		b, err := os.Open(res.VCD[1])
		require.NoError(t, err)
		rep, err := vcddiff.Diff(a, b, vcddiff.Options{})
		a.Close()
		b.Close()
		require.NoError(t, err)
		require.False(t, rep.LengthDiffers(), "batch=%v: %s", batch, rep.Summary())
		require.NotEmpty(t, rep.Divergences, "batch=%v", batch)
		require.Equal(t, int(res.Mismatch.Cycle)+1, rep.Divergences[0].EdgeA, "batch=%v: the edge ending the mismatching cycle", batch)
	}
}
