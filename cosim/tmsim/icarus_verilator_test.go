//go:build verilator

package tmsim

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"occamy/testbench/scenario"
)

// TestIcarusJSONEqualsModel: a short run on Icarus (occamy sim --rtl
// icarus), four-state, prints hw/tm's JSON byte for byte: the small
// burst-absorption of the waveform check, 3000 cycles, under occamy (head
// drops and the burst's admission drops both happen).
func TestIcarusJSONEqualsModel(t *testing.T) {
	t0 := time.Now()
	o, p := icarusWave(t, 3000)
	got, err := scenario.Execute(p, nil)
	require.NoError(t, err)
	want := goRun(t, o)
	require.Equal(t, scenario.Engine{Sim: "icarus", Top: "occamy_tm"}, got.Engine)
	require.Equal(t, string(js(t, want)), string(js(t, got)), "Icarus JSON against hw/tm's")
	staleAtMost(t, want, got)
	require.Greater(t, got.Totals.HeadDropped.Pkts, uint64(0), "no head drop: a weak check")
	t.Logf("%d cycles on Icarus in %.1fs", got.Cycles, time.Since(t0).Seconds())
}
