package pack

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ref32 reads field i of width w bit by bit: the trivially correct
// reference.
func ref32(words []uint32, i, w int) uint64 {
	var v uint64
	for b := 0; b < w; b++ {
		bit := i*w + b
		v |= uint64(words[bit/32]>>uint(bit%32)&1) << uint(b)
	}
	return v
}

func ref64(words []uint64, i, w int) uint64 {
	var v uint64
	for b := 0; b < w; b++ {
		bit := i*w + b
		v |= (words[bit/64] >> uint(bit%64) & 1) << uint(b)
	}
	return v
}

// TestPackUnpack checks Pack, Unpack, Get and Put at every width 1..32
// and several counts (odd ones, whole SSE2 groups and remainders) against
// the bit-by-bit reference, and that Unpack writes nothing past n fields.
func TestPackUnpack(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for w := 1; w <= 32; w++ {
		for _, n := range []int{1, 2, 3, 7, 8, 9, 17, 64, 65, 80} {
			src := make([]uint32, n)
			for i := range src {
				src[i] = uint32(r.Uint64() & (1<<uint(w) - 1))
			}
			words := make([]uint32, (n*w+31)/32)
			Pack(words, src, n, w)
			for i := range src {
				require.Equal(t, uint64(src[i]), ref32(words, i, w), "w=%d n=%d: Pack field %d", w, n, i)
				require.Equal(t, uint64(src[i]), Get(words, i, w), "w=%d n=%d: Get field %d", w, n, i)
			}
			dst := make([]uint32, n+1)
			dst[n] = 0xdeadbeef
			Unpack(dst[:n], words, n, w)
			require.Equal(t, src, dst[:n], "w=%d n=%d: Unpack", w, n)
			require.Equal(t, uint32(0xdeadbeef), dst[n], "w=%d n=%d: Unpack wrote past n", w, n)
			again := make([]uint32, len(words))
			for i := range src {
				Put(again, i, w, uint64(src[i])|^uint64(0)<<uint(w))
			}
			require.Equal(t, words, again, "w=%d n=%d: Put", w, n)
		}
	}
}

// TestWords64 checks the 64-bit field helpers and the word conversions.
func TestWords64(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for w := 1; w <= 64; w++ {
		n := 7
		words := make([]uint64, (n*w+63)/64)
		vals := make([]uint64, n)
		for i := range vals {
			vals[i] = r.Uint64() & mask64(w)
			Or64(words, i, w, vals[i])
		}
		for i := range vals {
			require.Equal(t, vals[i], ref64(words, i, w), "w=%d: Or64 field %d", w, i)
			require.Equal(t, vals[i], Get64(words, i, w), "w=%d: Get64 field %d", w, i)
		}
		w32 := make([]uint32, 2*len(words))
		From64(w32, words)
		back := make([]uint64, len(words))
		To64(back, w32)
		require.Equal(t, words, back, "w=%d: From64/To64 round trip", w)
	}
	b := []bool{true, false, true, true}
	w := make([]uint32, 1)
	PackBools(w, b)
	require.Equal(t, uint32(0b1101), w[0])
	got := make([]bool, 4)
	UnpackBools(got, w)
	require.Equal(t, b, got)
	d := make([]uint32, 3)
	PutUint64(d, 0x1_0000_0002)
	require.Equal(t, []uint32{2, 1, 0}, d)
	require.Equal(t, uint64(0x1_0000_0002), Uint64(d))
}

// BenchmarkUnpack16 is one port of the selector at N=64 (64 fields).
func BenchmarkUnpack16(b *testing.B) {
	words, dst := make([]uint32, 32), make([]uint32, 64)
	for i := range words {
		words[i] = uint32(i) * 0x9e3779b9
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Unpack(dst, words, 64, 16)
	}
}

// TestWide checks GetWide and PutWide at widths 33..64 against the
// bit-by-bit reference.
func TestWide(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for w := 1; w <= 64; w++ {
		n := 5
		words := make([]uint32, (n*w+31)/32)
		vals := make([]uint64, n)
		for i := range vals {
			vals[i] = r.Uint64() & mask64(w)
			PutWide(words, i, w, vals[i])
		}
		for i := range vals {
			require.Equal(t, vals[i], ref32(words, i, w), "w=%d field %d", w, i)
			require.Equal(t, vals[i], GetWide(words, i, w), "w=%d field %d", w, i)
		}
	}
}

// TestEqualNextDiff checks Equal and NextDiff against a plain loop, for
// every length up to 40, every start and one or two differences.
func TestEqualNextDiff(t *testing.T) {
	ref := func(a, b []uint32, from int) int {
		for i := from; i < len(a); i++ {
			if a[i] != b[i] {
				return i
			}
		}
		return -1
	}
	check := func(a, b []uint32, what string) {
		for from := 0; from <= len(a); from++ {
			require.Equal(t, ref(a, b, from), NextDiff(a, b, from), "%s from=%d", what, from)
		}
		require.Equal(t, ref(a, b, 0) < 0, Equal(a, b), what)
	}
	for n := 0; n <= 40; n++ {
		a, b := make([]uint32, n), make([]uint32, n)
		for i := range a {
			a[i], b[i] = uint32(i*7), uint32(i*7)
		}
		check(a, b, fmt.Sprintf("n=%d", n))
		for i := 0; i < n; i++ {
			b[i] ^= 1 << uint(i%32)
			check(a, b, fmt.Sprintf("n=%d i=%d", n, i))
			for j := 0; j < i; j++ {
				b[j]++
				check(a, b, fmt.Sprintf("n=%d i=%d j=%d", n, i, j))
				b[j]--
			}
			b[i] ^= 1 << uint(i%32)
		}
	}
}

// TestLaneOr: every field of every width 1..64 in a run of cleared words,
// written with LaneOf(i, w).Or, equals PutWide's image, for values with the
// field's top and bottom bits set and values wider than the field.
func TestLaneOr(t *testing.T) {
	for w := 1; w <= 64; w++ {
		for i := 0; i*w < 5*32; i++ {
			n := (i*w+w+31)/32 + 1
			for _, v := range []uint64{1, 1 << uint(w-1), 1<<uint(w) - 1, ^uint64(0), 0x5a5a5a5a5a5a5a5a} {
				want, got := make([]uint32, n), make([]uint32, n)
				PutWide(want, i, w, v)
				LaneOf(i, w).Or(got, v)
				require.Equal(t, want, got, "w=%d i=%d v=%#x", w, i, v)
			}
		}
	}
}

// TestPutUint64Lengths: PutUint64 writes v's low words and zeroes the rest
// of a port of any length, whatever the words held before.
func TestPutUint64Lengths(t *testing.T) {
	for n, want := range [][]uint32{{}, {2}, {2, 1}, {2, 1, 0}, {2, 1, 0, 0}} {
		d := make([]uint32, n)
		for i := range d {
			d[i] = ^uint32(0)
		}
		PutUint64(d, 0x1_0000_0002)
		require.Equal(t, want, d, "%d words", n)
	}
}

// TestEqual64: values of different lengths compare as numbers (missing
// words are zero), in either order; any differing word makes them unequal.
func TestEqual64(t *testing.T) {
	for _, c := range []struct {
		a, b []uint64
		want bool
	}{
		{nil, nil, true},
		{[]uint64{0}, nil, true},
		{[]uint64{5}, []uint64{5, 0, 0}, true},
		{[]uint64{5}, []uint64{5, 1}, false},
		{[]uint64{5, 1}, []uint64{4, 1}, false},
		{[]uint64{1 << 63}, []uint64{1 << 63}, true},
	} {
		assert.Equal(t, c.want, Equal64(c.a, c.b), "%v %v", c.a, c.b)
		assert.Equal(t, c.want, Equal64(c.b, c.a), "%v %v", c.b, c.a)
	}
}
