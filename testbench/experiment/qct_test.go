package experiment

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestQCTChokingClaims pins the closed-loop Fig. 6a result over the
// documented range (docs/experiments.md): without background the query
// completes at line rate (QCT within 10% of size/line rate + base RTT);
// with the background, DT's QCT is unchanged at 20% of B and at least
// 1.5× worse at 70% (timeouts); Occamy's stays within 5% of the
// no-background QCT at both.
func TestQCTChokingClaims(t *testing.T) {
	sizes := []float64{0.2, 0.7}
	pts, err := QCTChoking(context.Background(), opts(t), sizes, nil)
	require.NoError(t, err)
	require.Len(t, pts, len(qctChokeCases)*len(sizes))
	for _, q := range sizes {
		ideal := (float64(40*queryPkts(q, 40)*6*8)/5 + qctBaseRTT) * qctCycleNS / 1000    // 5 hosts' NICs
		ideal = max(ideal, (float64(40*queryPkts(q, 40)*6*8)+qctBaseRTT)*qctCycleNS/1000) // the receiver's port
		for _, pol := range []string{"dt", "occamy"} {
			alone := qctAt(pts, pol, false, q)
			assert.InDelta(t, ideal, alone.QCTus, 0.1*ideal, "%s alone, query %.0f%%: QCT %.0f µs against line rate %.0f", pol, 100*q, alone.QCTus, ideal)
			assert.Zero(t, alone.RTOs, "%s alone, query %.0f%%: RTOs", pol, 100*q)
		}
		o1, o0 := qctAt(pts, "occamy", true, q), qctAt(pts, "occamy", false, q)
		assert.Less(t, o1.QCTus/o0.QCTus, 1.05, "occamy, query %.0f%%: with background %.0f µs, alone %.0f", 100*q, o1.QCTus, o0.QCTus)
	}
	d1, d0 := qctAt(pts, "dt", true, 0.2), qctAt(pts, "dt", false, 0.2)
	assert.Less(t, d1.QCTus/d0.QCTus, 1.05, "dt, query 20%%: with background %.0f µs, alone %.0f", d1.QCTus, d0.QCTus)
	d1, d0 = qctAt(pts, "dt", true, 0.7), qctAt(pts, "dt", false, 0.7)
	assert.Greater(t, d1.QCTus/d0.QCTus, 1.5, "dt, query 70%%: with background %.0f µs, alone %.0f", d1.QCTus, d0.QCTus)
	assert.Positive(t, d1.RTOs, "dt, query 70%% with background: RTOs")
}

// TestQCTBurstClaims pins the closed-loop Fig. 13a/b result over the
// documented sweep (docs/experiments.md, 10–100% of B) with the
// experiment's own 8 queries per point: fewer queries move the numbers
// (with 2, DT α=1 takes no RTO below 80% of B, Occamy ties DT at 30–50%
// and is slower than DT α=1 at 60%; with 4, Occamy is 0.7% slower than DT
// α=1 at 50%), so the test keeps the query count and runs a subset of the
// points instead.
// Since the executor's stage A is registered and the thresholds credit
// its cells from the unlink (docs/experiments.md, "What the executor's
// pipeline moved"), Occamy α=8 takes RTOs at 20%, 30% and 70–100% of B
// (measured 2.25, 0.375, 0.5, 0.75, 1.0, 0.75 per query; before the
// pipeline none at any size; with the pipeline and no credit at 20–40%).
// Holds: no RTO at 10%, 40%, 50%, 60% of B; at 50%, 60% and 90% its QCT
// is below DT α=1's and ABM α=8's (0.42, 0.69, 0.90 of DT α=1's; 0.65,
// 0.64, 0.68 of ABM α=8's), at 50% more than 50% below DT α=1's
// (measured 58%) and below DT α=8's. Stops: at 100% of B it is slower
// than both (642 against 617 and 533 µs; 467 before); at 10% it is 1.8%
// slower than DT α=8 (70.4 against 69.1 µs), pinned as less than 5%; at
// 20% and 30% 2.19× and 1.79× DT α=8's, pinned as 1.5× to 3×; at 40%
// 1.06× (204 against 192 µs), pinned as 1.01× to 1.10×.
func TestQCTBurstClaims(t *testing.T) {
	const pol, a = "occamy", 8.0 // the policy the claims are about, at the paper's α
	from50 := []float64{0.5, 0.6, 0.9, 1.0}
	var jobs []qctBurstJob
	add := func(p string, alpha float64, sizes []float64) {
		for _, q := range sizes {
			jobs = append(jobs, qctBurstJob{chokeCase{p, true, alpha}, q})
		}
	}
	add(pol, a, QCTBurstSizes)
	add("dt", 1, from50)
	add("abm", 8, from50)
	add("dt", 8, []float64{0.1, 0.2, 0.3, 0.4, 0.5})
	o := Options{Seed: 1} // not Quick: 8 queries per point, as the experiment
	require.Equal(t, 8, qctQueries(o))
	pts, err := qctBurstRuns(context.Background(), o, jobs, nil)
	require.NoError(t, err)
	require.Len(t, pts, len(jobs))
	at := func(pol string, a, q float64) QCTPoint {
		p := qctBurstAt(pts, pol, a, q)
		require.False(t, math.IsNaN(p.QCTus), "no point %s α=%g query %.0f%%", pol, a, 100*q)
		return p
	}
	rtos := map[float64]bool{0.2: true, 0.3: true, 0.7: true, 0.8: true, 0.9: true, 1.0: true} // measured with the credited executor
	for _, q := range QCTBurstSizes {
		p := at(pol, a, q)
		if rtos[q] {
			assert.Positive(t, p.RTOs, "%s α=%g, query %.0f%% of B: RTOs per query (QCT %.1f µs), measured some since the executor's credit", pol, a, 100*q, p.QCTus)
			continue
		}
		assert.Zero(t, p.RTOs, "%s α=%g, query %.0f%% of B: %.3f RTOs per query (QCT %.1f µs), expected none", pol, a, 100*q, p.RTOs, p.QCTus)
	}
	occ := func(q float64) float64 { return at(pol, a, q).QCTus }
	for _, q := range from50 {
		for _, b := range []chokeCase{{"dt", true, 1}, {"abm", true, 8}} {
			x := at(b.pol, b.alpha, q).QCTus
			if q == 1.0 { // a stop since the executor's credit
				assert.Greater(t, occ(q), x, "query %.0f%% of B: %s α=%g QCT %.1f µs, measured above %s α=%g's %.1f µs", 100*q, pol, a, occ(q), b.pol, b.alpha, x)
				continue
			}
			assert.Less(t, occ(q), x, "query %.0f%% of B: %s α=%g QCT %.1f µs, expected below %s α=%g's %.1f µs", 100*q, pol, a, occ(q), b.pol, b.alpha, x)
		}
	}
	d1 := at("dt", 1, 0.5).QCTus
	assert.Greater(t, 1-occ(0.5)/d1, 0.5, "query 50%% of B: %s α=%g QCT %.1f µs against dt α=1's %.1f µs (%.0f%% below), expected more than 50%% below", pol, a, occ(0.5), d1, 100*(1-occ(0.5)/d1))
	d8 := at("dt", 8, 0.5).QCTus
	assert.Less(t, occ(0.5), d8, "query 50%% of B: %s α=%g QCT %.1f µs, expected below dt α=8's %.1f µs", pol, a, occ(0.5), d8)
	for _, c := range []struct{ q, lo, hi float64 }{{0.1, 1, 1.05}, {0.2, 1.5, 3}, {0.3, 1.5, 3}, {0.4, 1.01, 1.10}} {
		d8 := at("dt", 8, c.q).QCTus
		r := occ(c.q) / d8
		assert.True(t, r >= c.lo && r < c.hi, "query %.0f%% of B: %s α=%g QCT %.1f µs against dt α=8's %.1f µs (%.3f×), expected %g× to %g×", 100*c.q, pol, a, occ(c.q), d8, r, c.lo, c.hi)
	}
}

// BenchmarkQCTBurst is the full default qct-burst experiment (every policy
// and size, 8 queries each, on every core); docs/perf.md quotes it.
//
//	go test ./testbench/experiment -run XXX -bench BenchmarkQCTBurst -benchtime 1x
func BenchmarkQCTBurst(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := QCTBurst(context.Background(), Options{Seed: 1}, QCTBurstSizes, nil); err != nil {
			b.Fatal(err)
		}
	}
}
