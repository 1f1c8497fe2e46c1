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
// With the admission's effects registered (tm.AdmitSettle 2;
// docs/experiments.md, "Admission's effects registered (issue 29)"; main
// 1677d0d → this model, the whole sweep by occamy experiment qct-burst
// --jobs 1): Occamy α=8 takes RTOs at 20% of B again (0 → 1.5 per query,
// 106.0 → 231.3 µs, 2.18× DT α=8's 106.0; pinned 1.5× to 3× as before
// the frees' register) and fewer at 30% (2.875 → 1.75, 402.0 → 282.9 µs,
// 1.82× DT α=8's 155.2); at 50% it is 1.094× DT α=8 (254.6 → 263.8 µs
// against 241.2, pinned below 1.10×) and 47.7% below DT α=1 (DT α=1
// 393.3 → 504.6 µs, 0.125 → 7.875 RTOs per query). The claims from 50%
// against DT α=1 and ABM α=8 hold. Not traced per query: the closed loop
// turns an admission seen a cycle later in the free count (and the
// thresholds α·free) into whether a query's window tail is lost.
// Before, with the dequeue's frees registered (tm.DeqFreeLag 1; docs/experiments.md,
// "Dequeue's frees registered (issue 29)"; main ff510c1 → this model, the
// whole sweep by occamy experiment qct-burst): Occamy α=8 has no RTO at 20%
// of B any more (0.75 → 0 per query, 231.5 → 106.0 µs, now DT α=8's 106.0:
// on main its 7th of 8 queries lost 20 packets, 14 head-dropped, and took 6
// RTOs, now all 8 are lossless), RTOs at 30% only (4.25 → 2.875). At 50%
// its QCT barely moved (248.8 → 254.6 µs) but DT's did: DT α=8 367.4 →
// 241.2 µs (4.125 → 0 RTOs: on main its 8th query lost 34 packets and took
// 33 RTOs, now none is lost), DT α=1 613.2 → 393.3 µs (3.5 → 0.125 RTOs:
// 4 of its 8 queries were slow, 3 with timeouts, now 1; its drops 716 →
// 683, recovered by fast retransmit). So at 50% Occamy is 35.3% below DT
// α=1 (was 59.4%; pinned more than 30%) and 1.056× DT α=8 (was 0.68×;
// the paper's claim, Occamy below DT, fails there; pinned 1.01× to 1.10×).
// At 20% it ties DT α=8 (pinned within 5%, was 1.5× to 3×). The closed loop
// amplifies a cycle's shift of the free count (and of the thresholds α·free)
// into whether one query's window tail is lost. Before the frees' register:
// With the thresholds registered (tm.ThrLag 1; docs/experiments.md,
// "Thresholds registered (issue 29)") Occamy α=8 takes RTOs at 20% of B
// too (0.625 per query, QCT 231.5 µs against DT α=8's 106.0: 2.18×), and
// more at 30% (4.75 per query, was 0.5; 404.7 µs against 155.2, 2.61×):
// its query drops per query rose there (1.375 → 2.125 at 20%, 16 → 34.5
// at 30%), the claims from 40% on hold as before; the 20% point is pinned
// 1.5× to 3× like 30%. Before the register:
// With the admission pipelined (tm.AdmitLag 1; docs/experiments.md,
// "Admission pipelined (issue 29)") Occamy α=8 takes RTOs at 30% of B
// only (0.5 per query; on main 9ac28b9 at 20%, 30% and 70–100%: 2.25,
// 0.375, 0.5, 0.75, 1.0, 0.75): its query drops per query fell at 20% and
// 70–100% (7.1 → 1.4 at 20%, 96 → 65 at 70%, 123 → 86 at 80%) and a
// timeout needs a window's tail lost. Holds: no RTO but at 30%; at 50%,
// 60%, 90% and 100% its QCT is below DT α=1's and ABM α=8's (0.50, 0.72,
// 0.93, 0.92 of DT α=1's; 0.63, 0.55, 0.76, 0.77 of ABM α=8's; at 100%
// slower than both before, 642 against 617 and 533 µs), at 50% about half
// of DT α=1's (253.6 against 506.4 µs, 49.9% below, 58% before: DT α=1
// took 2.375 RTOs per query there, 2.875 before, and each timeout more or
// fewer among its 8 queries moves its mean by about 27 µs, 5%, so the
// test pins more than 45%, not the paper's ~55%) and below DT α=8's.
// Against DT α=8 at 10–40%: 1.000×, 1.000×, 2.57× and 1.03× (69.1, 106.0,
// 399.0 and 197.0 µs against 69.1, 106.0, 155.2, 192.0; before 1.02×,
// 2.19×, 1.79×, 1.06×), pinned as less than 5% at 10% and 20%, 1.5× to
// 3× at 30%, 1.01× to 1.10× at 40%.
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
	// With the egress's booking registered and admission's effects
	// register (no enqueue register) one query of 8 at 90% of B took an RTO
	// (QCT 517.3 µs); with the enqueue's next-packet register too (EnqTakeLag)
	// none does (436.0 µs). Measured, not traced.
	rtos := map[float64]bool{0.2: true, 0.3: true} // measured with the admission's effects registered (0.3 alone with the frees registered)
	for _, q := range QCTBurstSizes {
		p := at(pol, a, q)
		if rtos[q] {
			assert.Positive(t, p.RTOs, "%s α=%g, query %.0f%% of B: RTOs per query (QCT %.1f µs), measured some since the admission's pipeline", pol, a, 100*q, p.QCTus)
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
	assert.Greater(t, 1-occ(0.5)/d1, 0.30, "query 50%% of B: %s α=%g QCT %.1f µs against dt α=1's %.1f µs (%.1f%% below), expected more than 30%% below", pol, a, occ(0.5), d1, 100*(1-occ(0.5)/d1))
	// 30%: 1.5× to 4× since the enqueue's round register (hw/tm EnqGoLag;
	// docs/experiments.md, "The enqueue's round is a register"), 3× before:
	// occamy experiment qct-burst --jobs 1, main b018574's binary → this
	// model: occamy α=8 406.4 → 524.2 µs against DT α=8's 155.2 (2.62× →
	// 3.38×), the same 4.25 RTOs per query, query drops per query 19.25 →
	// 37. Not traced per query; the other points moved within 1.5%
	// (20%: 2.18×, 40%: 1.03×, 50%: 1.08×).
	for _, c := range []struct{ q, lo, hi float64 }{{0.1, 1, 1.05}, {0.2, 1.5, 3}, {0.3, 1.5, 4}, {0.4, 1.01, 1.10}, {0.5, 1.01, 1.10}} {
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
