//go:build verilator

package tmsim

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/mutation"
	"occamy/cosim/runner"
	"occamy/hw/tm"
	"occamy/testbench/scenario"
)

// TestCompare: --compare's co-simulation of a scenario's inputs matches on
// the project's occamy_tm (incast at the defaults, IN=64), comparing every
// cycle, and on the mutant tm-eg-rate (a port sends a cell every R+1
// cycles) stops at the first divergence with cosim's report: cycle,
// signal, Go and RTL values. The mutant runs on the waveform check's small
// scenario (waveOptions, P=2 Q=2 B=512 IN=8, mutantCycles cycles): its
// build at IN=64 was a cold build no other test needs.
func TestCompare(t *testing.T) {
	cycles := uint64(6000)
	o := scenario.Options{Scenario: "incast", Policy: "occamy", Cycles: &cycles}
	p, err := Prepare(o, Options{Sim: runner.Verilator})
	require.NoError(t, err)
	res, err := Compare(context.Background(), p, Options{}, false)
	require.NoError(t, err)
	require.Nil(t, res.Mismatch, "%v", res.Mismatch)
	// The scenario's cycles and its drain (tm.AdmitLag idle cycles).
	assert.Equal(t, cycles+tm.AdmitLag+resetCycles-1, res.Compared, "cycles compared (from the first reset edge)")
	assert.Contains(t, res.Outputs, "eg_tag_o")
	t.Log(res.Verdict())

	m := mutantByID(t, "tm-eg-rate")
	// The mutation self-check's directory: the copies' paths stay the
	// same from run to run, so the Verilator cache hits.
	a, err := mutation.Copies{VerilogDir: "../../verilog", Root: mutation.DefaultWorkDir(), NoAssert: true}.Apply(m)
	require.NoError(t, err)
	_, pm := shortWave(t, mutantCycles, runner.Verilator)
	bad, err := Compare(context.Background(), pm, Options{RTL: a.Sources, Top: a.Top}, false)
	require.NoError(t, err)
	require.NotNil(t, bad.Mismatch, "mutant %s matched", m.ID)
	assert.NotEmpty(t, bad.Mismatch.Signal)
	assert.NotEmpty(t, bad.Mismatch.Trace)
	assert.Equal(t, bad.Mismatch.Cycle+1, bad.Cycles, "cycles run, up to the mismatch")
	t.Logf("mutant %s: %s", m.ID, bad.Verdict())
}
