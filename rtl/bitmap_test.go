package rtl

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refBits is a bitmap as a plain bool slice: the reference.
type refBits [MaxBitmap]bool

func (r *refBits) firstFrom(from int) int {
	for i := from; i < MaxBitmap; i++ {
		if r[i] {
			return i
		}
	}
	return -1
}

func TestBitmapAgainstBools(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var b Bitmap
	var r refBits
	for step := 0; step < 20000; step++ {
		i := rng.Intn(MaxBitmap)
		switch rng.Intn(4) {
		case 0:
			b.Set(i)
			r[i] = true
		case 1:
			b.Clear(i)
			r[i] = false
		case 2:
			v := rng.Uint64()
			b.Put(i, v)
			r[i] = v&1 == 1
		case 3:
			b = Bitmap{}
			r = refBits{}
		}
		n := 0
		for k := 0; k < MaxBitmap; k++ {
			if r[k] {
				n++
			}
		}
		require.Equal(t, n, b.Count(), "step %d: Count", step)
		require.Equal(t, n > 0, b.Any(), "step %d: Any", step)
		for k := 0; k < MaxBitmap; k++ {
			want := uint64(0)
			if r[k] {
				want = 1
			}
			if b.Bit(k) != want || b.Test(k) != r[k] {
				t.Fatalf("step %d: bit %d expected %d, got %d", step, k, want, b.Bit(k))
			}
		}
		for _, from := range []int{0, i, rng.Intn(MaxBitmap + 1), MaxBitmap} {
			require.Equal(t, r.firstFrom(from), b.FirstFrom(from), "step %d: FirstFrom(%d)", step, from)
		}
	}
}

func TestBitmapFirstFromEveryStart(t *testing.T) {
	for _, bitsSet := range [][]int{{}, {0}, {63}, {64}, {255}, {5, 64, 200}, {127, 128}} {
		var b Bitmap
		var r refBits
		for _, i := range bitsSet {
			b.Set(i)
			r[i] = true
		}
		for from := 0; from <= MaxBitmap; from++ {
			assert.Equal(t, r.firstFrom(from), b.FirstFrom(from), "bits %v: FirstFrom(%d)", bitsSet, from)
		}
	}
}

func TestBitmapWords(t *testing.T) {
	b := Bitmap{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for n := 1; n <= MaxBitmap; n++ {
		dst := make([]uint64, Words(n))
		b.Words(dst, n)
		for i := 0; i < len(dst)*64; i++ {
			want := uint64(0)
			if i < n {
				want = 1
			}
			if got := dst[i>>6] >> uint(i&63) & 1; got != want {
				t.Fatalf("n=%d: word bit %d expected %d, got %d", n, i, want, got)
			}
		}
	}
	// A destination longer than the bitmap gets zeros past it.
	dst := []uint64{9, 9, 9, 9, 9}
	b.Words(dst, MaxBitmap)
	assert.Equal(t, []uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), 0}, dst)
}

func TestBitmapComparable(t *testing.T) {
	var a, b Bitmap
	a.Set(70)
	assert.NotEqual(t, a, b)
	b.Set(70)
	assert.True(t, a == b)
}
