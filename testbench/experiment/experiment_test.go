package experiment

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func opts(t *testing.T) Options {
	return Options{Out: t.TempDir(), Seed: 1, Quick: true}
}

// TestBurstClaims backs the paper's two Fig. 12 claims on the model:
// Occamy absorbs a larger burst than DT at α=4, and Occamy improves from
// α=1 to α=4 while DT does not.
func TestBurstClaims(t *testing.T) {
	pts, err := BurstAbsorption(context.Background(), opts(t), []string{"dt", "occamy"}, []float64{1, 4}, nil)
	require.NoError(t, err)
	o1, o4 := burstAt(pts, "occamy", 1), burstAt(pts, "occamy", 4)
	d1, d4 := burstAt(pts, "dt", 1), burstAt(pts, "dt", 4)
	assert.Greater(t, o4, d4, "α=4: Occamy %v cells vs DT %v cells", o4, d4)
	assert.Greater(t, o4, o1, "Occamy: α=4 %v cells vs α=1 %v cells", o4, o1)
	assert.LessOrEqual(t, d4, d1, "DT: α=4 %v cells vs α=1 %v cells", d4, d1)
	v := burstVerdict(pts)
	assert.Contains(t, v[len(v)-1], "claims hold")
}

// TestRoundRobinWithin15 backs the Fig. 21 claim: round-robin head drop
// lands within 15% of longest-queue drop on the largest lossless burst.
func TestRoundRobinWithin15(t *testing.T) {
	queues := []int{1, 2, 4}
	pts, err := RoundRobinVsLongest(context.Background(), opts(t), queues, nil)
	require.NoError(t, err)
	require.Len(t, pts, 2*len(queues))
	for _, n := range queues {
		assert.LessOrEqual(t, RRGap(pts, n), RRTolerance, "%d long-lived queues: |rr-lqd|/lqd", n)
	}
}

// TestQueueEvolutionFig11: at a 3-line-rate burst Occamy gives the burst
// its fair share at α=1 and α=4, DT only at α=1 (paper Fig. 11).
func TestQueueEvolutionFig11(t *testing.T) {
	series, err := QueueEvolution(context.Background(), opts(t), []int{3}, nil)
	require.NoError(t, err)
	require.Len(t, series, 4)
	assert.True(t, EvolutionFair(series, 3, "occamy", 1), "occamy α=1")
	assert.True(t, EvolutionFair(series, 3, "occamy", 4), "occamy α=4")
	assert.True(t, EvolutionFair(series, 3, "dt", 1), "dt α=1")
	assert.False(t, EvolutionFair(series, 3, "dt", 4), "dt α=4")
	for _, s := range series {
		require.NotEmpty(t, s.T, "%s α=%g: samples", s.Policy, s.Alpha)
		assert.Equal(t, len(s.T), len(s.BG))
		assert.Equal(t, len(s.T), len(s.Thr))
		assert.LessOrEqual(t, s.T[0], 0.0, "samples start before the burst")
	}
}

// TestChokingQuick: with DT the background costs the incast, and Occamy
// loses no more than DT does with the background.
func TestChokingQuick(t *testing.T) {
	qs := []float64{0.3}
	pts, err := Choking(context.Background(), opts(t), qs, nil)
	require.NoError(t, err)
	require.Len(t, pts, 4)
	assert.Greater(t, ChokeDrop(pts, "dt", true, 0.3), ChokeDrop(pts, "dt", false, 0.3), "dt: with vs without background")
	assert.Less(t, ChokeDrop(pts, "occamy", true, 0.3), ChokeDrop(pts, "dt", true, 0.3), "with background: occamy vs dt")
}

// TestRunWritesFiles runs one quick experiment end to end and checks the
// CSV, PNG and SVG it writes, and that the same seed gives the same CSV
// whatever the parallelism.
func TestRunWritesFiles(t *testing.T) {
	e, err := Lookup("round-robin-vs-longest")
	require.NoError(t, err)
	o := opts(t)
	o.Jobs = 1
	out, err := e.Run(context.Background(), o)
	require.NoError(t, err)
	require.Len(t, out.Files, 3)
	data, err := os.ReadFile(filepath.Join(o.Out, "round-robin-vs-longest.csv"))
	require.NoError(t, err)
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"policy", "bg_queues", "max_lossless_burst_cells", "burst_pkts_dropped_at_B_over_2"}, rows[0])
	assert.Len(t, rows, 1+2*len(RRQueuesQuick))
	png, err := os.ReadFile(filepath.Join(o.Out, "round-robin-vs-longest.png"))
	require.NoError(t, err)
	assert.Equal(t, "\x89PNG", string(png[:4]), "PNG signature")
	svg, err := os.ReadFile(filepath.Join(o.Out, "round-robin-vs-longest.svg"))
	require.NoError(t, err)
	assert.Contains(t, string(svg[:200]), "<svg")
	var vb bytes.Buffer
	require.NoError(t, out.WriteVerdict(&vb))
	assert.Contains(t, vb.String(), "within 15%")

	o2 := opts(t)
	o2.Jobs = 4
	_, err = e.Run(context.Background(), o2)
	require.NoError(t, err)
	data2, err := os.ReadFile(filepath.Join(o2.Out, "round-robin-vs-longest.csv"))
	require.NoError(t, err)
	assert.Equal(t, string(data), string(data2), "CSV with 4 jobs differs from 1 job")
}

func TestLookup(t *testing.T) {
	assert.Equal(t, []string{"queue-evolution", "burst-absorption", "choking", "round-robin-vs-longest", "throughput-vs-load"}, Names())
	_, err := Lookup("fig99")
	require.EqualError(t, err, `experiment "fig99" unknown, allowed: queue-evolution, burst-absorption, choking, round-robin-vs-longest, throughput-vs-load`)
	for _, n := range Names() {
		e, err := Lookup(n)
		require.NoError(t, err)
		assert.Positive(t, e.runs(Options{Quick: true}), n)
		assert.GreaterOrEqual(t, e.runs(Options{}), e.runs(Options{Quick: true}), n)
	}
}

func TestRunBadOut(t *testing.T) {
	f := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(f, nil, 0o644))
	e, _ := Lookup("choking")
	_, err := e.Run(context.Background(), Options{Out: filepath.Join(f, "sub"), Quick: true})
	require.ErrorContains(t, err, "--out:")
}
