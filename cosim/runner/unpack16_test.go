package runner

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUnpack16 checks unpack16 (SSE2 on amd64 for whole groups of eight
// fields, the portable loop for the rest) against a bit-by-bit reference
// for every field count from 0 to 80, at every word offset 0..3 of the
// source (a port need not start on an aligned word), on random words, and
// checks that it writes nothing past len(dst).
func TestUnpack16(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	for n := 0; n <= 80; n++ {
		for off := 0; off < 4; off++ {
			buf := make([]uint32, off+(n+1)/2+1)
			for i := range buf {
				buf[i] = rng.Uint32()
			}
			words := buf[off : off+(n+1)/2]
			dst := make([]uint32, n+2)
			dst[n], dst[n+1] = 0xdeadbeef, 0xdeadbeef
			unpack16(dst[:n], words)
			for i := 0; i < n; i++ {
				want := uint32(bitsOf(words, i, 16))
				require.Equal(t, want, dst[i], "n=%d off=%d: field %d expected %#x actual %#x", n, off, i, want, dst[i])
			}
			require.Equal(t, []uint32{0xdeadbeef, 0xdeadbeef}, dst[n:], "n=%d off=%d: wrote past the %d fields", n, off, n)
		}
	}
}

// BenchmarkUnpack16 is one port of the selector at N=64 (64 fields).
func BenchmarkUnpack16(b *testing.B) {
	words, dst := make([]uint32, 32), make([]uint32, 64)
	for i := range words {
		words[i] = uint32(i) * 0x9e3779b9
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		unpack16(dst, words)
	}
}
