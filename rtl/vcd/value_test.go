package vcd

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fromString builds a Value from its bits, most significant first.
func fromString(s string) Value {
	v := NewValue(len(s))
	for i := range s {
		k := bitCode[s[len(s)-1-i]]
		v.setBit(i, uint64(k&1), uint64(k>>1&1))
	}
	return v
}

// allStrings lists every 4-state string of width w.
func allStrings(w int) []string {
	out := []string{""}
	for i := 0; i < w; i++ {
		var next []string
		for _, s := range out {
			for _, c := range "01xz" {
				next = append(next, s+string(c))
			}
		}
		out = next
	}
	return out
}

// refHex is the hexadecimal rendering computed character by character.
func refHex(s string) string {
	var digits []string
	for len(s) > 0 {
		n := min(4, len(s))
		d := s[len(s)-n:]
		s = s[:len(s)-n]
		switch {
		case strings.Trim(d, "01") == "":
			u, _ := strconv.ParseUint(d, 2, 8)
			digits = append([]string{strconv.FormatUint(u, 16)}, digits...)
		case strings.Trim(d, "x") == "":
			digits = append([]string{"x"}, digits...)
		case strings.Trim(d, "z") == "":
			digits = append([]string{"z"}, digits...)
		case strings.Contains(d, "x"):
			digits = append([]string{"X"}, digits...)
		default:
			digits = append([]string{"Z"}, digits...)
		}
	}
	return strings.Join(digits, "")
}

// TestValueExhaustive checks every 4-state value of widths 1 to 6 against
// the character-level reference.
func TestValueExhaustive(t *testing.T) {
	for w := 1; w <= 6; w++ {
		for _, s := range allStrings(w) {
			v := fromString(s)
			require.Equal(t, s, v.String(), "String of %s", s)
			require.Equal(t, refHex(s), v.Hex(), "Hex of %s", s)
			known := strings.Trim(s, "01") == ""
			require.Equal(t, known, v.Known(), "Known of %s", s)
			u, ok := v.Uint64()
			require.Equal(t, known, ok, "Uint64 ok of %s", s)
			if known {
				want, _ := strconv.ParseUint(s, 2, 64)
				require.Equal(t, want, u, "Uint64 of %s", s)
				require.True(t, v.EqualWords([]uint64{want}), "EqualWords of %s", s)
				require.False(t, v.EqualWords([]uint64{want ^ 1}), "EqualWords of %s with bit 0 flipped", s)
			} else {
				require.False(t, v.EqualWords(v.Val), "EqualWords of %s", s)
			}
			for i := 0; i < w; i++ {
				require.Equal(t, s[w-1-i], v.Bit(i), "Bit(%d) of %s", i, s)
			}
			require.Equal(t, byte('0'), v.Bit(w), "Bit beyond the width of %s", s)
		}
	}
	all := allStrings(3)
	for _, a := range all {
		for _, b := range all {
			require.Equal(t, a == b, fromString(a).Equal(fromString(b)), "Equal(%s, %s)", a, b)
		}
	}
}

func TestValueWide(t *testing.T) {
	v := ValueOf(130, 0xdeadbeef, 0, 0x7)
	assert.Equal(t, 130, v.Width)
	assert.Equal(t, "3"+strings.Repeat("0", 24)+"deadbeef", v.Hex())
	_, ok := v.Uint64()
	assert.False(t, ok, "a bit above 63 is set")
	assert.Equal(t, []uint64{0xdeadbeef, 0, 3}, v.Val, "bits beyond the width are dropped")
	assert.True(t, v.EqualWords([]uint64{0xdeadbeef, 0, 3}))
	assert.True(t, v.EqualWords([]uint64{0xdeadbeef, 0, 7}), "bits beyond the width are ignored")
	assert.False(t, v.EqualWords([]uint64{0xdeadbeef}), "missing words read as zero")
	c := v.Clone()
	c.Val[0] = 1
	assert.Equal(t, uint64(0xdeadbeef), v.Val[0], "Clone does not share storage")
	assert.False(t, v.Equal(c))
	assert.False(t, v.Equal(NewValue(129)), "different widths")

	x := NewUnknown(70)
	assert.Equal(t, strings.Repeat("x", 18), x.Hex(), "a partial top digit of all x is x")
	assert.Equal(t, uint64(0x3f), x.Val[1], "bits beyond the width stay zero")
	x.SetWords([]uint64{5})
	assert.Equal(t, strings.Repeat("0", 17)+"5", x.Hex())

	u, ok := ValueOf(64, math.MaxUint64).Uint64()
	assert.True(t, ok)
	assert.Equal(t, uint64(math.MaxUint64), u)
	assert.Equal(t, 2.5, ValueOf(64, math.Float64bits(2.5)).Float())
}
