package rtl

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bigMask is 2^w - 1 as a big integer: the reference for Mask.
func bigMask(w int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return m.Sub(m, big.NewInt(1))
}

// refShift is the reference for ShiftPow2: exact v*2^s (or floor(v/2^-s)) of
// v truncated to w bits, clamped to 2^w-1.
func refShift(v uint64, s, w int) uint64 {
	x := new(big.Int).SetUint64(v)
	x.And(x, bigMask(w))
	if s >= 0 {
		x.Lsh(x, uint(s))
	} else {
		x.Rsh(x, uint(-s))
	}
	if x.Cmp(bigMask(w)) > 0 {
		return bigMask(w).Uint64()
	}
	return x.Uint64()
}

func TestNewWidth(t *testing.T) {
	for _, tc := range []struct {
		w  int
		ok bool
	}{{-1, false}, {0, false}, {1, true}, {32, true}, {64, true}, {65, false}} {
		got, err := NewWidth(tc.w)
		if tc.ok {
			require.NoError(t, err, "width %d", tc.w)
			assert.Equal(t, Width(tc.w), got)
		} else {
			require.Error(t, err, "width %d", tc.w)
			assert.Contains(t, err.Error(), "1..64")
		}
	}
	assert.Panics(t, func() { MustWidth(0) })
	assert.Equal(t, Width(7), MustWidth(7))
}

func TestMaskEveryWidth(t *testing.T) {
	for w := 1; w <= MaxWidth; w++ {
		want := bigMask(w).Uint64()
		assert.Equal(t, want, Width(w).Mask(), "width %d: Mask", w)
		assert.Equal(t, want, Width(w).Max(), "width %d: Max", w)
	}
}

// TestSmallWidthsExhaustive checks Fits, Trunc, Sat and SignExtend at
// widths 1..8 for every value up to 2^(w+2), against plain arithmetic.
func TestSmallWidthsExhaustive(t *testing.T) {
	for w := 1; w <= 8; w++ {
		W := Width(w)
		lim := uint64(1) << uint(w)
		for v := uint64(0); v < lim<<2; v++ {
			assert.Equal(t, v < lim, W.Fits(v), "w=%d v=%d: Fits", w, v)
			assert.Equal(t, v%lim, W.Trunc(v), "w=%d v=%d: Trunc", w, v)
			assert.Equal(t, min(v, lim-1), W.Sat(v), "w=%d v=%d: Sat", w, v)
			want := int64(v % lim)
			if want >= int64(lim/2) {
				want -= int64(lim)
			}
			if got := W.SignExtend(v); got != want {
				t.Fatalf("w=%d v=%d: SignExtend expected %d, got %d", w, v, want, got)
			}
		}
	}
}

// TestShiftPow2Exhaustive checks every value (including ones wider than the
// width) and every exponent from -70 to 70 at widths 1..8 against math/big.
func TestShiftPow2Exhaustive(t *testing.T) {
	for w := 1; w <= 8; w++ {
		for v := uint64(0); v < 1<<uint(w+1); v++ {
			for s := -70; s <= 70; s++ {
				want := refShift(v, s, w)
				if got := Width(w).ShiftPow2(v, s); got != want {
					t.Fatalf("w=%d v=%d s=%d: ShiftPow2 expected %d, got %d", w, v, s, want, got)
				}
			}
		}
	}
}

// TestShiftPow2Wide spot-checks wide widths at their edges.
func TestShiftPow2Wide(t *testing.T) {
	vals := []uint64{0, 1, 2, 3, 1 << 31, 1<<32 - 1, 1 << 32, 1<<63 - 1, 1 << 63, ^uint64(0)}
	for _, w := range []int{16, 31, 32, 33, 63, 64} {
		for _, v := range vals {
			for s := -66; s <= 66; s++ {
				want := refShift(v, s, w)
				assert.Equal(t, want, Width(w).ShiftPow2(v, s), fmt.Sprintf("w=%d v=%#x s=%d", w, v, s))
			}
		}
	}
}

func TestSignExtendWide(t *testing.T) {
	assert.Equal(t, int64(-1), Width(64).SignExtend(^uint64(0)))
	assert.Equal(t, int64(-1<<31), Width(32).SignExtend(1<<31))
	assert.Equal(t, int64(1<<31-1), Width(32).SignExtend(1<<31-1|1<<40))
}
