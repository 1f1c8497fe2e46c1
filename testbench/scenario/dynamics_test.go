package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDynamicsMetrics checks the expulsion metrics every run reports: under
// Occamy at α=8 part of what admission let in is head-dropped again and
// part of the head drops are stale; under DT nothing is expelled; with the
// re-check at issue no head drop is stale.
func TestDynamicsMetrics(t *testing.T) {
	p := map[string]float64{"search": 0}
	oc := run(t, Options{Scenario: "burst-absorption", Policy: "occamy", Alpha: 8, Params: p})
	frac := get(t, oc, "admitted_expelled_frac")
	assert.Greater(t, frac, 0.0, "occamy: admitted_expelled_frac")
	assert.Less(t, frac, 1.0, "occamy: admitted_expelled_frac")
	want := float64(oc.Totals.HeadDropped.Cells) / float64(oc.Totals.Admitted.Cells)
	assert.InDelta(t, want, frac, 1e-9, "admitted_expelled_frac against the totals row")
	assert.Positive(t, get(t, oc, "head_drops_stale"), "occamy α=8: stale head drops")
	dt := run(t, Options{Scenario: "burst-absorption", Policy: "dt", Alpha: 8, Params: p})
	assert.Zero(t, get(t, dt, "admitted_expelled_frac"), "dt: admitted_expelled_frac")
	assert.Zero(t, get(t, dt, "head_drops_stale"), "dt: head_drops_stale")
	f, err := ParseFile([]byte(`{"tm": {"HDRecheck": true}}`))
	if assert.NoError(t, err) {
		re := run(t, Options{Scenario: "burst-absorption", Policy: "occamy", Alpha: 8, Params: p, File: f})
		assert.Zero(t, get(t, re, "head_drops_stale"), "occamy α=8 with HDRecheck: stale head drops")
	}
}
