//go:build verilator

package tmsim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
	"occamy/hw/tm"
	"occamy/testbench/scenario"
	"occamy/testbench/traffic"
)

// TestAheadBatches: an untraced run on the Verilated occamy_tm runs its
// sources ahead in chunks (the counters are those of one cycle per call:
// TestScenarioJSONEqualsModel), growing to maxChunk; a traced one runs one
// cycle per call. A model whose offers are not the sources it ran ahead
// (the deliberate break: a RunSpec naming other sources than the ones
// offered, as a closed-loop source would) is refused at the first cycle
// that differs, never counted.
func TestAheadBatches(t *testing.T) {
	// incast at the defaults (IN=64): TestScenarioJSONEqualsModel's build.
	cycles := uint64(3000)
	p, err := Prepare(scenario.Options{Scenario: "incast", Policy: "occamy", Cycles: &cycles}, Options{Sim: runner.Verilator})
	require.NoError(t, err)
	spec := scenario.RunSpec{Config: p.Config, Sources: p.Sources, Seed: p.Seed, Cycles: p.Cycles}
	bm, err := p.Backend.NewModel(spec)
	require.NoError(t, err)
	m := bm.(*rtlModel)
	defer m.Close()
	require.NotNil(t, m.ah, "an untraced run is not batched")
	res, err := scenario.Execute(p, nil)
	require.NoError(t, err)
	assert.Equal(t, p.Cycles, res.Cycles)

	// The model driven with its sources, and at cycle 1700 one more offer.
	mix, err := traffic.BuildAll(p.Sources, scenario.Env(&p.Config), p.Seed, "sources")
	require.NoError(t, err)
	for c := uint64(0); c < 2000; c++ {
		for _, x := range mix.Tick(c) {
			m.Offer(tm.Arrival{Queue: x.Queue, Cells: x.Cells})
		}
		if c == 1700 {
			m.Offer(tm.Arrival{Queue: 1, Cells: 1})
		}
		if err := m.Step(); err != nil {
			assert.Equal(t, uint64(1700), c, "refused at another cycle")
			assert.Greater(t, m.ah.next, c, "not run ahead")
			assert.Contains(t, err.Error(), "tmsim: cycle 1700: the offers differ from the inputs run ahead on Verilator")
			return
		}
	}
	t.Fatal("offers that are not the sources run ahead were counted")
}
