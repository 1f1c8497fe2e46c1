package throughput

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
)

func TestAlphaMax(t *testing.T) {
	cases := []struct {
		r, v float64
		want string
	}{
		{r: 1, v: 1, want: "any"},   // R/V - 2 < 0
		{r: 2, v: 1, want: "any"},   // = 0: V = R/2 allows any α
		{r: 3, v: 1, want: "1"},     // 1/α ≥ 1
		{r: 2.5, v: 1, want: "2"},   // 1/α ≥ 0.5
		{r: 2.2, v: 1, want: "4"},   // 1/α ≥ 0.2: α ≤ 5
		{r: 5, v: 1.969, want: "1"}, // k=4 per cell, 40 line rates
		{r: 6, v: 1, want: "0.25"},
		{r: 1000, v: 1, want: "none"},
		{r: 1, v: 0, want: "n/a"},
		{r: 2.0001, v: 1, want: "128"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, FormatAlpha(AlphaMax(c.r, c.v)), "R=%g V=%g", c.r, c.v)
	}
}

// TestAlphaMaxDrain: with no expulsion the fluid rule is Inequality (4)
// with V = d (DT's case); with expulsion it asks one R/V more.
func TestAlphaMaxDrain(t *testing.T) {
	for _, r := range []float64{0.2, 0.3, 0.5, 1, 2} {
		d := 0.125
		assert.Equal(t, FormatAlpha(AlphaMax(r, d)), FormatAlpha(AlphaMaxDrain(r, 0, d)), "R=%g: DT limit", r)
	}
	assert.Equal(t, "1", FormatAlpha(AlphaMaxDrain(5, 2.978, 0.125)), "k=4 chain, 40 line rates")
	assert.Equal(t, "any", FormatAlpha(AlphaMaxDrain(2, 2.978, 0.125)))
	assert.True(t, math.IsNaN(AlphaMaxDrain(1, 0, 0)))
}

// TestAlphaCheck runs the check on two switches. The fluid rule's α gives
// the burst its fair share in both. With per-cell freeing at k=4 the
// pipelined executor expels V ≈ 3.77-3.80 cells/clock, above R/2 = 2.5 for
// 40 line rates: the paper's Inequality (4) allows any α, but at α = 8 the
// burst gets about two thirds of its share: the model disagrees with the
// inequality when R/2 < V < R (docs/experiments.md). The fluid rule's α
// sits on an edge: 4 when V ≥ 3.775, 2 below. V was 3.773 (α 2) before the
// admission was pipelined and is 3.792 (α 4) after it: the refill burst's
// enqueue reaches the PD and CP memories a cycle later and takes fewer of
// the executor's port cycles (lost to a port 4 cycles of 2233 with
// something to expel before, 2 of 2228 after). So the test checks the α
// the rule gives at the measured V (2 or 4), not which side of the edge V
// falls, and that it holds there.
func TestAlphaCheck(t *testing.T) {
	o := DefaultOptions()
	s := mustSize(t, "fixed:1500")
	cell, err := CheckAlpha(context.Background(), Point{K: 4, FreeMode: tm.FreeCell, Size: s, Ports: 8}, o, 40)
	require.NoError(t, err)
	require.Len(t, cell.Guides, 2)
	assert.InDelta(t, 3.78, cell.V, 0.05, "V, cells/clock")
	assert.Equal(t, "any", cell.Guides[0].Alpha, "paper rule")
	assert.False(t, cell.Guides[0].Holds(), "paper rule at α=8: %s", cell.Guides[0].Verdict)
	assert.Contains(t, cell.Guides[0].Verdict, "does NOT hold")
	fluid := AlphaMaxDrain(cell.R, cell.V, cell.D)
	assert.Contains(t, []float64{2, 4}, fluid, "fluid rule's α at V=%.4f", cell.V)
	assert.Equal(t, FormatAlpha(fluid), cell.Guides[1].Alpha, "fluid rule")
	assert.True(t, cell.Guides[1].Holds(), "fluid rule: %s", cell.Guides[1].Verdict)
	require.Len(t, cell.Guides[1].Runs, 2)
	assert.Equal(t, 2*fluid, cell.Guides[1].Runs[1].Alpha, "second run at twice the α")

	chain, err := CheckAlpha(context.Background(), Point{K: 4, FreeMode: tm.FreeChain, Size: s, Ports: 8}, o, 40)
	require.NoError(t, err)
	for i, g := range chain.Guides {
		assert.Equal(t, "any", g.Alpha, "rule %d", i)
		assert.True(t, g.Holds(), "rule %d: %s", i, g.Verdict)
	}

	_, err = CheckAlpha(context.Background(), Point{K: 4, FreeMode: tm.FreeCell, Size: s, Ports: 8}, o, 0.2)
	require.ErrorContains(t, err, "BurstRate: 0.2 out of range")
}
