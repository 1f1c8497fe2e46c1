package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/traffic"
)

// TestIngressDropsBeyondMaxOffers: sources offering more than MaxOffers
// packets in a cycle run (they were refused before the ingress bound);
// every offer beyond the first MaxOffers of its cycle is an ingress drop,
// counted in adm_dropped and ingress_dropped, and the count equals what an
// independent tick of the same sources predicts. With a MaxOffers above
// the peak, no ingress drop and no ingress_dropped in the JSON.
func TestIngressDropsBeyondMaxOffers(t *testing.T) {
	src, err := traffic.ParseFlag("kind=random,load=24,dist=fixed,bytes=256", "--source[0]")
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		offers int
	}{{"bound 4", 4}, {"bound 1", 1}, {"above the peak", 4096}} {
		t.Run(tc.name, func(t *testing.T) {
			o := Options{Scenario: "custom", Policy: "dt", Cycles: u64(400), Sources: []traffic.Spec{*src},
				TM: []TMSet{{Field: "MaxOffers", Value: tc.offers}}}
			p, err := Prepare(o)
			require.NoError(t, err)
			r, err := Execute(p, nil)
			require.NoError(t, err)
			// The reference: the same sources, ticked alone.
			mix, err := traffic.BuildAll(p.Sources, Env(&p.Config), p.Seed, "sources")
			require.NoError(t, err)
			var want, arrived, peak uint64
			for c := uint64(0); c < *o.Cycles; c++ {
				n := uint64(len(mix.Tick(c)))
				arrived += n
				peak = max(peak, n)
				if n > uint64(tc.offers) {
					want += n - uint64(tc.offers)
				}
			}
			require.Greater(t, peak, uint64(4), "the source must offer more than 4 in some cycle")
			assert.Equal(t, arrived, r.Totals.Arrived.Pkts, "arrived")
			if want == 0 {
				assert.Nil(t, r.Totals.IngressDropped, "ingress_dropped present without ingress drops")
				return
			}
			require.NotNil(t, r.Totals.IngressDropped, "ingress_dropped missing")
			assert.Equal(t, want, r.Totals.IngressDropped.Pkts, "ingress-dropped packets")
			assert.Equal(t, want, r.Totals.IngressDropped.Cells, "ingress-dropped cells (1-cell packets)")
			assert.GreaterOrEqual(t, r.Totals.AdmDropped.Pkts, want, "adm_dropped includes the ingress drops")
			assert.LessOrEqual(t, r.Totals.Admitted.Pkts, uint64(tc.offers)*(*o.Cycles), "admitted beyond MaxOffers a cycle")
		})
	}
}
