package vectors

import (
	"fmt"
	"strings"
)

// parseHex reads a hexadecimal value without prefix into ceil(4*len/64)
// little-endian words.
func parseHex(s string) ([]uint64, error) {
	if s == "" {
		return nil, fmt.Errorf("empty value")
	}
	words := make([]uint64, (len(s)*4+63)/64)
	for i := 0; i < len(s); i++ {
		c := s[len(s)-1-i]
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return nil, fmt.Errorf("bad hex digit %q in %q", c, s)
		}
		words[i/16] |= d << uint(4*(i%16))
	}
	return words, nil
}

// sigDigits is the number of hex digits v needs, at least 1.
func sigDigits(v []uint64) int {
	for w := len(v) - 1; w >= 0; w-- {
		if v[w] != 0 {
			d := 16
			for d > 1 && v[w]>>uint(4*(d-1)) == 0 {
				d--
			}
			return w*16 + d
		}
	}
	return 1
}

// FormatHex writes v as lower-case hexadecimal, zero-padded to
// ceil(width/4) digits, or with no padding when width is 0. A value wider
// than its width is written in full.
func FormatHex(v []uint64, width int) string {
	n := (width + 3) / 4
	if d := sigDigits(v); d > n {
		n = d
	}
	var b strings.Builder
	b.Grow(n)
	for i := n - 1; i >= 0; i-- {
		var d uint64
		if i/16 < len(v) {
			d = v[i/16] >> uint(4*(i%16)) & 15
		}
		b.WriteByte("0123456789abcdef"[d])
	}
	return b.String()
}

// Fits reports whether v has no set bit at or above width.
func Fits(v []uint64, width int) bool {
	for w := range v {
		lo := w * 64
		switch {
		case lo >= width:
			if v[w] != 0 {
				return false
			}
		case width-lo < 64:
			if v[w]>>uint(width-lo) != 0 {
				return false
			}
		}
	}
	return true
}
