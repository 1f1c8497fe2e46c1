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

// TestEvalFreeMatchesEval steps two units with the same free counts (the
// α fixed, as EvalFree requires), one with Eval and one with EvalFree, and
// requires the same thresholds and u_thr.free_i after every call, and
// EvalFree reporting false only when the thresholds did not move.
func TestEvalFreeMatchesEval(t *testing.T) {
	for _, qw := range []int{4, 8, 16} {
		a, err := New(Params{N: 16, Q: 4, QW: qw, AW: 4})
		require.NoError(t, err)
		b, err := New(Params{N: 16, Q: 4, QW: qw, AW: 4})
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(uint64(qw), 5))
		mask := int(rtl.Width(qw).Mask())
		for i := range a.AlphaI {
			a.AlphaI[i] = int8(r.IntN(8) - 4)
			b.AlphaI[i] = a.AlphaI[i]
		}
		free := mask
		for cyc := 0; cyc < 20000; cyc++ {
			if r.IntN(50) == 0 {
				free = r.IntN(mask+20) - 10
			} else {
				free += r.IntN(9) - 4
			}
			before := append([]uint32(nil), b.Thr.ThrO...)
			a.FreeI, b.FreeI = free, free
			a.Eval()
			moved := b.EvalFree()
			require.Equal(t, a.Thr.ThrO, b.Thr.ThrO, "QW %d cycle %d: thr_o for free %d", qw, cyc, free)
			require.Equal(t, a.Thr.FreeI, b.Thr.FreeI, "QW %d cycle %d: u_thr.free_i", qw, cyc)
			if !moved {
				require.Equal(t, before, b.Thr.ThrO, "QW %d cycle %d: EvalFree said unchanged", qw, cyc)
			}
		}
	}
}
