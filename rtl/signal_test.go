package rtl

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refPacked packs fields with math/big: field i at bits [i*w +: w].
func refPacked(vals []uint64, w int) []uint64 {
	x := new(big.Int)
	m := bigMask(w)
	for i := len(vals) - 1; i >= 0; i-- {
		f := new(big.Int).SetUint64(vals[i])
		f.And(f, m)
		x.Lsh(x, uint(w))
		x.Or(x, f)
	}
	out := make([]uint64, Words(len(vals)*w))
	for i := range out {
		lo := new(big.Int).Rsh(x, uint(64*i))
		out[i] = new(big.Int).And(lo, bigMask(64)).Uint64()
	}
	return out
}

func TestPackedAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.Intn(70)
		w := 1 + rng.Intn(64)
		if trial < 64 {
			n, w = 1+trial%9, 1+trial
		}
		vals := make([]uint64, n)
		for i := range vals {
			vals[i] = rng.Uint64() // wider than w: Packed must truncate
		}
		s := Packed("p", n, w, func(i int) uint64 { return vals[i] })
		require.Equal(t, n*w, s.Width)
		dst := make([]uint64, Words(s.Width))
		for i := range dst {
			dst[i] = ^uint64(0) // Read must overwrite stale words
		}
		s.Read(dst)
		require.Equal(t, refPacked(vals, w), dst, "n=%d w=%d: packed words", n, w)
	}
}

func TestScalarFlagWords(t *testing.T) {
	v := uint64(0x1234)
	s := Scalar("x_o", 16, func() uint64 { return v })
	dst := []uint64{0}
	s.Read(dst)
	assert.Equal(t, "x_o", s.Name)
	assert.Equal(t, 16, s.Width)
	assert.Equal(t, uint64(0x1234), dst[0])

	on := true
	f := Flag("v_o", func() bool { return on })
	dst[0] = 7
	f.Read(dst)
	assert.Equal(t, uint64(1), dst[0])
	on = false
	f.Read(dst)
	assert.Equal(t, uint64(0), dst[0])
	assert.Equal(t, 1, f.Width)

	for w, want := range map[int]int{1: 1, 63: 1, 64: 1, 65: 2, 128: 2, 129: 3, 2048: 32} {
		assert.Equal(t, want, Words(w), "Words(%d)", w)
	}
}
