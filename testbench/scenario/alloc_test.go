package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunLoopAllocatesNothing checks that the per-cycle loop (sources,
// Offer, Step, watches) allocates nothing: a run four times longer
// allocates no more than the short one.
func TestRunLoopAllocatesNothing(t *testing.T) {
	for _, name := range []string{"random-load", "burst-absorption", "buffer-choking"} {
		p, err := Prepare(Options{Scenario: name, Policy: "occamy", Params: map[string]float64{}})
		require.NoError(t, err)
		allocs := func(cycles uint64) float64 {
			return testing.AllocsPerRun(2, func() {
				_, err := simulate(p, p.Config, p.Sources, cycles, p.Plan.Groups, nil, false, nil)
				require.NoError(t, err)
			})
		}
		short, long := allocs(20000), allocs(80000)
		assert.LessOrEqual(t, long, short+2, "%s: allocations of 80000 cycles vs 20000", name)
	}
}

// BenchmarkRandomLoad measures whole-run speed (sources, TM, watches) at
// the defaults under 90% load; b.N counts cycles.
func BenchmarkRandomLoad(b *testing.B) {
	p, err := Prepare(Options{Scenario: "random-load", Policy: "occamy"})
	require.NoError(b, err)
	b.ReportAllocs()
	b.ResetTimer()
	_, err = simulate(p, p.Config, p.Sources, uint64(b.N), p.Plan.Groups, nil, false, nil)
	require.NoError(b, err)
}
