package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
)

// TestSetOf: a result made outside Run (the DPI scoreboard) names its
// parameter set as a verdict line of Run does: the defaults and the small
// set by name, a matrix configuration by its name, anything else by the
// parameters that differ from the defaults.
func TestSetOf(t *testing.T) {
	tm, err := blocks.Lookup("tm")
	require.NoError(t, err)
	k8, ok := tm.Regression().Lookup("k8/pushout-ports")
	require.True(t, ok)
	sel, err := blocks.Lookup("selector")
	require.NoError(t, err)
	for _, tc := range []struct {
		name, block string
		params      map[string]int
		want        string
	}{
		{"nothing given", "selector", nil, "defaults"},
		{"the defaults in full", "selector", mustFill(t, sel, nil), "defaults"},
		{"the small set", "selector", sel.Small, "small"},
		{"the TM's small set", "tm", tm.Small, "small"},
		{"a matrix configuration", "tm", k8.Params, "k8/pushout-ports"},
		{"anything else", "selector", map[string]int{"N": 5}, "N=5"},
		{"an unknown block", "fifo", nil, "defaults"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, SetOf(tc.block, tc.params))
		})
	}
}

func mustFill(t *testing.T, b *blocks.Block, p map[string]int) map[string]int {
	t.Helper()
	f, err := b.Fill(p)
	require.NoError(t, err)
	return f
}
