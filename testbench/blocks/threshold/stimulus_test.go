package threshold

import (
	"testing"

	"github.com/stretchr/testify/require"

	hw "occamy/hw/threshold"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	"occamy/testbench/stimulus"
)

func layoutAt(t *testing.T, name string, p map[string]int) *port.Layout {
	t.Helper()
	b, err := blocks.Lookup(name)
	require.NoError(t, err)
	q, err := b.Resolve(p)
	require.NoError(t, err)
	l, err := b.Layout(q)
	require.NoError(t, err)
	return &l
}

// runDirected runs a directed sequence to its end, within bound cycles.
func runDirected(t *testing.T, name string, f stimulus.Finite, l *port.Layout, bound uint64) {
	t.Helper()
	w := make([]uint32, l.InWords)
	var n uint64
	for !f.Done() {
		require.Less(t, n, bound, "%s: directed sequence still running after %d cycles", name, n)
		f.Next(n, w)
		n++
	}
	require.Greater(t, n, uint64(4), "%s: directed sequence of %d cycles", name, n)
}

// TestDirectedFinish: the directed sequence ends, within a bound.
func TestDirectedFinish(t *testing.T) {
	tp := hw.Params{C: 2, QW: 8, AW: 4}
	tl := layoutAt(t, "threshold", map[string]int{"C": 2, "QW": 8, "AW": 4})
	td, err := newDirected(tp, tl)
	require.NoError(t, err)
	runDirected(t, "threshold", td, tl, 16*30)
}
