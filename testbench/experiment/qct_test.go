package experiment

import (
	"context"
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
