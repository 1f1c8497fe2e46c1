package vcd

import (
	"fmt"
	"strconv"
	"strings"
)

// Timescale is the unit of a VCD file's timestamps: Number of Unit, for
// example {1, "ps"} or {10, "ns"}. The zero Timescale means the file did
// not say.
type Timescale struct {
	Number uint64 // 1, 10 or 100 in the standard; any positive number is read
	Unit   string // "s", "ms", "us", "ns", "ps" or "fs"
}

// String returns the timescale as a VCD header writes it, e.g. "1ps".
func (t Timescale) String() string {
	if t.Number == 0 {
		return ""
	}
	return strconv.FormatUint(t.Number, 10) + t.Unit
}

// ParseTimescale reads a timescale such as "1ps", "10 ns" or "100us"; the
// number and the unit may be apart. Units are case-insensitive.
func ParseTimescale(s string) (Timescale, error) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	num, unit := s[:i], strings.ToLower(strings.TrimSpace(s[i:]))
	n, err := strconv.ParseUint(num, 10, 64)
	if err != nil || n == 0 {
		return Timescale{}, fmt.Errorf("bad timescale %q: want a positive number and a unit, e.g. 1ps", s)
	}
	switch unit {
	case "s", "ms", "us", "ns", "ps", "fs":
	default:
		return Timescale{}, fmt.Errorf("bad timescale %q: unit must be s, ms, us, ns, ps or fs", s)
	}
	return Timescale{Number: n, Unit: unit}, nil
}
