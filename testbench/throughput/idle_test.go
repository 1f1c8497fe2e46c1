package throughput

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHistQuantileAgainstSort compares the histogram's nearest-rank
// quantiles and mean with a sort of the raw per-cycle values.
func TestHistQuantileAgainstSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		budget := 1 + r.IntN(30)
		n := 1 + r.IntN(500)
		h := newHist(budget)
		var free []float64
		sum := 0.0
		for i := 0; i < n; i++ {
			u := r.IntN(budget + 1)
			if r.IntN(3) == 0 {
				u = budget / 2 // lumps, as real traffic has
			}
			h.add(u)
			f := 1 - float64(u)/float64(budget)
			free = append(free, f)
			sum += f
		}
		sort.Float64s(free)
		for _, q := range []float64{0.01, 0.1, 0.5, 0.9, 1} {
			rank := int(math.Ceil(q * float64(n)))
			rank = max(rank, 1)
			require.InDelta(t, free[rank-1], h.freeQuantile(q), 1e-12, "trial %d budget %d n %d q %g", trial, budget, n, q)
		}
		require.InDelta(t, sum/float64(n), h.freeMean(), 1e-9, "trial %d mean", trial)
	}
	require.Equal(t, 1.0, newHist(4).freeQuantile(0.5), "empty histogram")
}
