//go:build verilator

package tmsim

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/mutation"
	"occamy/cosim/runner"
	"occamy/hw/tm"
)

// TestCompareIcarus: --compare on Icarus (occamy sim --rtl icarus
// --compare) co-simulates a short run's inputs (the small burst-absorption
// of the waveform check, 3000 cycles, head drops included) against hw/tm
// by VCD diff. On the project's occamy_tm: a MATCH that says what it
// compared, every scenario cycle (the VCD diff starts at the edge where
// rst_ni is released, one cycle after the lock-step engine's first reset
// edge), every output, coverpoints hit. On the mutant tm-eg-rate (a port
// sends a cell every R+1 cycles), on the same small scenario's first
// mutantCycles cycles: the first divergence reported as the Verilator
// lock-step run reports it (cycle, the first differing output in layout
// order, Go and RTL values, element), with the trace before it. (The
// mutant ran on incast at the defaults before: its build at IN=64 was a
// cold build no other test needs; the small one is TestCompare's.)
func TestCompareIcarus(t *testing.T) {
	const cycles = uint64(3000)
	_, p := icarusWave(t, cycles)
	res, err := Compare(context.Background(), p, Options{Sim: runner.Icarus}, false)
	require.NoError(t, err)
	require.Nil(t, res.Mismatch, "%v", res.Mismatch)
	t.Log(res.Verdict())
	assert.Equal(t, runner.Icarus, res.Sim)
	// The scenario's cycles and its drain (tm.AdmitLag idle cycles: the
	// last offers' answers).
	run := cycles + tm.AdmitLag
	assert.Equal(t, run+resetCycles, res.Cycles, "cycles run")
	assert.Equal(t, run, res.Compared, "cycles compared (from the release of rst_ni)")
	assert.Contains(t, res.Outputs, "eg_tag_o")
	hit, _, _ := res.Coverage.Counts()
	assert.GreaterOrEqual(t, hit, 5, "coverpoints hit: a weak check")
	assert.Regexp(t, fmt.Sprintf(`^MATCH tm \[[^]]*\] \(project RTL occamy_tm, icarus vcd diff\): %d cycles compared \(%d run\) on 16 outputs, coverage \d+/20 hit`,
		run, run+resetCycles), res.Verdict())

	// The mutant on the small scenario, a short run: the Verilator build
	// TestCompare makes of the same mutant at the same parameters is a
	// cache hit.
	_, pi := icarusWave(t, mutantCycles)
	m := mutantByID(t, "tm-eg-rate")
	a, err := mutation.Copies{VerilogDir: "../../verilog", Root: mutation.DefaultWorkDir(), NoAssert: true}.Apply(m)
	require.NoError(t, err)
	bad, err := Compare(context.Background(), pi, Options{Sim: runner.Icarus, RTL: a.Sources, Top: a.Top}, false)
	require.NoError(t, err)
	require.NotNil(t, bad.Mismatch, "mutant %s matched", m.ID)
	t.Logf("mutant %s: %s", m.ID, bad.Verdict())
	assert.NotEmpty(t, bad.Mismatch.Trace)
	assert.Equal(t, bad.Mismatch.Cycle+1, bad.Cycles, "cycles run, up to the mismatch")
	v, err := Compare(context.Background(), pi, Options{Sim: runner.Verilator, RTL: a.Sources, Top: a.Top}, false)
	require.NoError(t, err)
	require.NotNil(t, v.Mismatch, "mutant %s matched on Verilator", m.ID)
	t.Logf("verilator: %s", v.Verdict())
	assert.Equal(t, v.Mismatch.Short(), bad.Mismatch.Short(), "Icarus's first divergence against Verilator's")
	assert.Equal(t, v.Mismatch.Detail, bad.Mismatch.Detail)
}
