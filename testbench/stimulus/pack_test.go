package stimulus

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// refGet reads field i of width w bit by bit: the trivially correct
// reference for Unpack, getElem and Pack.
func refGet(words []uint32, i, w int) uint32 {
	var v uint32
	for b := 0; b < w; b++ {
		bit := i*w + b
		v |= (words[bit/32] >> uint(bit%32) & 1) << uint(b)
	}
	return v
}

// TestPackUnpackAgainstReference checks every width 1..32 at several
// counts, including odd ones, against the bit-by-bit reference.
func TestPackUnpackAgainstReference(t *testing.T) {
	r := NewRNG(3)
	for w := 1; w <= 32; w++ {
		for _, n := range []int{1, 2, 3, 7, 64, 65} {
			words := make([]uint32, (n*w+31)/32)
			src := make([]uint32, n)
			for i := range src {
				src[i] = uint32(r.Uint64()) & uint32(uint64(1)<<uint(w)-1)
			}
			Pack(words, src, n, w)
			if rem := n * w % 32; rem != 0 {
				require.Zero(t, words[len(words)-1]>>uint(rem), "w=%d n=%d: bits above the width set", w, n)
			}
			got := make([]uint32, n)
			Unpack(got, words, n, w)
			for i := 0; i < n; i++ {
				require.Equal(t, src[i], refGet(words, i, w), "w=%d n=%d field %d: Pack wrote %x, want %x", w, n, i, refGet(words, i, w), src[i])
				require.Equal(t, src[i], got[i], "w=%d n=%d field %d: Unpack read %x, want %x", w, n, i, got[i], src[i])
				require.Equal(t, uint64(src[i]), getElem(words, i, w), "w=%d n=%d field %d: getElem", w, n, i)
			}
			// putElem changes one field and nothing else.
			k := r.Intn(n)
			putElem(words, k, w, uint64(^src[k]))
			for i := 0; i < n; i++ {
				want := src[i]
				if i == k {
					want = ^src[k] & uint32(uint64(1)<<uint(w)-1)
				}
				require.Equal(t, want, refGet(words, i, w), "w=%d n=%d: putElem(%d) left field %d at %x, want %x", w, n, k, i, refGet(words, i, w), want)
			}
		}
	}
}

func TestRNG(t *testing.T) {
	a, b := NewRNG(5), NewRNG(5)
	for i := 0; i < 100; i++ {
		require.Equal(t, a.Uint64(), b.Uint64(), "draw %d: same seed, different numbers", i)
	}
	c := NewRNG(6)
	require.NotEqual(t, NewRNG(5).Uint64(), c.Uint64(), "seeds 5 and 6 start the same")
	seen := make([]int, 7)
	for i := 0; i < 7000; i++ {
		v := a.Intn(7)
		require.True(t, v >= 0 && v < 7, "Intn(7) gave %d", v)
		seen[v]++
	}
	for v, n := range seen {
		require.Greater(t, n, 800, "Intn(7) gave %d only %d times in 7000", v, n)
	}
}
