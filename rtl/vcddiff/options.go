package vcddiff

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Options chooses what Diff compares. The zero value auto-detects the
// scopes, clocks and resets and compares every signal the two files share.
type Options struct {
	// NameA and NameB name the two inputs in messages ("" means "A", "B").
	NameA, NameB string
	// ClockA and ClockB name each file's clock: a path relative to the
	// file's compared scope, a full dotted path, or a dotted suffix that
	// matches one value stream. "" auto-detects clk_i, clk or clock.
	ClockA, ClockB string
	// RootA and RootB fix the scope whose signals are compared, by full
	// dotted path; "" aligns the scopes automatically (see the package
	// documentation).
	RootA, RootB string
	// ResetA and ResetB choose each file's reset.
	ResetA, ResetB Reset
	// Signals restricts the comparison to these signals, each named by
	// its path relative to the compared scope, a full path in either
	// file, or a dotted suffix of those. A named signal present in only
	// one file is a difference. Empty compares every paired signal.
	Signals []string
	// Map pairs signals by hand; it takes precedence over pairing by
	// name. A mapped name missing from its file is a difference.
	Map []Pair
	// Max stops the comparison once this many signals have diverged, and
	// reports at most this many divergences; 0 means no limit.
	Max int
}

// Level is the polarity of a reset.
type Level uint8

const (
	// LevelAuto infers the polarity from the reset's name: active low
	// when the name ends in "_n", "_ni", "rstn" or "resetn", active high
	// otherwise.
	LevelAuto Level = iota
	// ActiveLow: the reset is asserted while the signal is 0.
	ActiveLow
	// ActiveHigh: the reset is asserted while the signal is 1.
	ActiveHigh
)

// Reset chooses one file's reset signal. The zero value auto-detects
// rst_ni or rst_n (active low), or rst_i or rst (active high).
type Reset struct {
	// Name is the reset's path, resolved like a clock name; "" means
	// auto-detect.
	Name string
	// Off compares from the first rising edge, with no reset.
	Off bool
	// Level is the polarity; LevelAuto infers it from the name.
	Level Level
}

// Pair names one signal in each file, as a --map line does. Each name is
// resolved like a clock name in its own file.
type Pair struct {
	A, B string
}

// ParseSides reads a per-file option value: "NAME" applies to both files,
// "A=NAME,B=NAME" names one per file, and "A=NAME" or "B=NAME" names one
// file's and leaves the other's empty (auto). An empty string gives two
// empty names.
func ParseSides(s string) (a, b string, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", "", nil
	}
	if !strings.HasPrefix(s, "A=") && !strings.HasPrefix(s, "B=") {
		if strings.ContainsAny(s, ", \t") {
			return "", "", fmt.Errorf("%q: give one name, or A=NAME,B=NAME", s)
		}
		return s, s, nil
	}
	var seenA, seenB bool
	for _, part := range strings.Split(s, ",") {
		side, name, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return "", "", fmt.Errorf("%q: each part must be A=NAME or B=NAME", s)
		}
		switch {
		case side == "A" && !seenA:
			a, seenA = name, true
		case side == "B" && !seenB:
			b, seenB = name, true
		case side == "A" || side == "B":
			return "", "", fmt.Errorf("%q: %s given twice", s, side)
		default:
			return "", "", fmt.Errorf("%q: unknown file %q, want A or B", s, side)
		}
	}
	return a, b, nil
}

// ParseReset reads one file's reset choice: "" (auto-detect), "none"
// (no reset), "NAME", "NAME:low" or "NAME:high".
func ParseReset(s string) (Reset, error) {
	switch s {
	case "":
		return Reset{}, nil
	case "none":
		return Reset{Off: true}, nil
	}
	name, level, hasLevel := strings.Cut(s, ":")
	if name == "" {
		return Reset{}, fmt.Errorf("reset %q: empty name", s)
	}
	r := Reset{Name: name}
	if hasLevel {
		switch level {
		case "low":
			r.Level = ActiveLow
		case "high":
			r.Level = ActiveHigh
		default:
			return Reset{}, fmt.Errorf("reset %q: polarity %q, want low or high", s, level)
		}
	}
	return r, nil
}

// MaxMapLine is the longest line ParseMap accepts, in bytes.
const MaxMapLine = 64 << 10

// ParseMap reads a map file: one pair per line, "nameA nameB" separated by
// blanks; blank lines and lines starting with '#' are skipped. Errors name
// the line.
func ParseMap(r io.Reader) ([]Pair, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxMapLine)
	var pairs []Pair
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 2 {
			return nil, fmt.Errorf("map line %d: want \"nameA nameB\", got %d words", line, len(f))
		}
		pairs = append(pairs, Pair{A: f[0], B: f[1]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("map: %w", err)
	}
	return pairs, nil
}
