package tm

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOfferRing: at lag 0, 1 and 3 the slot Answered gives in a cycle is
// the one Now gave lag cycles before (the zero value before that), and the
// ring allocates nothing per cycle.
func TestOfferRing(t *testing.T) {
	for _, lag := range []int{0, 1, 3} {
		t.Run(fmt.Sprint("lag", lag), func(t *testing.T) {
			r := NewOfferRing[int](lag)
			require.Equal(t, lag, r.Lag())
			for c := 0; c < 20; c++ {
				*r.Now() = c + 100
				want := 0
				if c >= lag {
					want = c - lag + 100
				}
				require.Equal(t, want, *r.Answered(), "cycle %d: the offers of cycle %d", c, c-lag)
				r.Next()
			}
			n := testing.AllocsPerRun(100, func() {
				*r.Now() = 1
				_ = *r.Answered()
				r.Next()
			})
			require.Zero(t, n, "allocations per cycle")
		})
	}
}
