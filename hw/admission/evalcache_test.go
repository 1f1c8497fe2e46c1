package admission

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/hw/threshold"
	"occamy/rtl"
)

// TestEvalCacheMatchesThreshold drives one unit through long runs of free
// counts around and above the saturation point, with occasional α changes,
// and checks after every Eval that each class threshold equals the pure
// threshold.Threshold of the clamped free count: the saturation cache in
// Eval must never leave a stale output.
func TestEvalCacheMatchesThreshold(t *testing.T) {
	for _, qw := range []int{4, 8, 16} {
		u, err := New(Params{N: 16, Q: 4, QW: qw, AW: 4})
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(uint64(qw), 3))
		mask := int(rtl.Width(qw).Mask())
		for i := range u.AlphaI {
			u.AlphaI[i] = int8(r.IntN(8) - 4)
		}
		free := mask
		for cyc := 0; cyc < 20000; cyc++ {
			switch r.IntN(50) {
			case 0:
				u.AlphaI[r.IntN(len(u.AlphaI))] = int8(r.IntN(16) - 8)
			case 1:
				free = r.IntN(mask+20) - 10
			default:
				free += r.IntN(9) - 4
			}
			u.FreeI = free
			u.Eval()
			f := uint32(min(max(free, 0), mask))
			for c, a := range u.AlphaI {
				want := threshold.Threshold(f, int(rtl.Width(4).SignExtend(uint64(uint8(a)))), rtl.Width(qw))
				require.Equal(t, want, u.Thr.ThrO[c], "QW %d cycle %d: thr_o[%d] for free %d, alpha %d", qw, cyc, c, free, a)
			}
			require.Equal(t, f, u.Thr.FreeI, "QW %d cycle %d: u_thr.free_i", qw, cyc)
		}
	}
}
