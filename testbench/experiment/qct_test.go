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
// Since the executor's stage A is registered (its frees a cycle later),
// Occamy α=8 takes RTOs at 20–40% of B (measured 0.875, 4.875 and 0.125
// per query; QCT 231, 407, 322 µs against DT α=8's 106, 155, 192:
// 2.18×, 2.62×, 1.68×), pinned as more than 1.5× and less than 3×
// DT α=8's; before, it had none and tied DT α=8 at 20% and was 2.1% and
// 4.1% slower at 30% and 40% (docs/experiments.md).
// Holds: Occamy α=8 has no RTO at 10% and from 50% of B, and from 50% of
// B its QCT is below DT α=1's and ABM α=8's (at 50%, 60%, 90%, 100%: the
// start of the range and where its margins are smallest, 0.73 of DT α=1's
// at 60% and 90%, 0.88 of ABM α=8's at 100%), at 50% more than 50% below
// DT α=1's (measured 59%) and below DT α=8's. Stops: at 10–20% of B it
// ties DT α=8 (within one packet time on the port); at 30% and 40% it is
// slightly slower than DT α=8 (measured +2.1% and +4.1%: 158 against 155
// µs and 200 against 192), pinned as more than 1% and less than 10%.
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
	stageA := map[float64]bool{0.2: true, 0.3: true, 0.4: true} // the sizes the executor's stage A costs RTOs
	for _, q := range QCTBurstSizes {
		p := at(pol, a, q)
		if stageA[q] {
			assert.Positive(t, p.RTOs, "%s α=%g, query %.0f%% of B: RTOs per query (QCT %.1f µs), measured some since stage A", pol, a, 100*q, p.QCTus)
			continue
		}
		assert.Zero(t, p.RTOs, "%s α=%g, query %.0f%% of B: %.3f RTOs per query (QCT %.1f µs), expected none", pol, a, 100*q, p.RTOs, p.QCTus)
	}
	occ := func(q float64) float64 { return at(pol, a, q).QCTus }
	for _, q := range from50 {
		for _, b := range []chokeCase{{"dt", true, 1}, {"abm", true, 8}} {
			x := at(b.pol, b.alpha, q).QCTus
			assert.Less(t, occ(q), x, "query %.0f%% of B: %s α=%g QCT %.1f µs, expected below %s α=%g's %.1f µs", 100*q, pol, a, occ(q), b.pol, b.alpha, x)
		}
	}
	d1 := at("dt", 1, 0.5).QCTus
	assert.Greater(t, 1-occ(0.5)/d1, 0.5, "query 50%% of B: %s α=%g QCT %.1f µs against dt α=1's %.1f µs (%.0f%% below), expected more than 50%% below", pol, a, occ(0.5), d1, 100*(1-occ(0.5)/d1))
	d8 := at("dt", 8, 0.5).QCTus
	assert.Less(t, occ(0.5), d8, "query 50%% of B: %s α=%g QCT %.1f µs, expected below dt α=8's %.1f µs", pol, a, occ(0.5), d8)
	pktUS := 6 * 8 * qctCycleNS / 1000 // one 6-cell packet at one cell per 8 cycles
	for _, q := range []float64{0.1} {
		d8 := at("dt", 8, q).QCTus
		assert.InDelta(t, d8, occ(q), pktUS, "query %.0f%% of B: %s α=%g QCT %.2f µs, expected dt α=8's %.2f µs within one packet time (%.2f µs)", 100*q, pol, a, occ(q), d8, pktUS)
	}
	for _, q := range []float64{0.2, 0.3, 0.4} {
		d8 := at("dt", 8, q).QCTus
		r := occ(q) / d8
		assert.True(t, r > 1.5 && r < 3, "query %.0f%% of B: %s α=%g QCT %.1f µs against dt α=8's %.1f µs (%.3f×), expected slower since stage A: 1.5× to 3×", 100*q, pol, a, occ(q), d8, r)
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
