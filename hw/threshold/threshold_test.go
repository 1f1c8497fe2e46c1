package threshold_test

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/threshold"
	"occamy/rtl"
)

// refThreshold is the trivially correct threshold: exact free*2^s (floor for
// s < 0) of the QW-bit free count, clamped to 2^QW-1.
func refThreshold(free uint64, s, qw int) uint64 {
	max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(qw)), big.NewInt(1))
	x := new(big.Int).And(new(big.Int).SetUint64(free), max)
	if s >= 0 {
		x.Lsh(x, uint(s))
	} else {
		x.Rsh(x, uint(-s))
	}
	if x.Cmp(max) > 0 {
		return max.Uint64()
	}
	return x.Uint64()
}

// TestExhaustiveQW6AW4 drives every free count (and every 8-bit value, to
// see the truncation to 6 bits) with all 16 four-bit exponents at once, one
// per class, and checks every class against the reference.
func TestExhaustiveQW6AW4(t *testing.T) {
	p := threshold.Params{C: 16, QW: 6, AW: 4}
	u, err := threshold.New(p)
	require.NoError(t, err)
	for c := range u.AlphaI {
		u.AlphaI[c] = int8(c) // codes 0..15 are exponents 0..7, -8..-1
	}
	for free := uint32(0); free < 256; free++ {
		u.FreeI = free
		u.Eval()
		for c := range u.ThrO {
			s := c
			if s >= 8 {
				s -= 16
			}
			want := refThreshold(uint64(free), s, p.QW)
			if uint64(u.ThrO[c]) != want {
				t.Fatalf("free_i=%#x alpha_i[%d]=%d: thr_o[%d] expected %#x, got %#x", free, c, s, c, want, u.ThrO[c])
			}
		}
	}
}

// TestAlphaEncodingEveryAW checks that an alpha_i entry means its low AW
// bits in two's complement, for every AW and every int8.
func TestAlphaEncodingEveryAW(t *testing.T) {
	for aw := threshold.MinAW; aw <= threshold.MaxAW; aw++ {
		u, err := threshold.New(threshold.Params{C: 1, QW: 32, AW: aw})
		require.NoError(t, err)
		for a := -128; a < 128; a++ {
			low := a & (1<<aw - 1)
			want := low
			if low >= 1<<(aw-1) {
				want -= 1 << aw
			}
			require.Equal(t, want, u.Exponent(int8(a)), "AW=%d alpha_i=%d: exponent", aw, a)
			u.AlphaI[0], u.FreeI = int8(a), 0x12345
			u.Eval()
			require.Equal(t, uint32(refThreshold(0x12345, want, 32)), u.ThrO[0], "AW=%d alpha_i=%d: thr_o", aw, a)
		}
	}
}

// TestPropertyNeverWraps draws random free counts (many near the edges)
// and exponents at every width: the threshold is never below the free count
// when s >= 0, never above it when s <= 0, and equals 2^QW-1 exactly when
// the exact product does not fit.
func TestPropertyNeverWraps(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for qw := 1; qw <= 32; qw++ {
		W := rtl.Width(qw)
		for i := 0; i < 20000; i++ {
			free := rng.Uint32()
			switch i % 4 {
			case 0:
				free = uint32(W.Mask())
			case 1:
				free = uint32(W.Mask() >> uint(rng.Intn(qw)))
			}
			s := rng.Intn(81) - 40
			got := uint64(threshold.Threshold(free, s, W))
			f := W.Trunc(uint64(free))
			exact := new(big.Int).SetUint64(f)
			if s >= 0 {
				exact.Lsh(exact, uint(s))
			}
			switch {
			case got > W.Mask():
				t.Fatalf("QW=%d free=%#x s=%d: thr %#x wider than %d bits", qw, f, s, got, qw)
			case s >= 0 && got < f:
				t.Fatalf("QW=%d free=%#x s=%d: thr %#x below the free count (wrapped)", qw, f, s, got)
			case s <= 0 && got > f:
				t.Fatalf("QW=%d free=%#x s=%d: thr %#x above the free count", qw, f, s, got)
			case s >= 0 && exact.Cmp(new(big.Int).SetUint64(W.Mask())) > 0 && got != W.Mask():
				t.Fatalf("QW=%d free=%#x s=%d: thr expected saturated %#x, got %#x", qw, f, s, W.Mask(), got)
			}
			if want := refThreshold(uint64(free), s, qw); got != want {
				t.Fatalf("QW=%d free=%#x s=%d: thr expected %#x, got %#x", qw, free, s, want, got)
			}
		}
	}
	assert.Equal(t, uint32(0xffffffff), threshold.Threshold(1, 40, 64), "qw above 32 acts as 32")
}

func TestSignalsPackPerContract(t *testing.T) {
	u, err := threshold.New(threshold.Params{C: 3, QW: 24, AW: 5})
	require.NoError(t, err)
	u.FreeI = 0xff123456 // only the low 24 bits are on the wire
	u.AlphaI[0], u.AlphaI[1], u.AlphaI[2] = 1, -2, 15
	u.Eval()
	u.Commit()
	require.Equal(t, []uint32{0x2468ac, 0x048d15, 0xffffff}, u.ThrO)
	sigs := u.Signals()
	names := []string{"free_i", "alpha_i", "thr_o"}
	widths := []int{24, 15, 72}
	want := [][]uint64{
		{0x123456},
		{1 | 0x1e<<5 | 0x0f<<10},
		{0x2468ac | 0x048d15<<24 | 0xffff<<48, 0xff},
	}
	require.Len(t, sigs, 3)
	for i, s := range sigs {
		assert.Equal(t, names[i], s.Name)
		assert.Equal(t, widths[i], s.Width, "%s width", s.Name)
		dst := make([]uint64, rtl.Words(s.Width))
		s.Read(dst)
		assert.Equal(t, want[i], dst, "%s value", s.Name)
	}
}
