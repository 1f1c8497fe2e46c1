package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/traffic"
)

// TestLosslessSearchKeepsExtraSources checks that the lossless-burst search
// re-runs the extra sources too: a constant flow on another port eats the
// buffer, so the largest lossless burst must shrink to about what arrived
// before the first drop, not stay at the no-extra-source value. Without the
// extra sources in the re-runs the search would report the same number
// with and without them.
func TestLosslessSearchKeepsExtraSources(t *testing.T) {
	extra, err := traffic.ParseFlag("kind=constant,queue=8,rate=4,dist=fixed,bytes=1500", "--source")
	require.NoError(t, err)
	base := run(t, Options{Scenario: "burst-absorption", Policy: "occamy"})
	with := run(t, Options{Scenario: "burst-absorption", Policy: "occamy", Sources: []traffic.Spec{*extra}})
	b0, b1 := get(t, base, "max_lossless_burst_cells"), get(t, with, "max_lossless_burst_cells")
	first := get(t, with, "burst_cells_before_first_drop")
	assert.Less(t, b1, b0, "max_lossless_burst_cells with the extra source (%v) must be below without it (%v)", b1, b0)
	// The search's probes stop at whole packets (6 cells here): the answer
	// sits within one packet of the cells seen before the first drop.
	assert.InDelta(t, first, b1, 12, "with the extra source: search %v against %v cells before the first drop", b1, first)
	b0first := get(t, base, "burst_cells_before_first_drop")
	assert.InDelta(t, b0first, b0, 12, "without: search %v against %v cells before the first drop", b0, b0first)
}
