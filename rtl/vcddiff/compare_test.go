package vcddiff

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/rtl/vcd"
)

// fourState builds a Value of width w from a base-4 digit string: digit i
// of n (0, 1, z, x as 0..3) is bit i.
func fourState(w, n int) vcd.Value {
	v := vcd.NewValue(w)
	for i := 0; i < w; i++ {
		d := n % 4
		n /= 4
		if d == 1 || d == 3 {
			v.Val[i/64] |= 1 << uint(i%64)
		}
		if d >= 2 {
			v.XZ[i/64] |= 1 << uint(i%64)
		}
	}
	return v
}

// refEqual is the obvious reading of "equal zero-extended": bit by bit over
// the wider width, a bit beyond a value's width reading 0.
func refEqual(a, b vcd.Value) bool {
	w := max(a.Width, b.Width)
	for i := 0; i < w; i++ {
		if a.Bit(i) != b.Bit(i) {
			return false
		}
	}
	return true
}

// TestEqualExtendedExhaustive checks equalExtended against the bit-by-bit
// reference for every pair of 4-state values of widths 1 to 3, and for
// random values around the 64-bit word boundary.
func TestEqualExtendedExhaustive(t *testing.T) {
	for wa := 1; wa <= 3; wa++ {
		for wb := 1; wb <= 3; wb++ {
			na, nb := 1<<(2*wa), 1<<(2*wb)
			for x := 0; x < na; x++ {
				for y := 0; y < nb; y++ {
					a, b := fourState(wa, x), fourState(wb, y)
					require.Equal(t, refEqual(a, b), equalExtended(a, b),
						"widths %d/%d: %s vs %s", wa, wb, a.String(), b.String())
				}
			}
		}
	}
	rng := rand.New(rand.NewSource(1))
	widths := []int{1, 63, 64, 65, 128, 130}
	for n := 0; n < 20000; n++ {
		wa, wb := widths[rng.Intn(len(widths))], widths[rng.Intn(len(widths))]
		a, b := vcd.NewValue(wa), vcd.NewValue(wb)
		// Mostly equal low bits, so that equal pairs occur often.
		for i := 0; i < min(wa, wb); i++ {
			bit := rng.Intn(4)
			set(a, i, bit)
			set(b, i, bit)
		}
		for i := min(wa, wb); i < max(wa, wb); i++ {
			bit := 0
			if rng.Intn(8) == 0 {
				bit = rng.Intn(4)
			}
			if wa > wb {
				set(a, i, bit)
			} else {
				set(b, i, bit)
			}
		}
		if rng.Intn(4) == 0 {
			set(a, rng.Intn(wa), rng.Intn(4))
		}
		require.Equal(t, refEqual(a, b), equalExtended(a, b), "widths %d/%d: %s vs %s", wa, wb, a.String(), b.String())
	}
}

// set puts a 4-state digit (0, 1, z, x as 0..3) at bit i.
func set(v vcd.Value, i, d int) {
	m := uint64(1) << uint(i%64)
	v.Val[i/64] &^= m
	v.XZ[i/64] &^= m
	if d == 1 || d == 3 {
		v.Val[i/64] |= m
	}
	if d >= 2 {
		v.XZ[i/64] |= m
	}
}
