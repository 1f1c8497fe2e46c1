package maxfind_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/hw/maxfind"
	"occamy/rtl"
)

func TestParamValidation(t *testing.T) {
	for _, tc := range []struct {
		name  string
		p     maxfind.Params
		param string // "" when valid
	}{
		{"defaults", maxfind.DefaultParams(), ""},
		{"smallest", maxfind.Params{N: 1, QW: 1}, ""},
		{"largest", maxfind.Params{N: 256, QW: 32}, ""},
		{"N=0", maxfind.Params{N: 0, QW: 16}, "N"},
		{"N=257", maxfind.Params{N: 257, QW: 16}, "N"},
		{"QW=0", maxfind.Params{N: 8, QW: 0}, "QW"},
		{"QW=33", maxfind.Params{N: 8, QW: 33}, "QW"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, err := maxfind.New(tc.p)
			if tc.param == "" {
				require.NoError(t, err)
				require.Len(t, u.QlenI, tc.p.N)
				return
			}
			var pe *rtl.ParamError
			require.True(t, errors.As(err, &pe), "want *rtl.ParamError, got %v", err)
			require.Equal(t, tc.param, pe.Param)
			require.Nil(t, u)
		})
	}
}

// reference is the trivially correct finder: scan every index upwards and
// keep the first strictly larger length.
func reference(cand []bool, qlen []uint32) (bool, uint32, uint32) {
	ok, idx, mx := false, uint32(0), uint32(0)
	for i := range cand {
		if cand[i] && (!ok || qlen[i] > mx) {
			ok, idx, mx = true, uint32(i), qlen[i]
		}
	}
	return ok, idx, mx
}

func check(t *testing.T, u *maxfind.Unit, cand []bool) {
	t.Helper()
	u.Eval()
	wok, widx, wmax := reference(cand, u.QlenI)
	require.Equal(t, wok, u.ValidO, "valid_o for cand %v qlen %v", cand, u.QlenI)
	require.Equal(t, widx, u.IdxO, "idx_o for cand %v qlen %v", cand, u.QlenI)
	require.Equal(t, wmax, u.MaxO, "max_o for cand %v qlen %v", cand, u.QlenI)
}

// TestExhaustiveSmall walks every candidate set and every length vector at
// N=1..4, QW=2 (4^4 x 16 cases at N=4), against the reference.
func TestExhaustiveSmall(t *testing.T) {
	for n := 1; n <= 4; n++ {
		u, err := maxfind.New(maxfind.Params{N: n, QW: 2})
		require.NoError(t, err)
		cand := make([]bool, n)
		for cs := 0; cs < 1<<n; cs++ {
			u.CandI = rtl.Bitmap{}
			for i := range cand {
				cand[i] = cs>>i&1 == 1
				if cand[i] {
					u.CandI.Set(i)
				}
			}
			for ls := 0; ls < 1<<(2*n); ls++ {
				for i := range u.QlenI {
					u.QlenI[i] = uint32(ls >> (2 * i) & 3)
				}
				check(t, u, cand)
			}
		}
	}
}

// TestRandomWide checks N=64 and N=256 with many ties (lengths drawn from
// a few values) and bits above N set in cand_i (ignored).
func TestRandomWide(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{64, 100, 256} {
		u, err := maxfind.New(maxfind.Params{N: n, QW: 16})
		require.NoError(t, err)
		cand := make([]bool, n)
		for it := 0; it < 2000; it++ {
			u.CandI = rtl.Bitmap{}
			for i := n; i < rtl.MaxBitmap; i++ {
				u.CandI.Set(i)
			}
			for i := range cand {
				cand[i] = r.IntN(3) == 0
				if cand[i] {
					u.CandI.Set(i)
				}
				u.QlenI[i] = uint32(r.IntN(4)) * 1000
			}
			check(t, u, cand)
		}
	}
}
