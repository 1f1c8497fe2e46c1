package runner

import (
	"fmt"
	"strings"

	"occamy/rtl/pack"
	"occamy/rtl/port"
)

// hexOf formats a port's words as a .vec file does: ceil(width/4) hex
// digits, most significant first.
func hexOf(words []uint32, width int) string {
	digits := (width + 3) / 4
	b := make([]byte, digits)
	for d := 0; d < digits; d++ {
		bit := 4 * d
		v := words[bit>>5] >> uint(bit&31) & 15
		b[digits-1-d] = "0123456789abcdef"[v]
	}
	return string(b)
}

// portDiff returns the first output (in layout order) whose words differ
// between a and b, or -1.
func portDiff(l *port.Layout, a, b []uint32) int {
	for i, p := range l.Outputs {
		o := l.OutOff[i]
		for k := 0; k < p.Words(); k++ {
			if a[o+k] != b[o+k] {
				return i
			}
		}
	}
	return -1
}

// elemDetail names the first differing element of a packed port.
func elemDetail(name string, w int, a, b []uint32, width int) string {
	if w <= 0 || w >= width {
		return ""
	}
	for i := 0; i*w < width; i++ {
		x, y := getField(a, i, w), getField(b, i, w)
		if x != y {
			if w == 1 {
				return fmt.Sprintf("%s[%d]: go %d rtl %d", name, i, x, y)
			}
			return fmt.Sprintf("%s[%d] (bits %d:%d): go %0*x rtl %0*x", name, i, i*w+w-1, i*w, (w+3)/4, x, (w+3)/4, y)
		}
	}
	return ""
}

func getField(words []uint32, i, w int) uint64 { return pack.Get(words, i, w) }

// row is one cycle of a trace: inputs, golden outputs, RTL outputs (RTL
// outputs as text, so a four-state simulator's x digits can show).
type row struct {
	cycle uint64
	in    []uint32
	gold  []uint32
	rtl   []string // per output port; nil when the cycle was not run on the RTL
}

// traceLines formats rows: "c=12 rst_ni=1 req_i=... | go gnt_valid_o=1 ... | rtl gnt_valid_o=1 ...",
// with "*" after each RTL value that differs from the golden one.
func traceLines(l *port.Layout, rows []row) []string {
	var out []string
	for _, r := range rows {
		var b strings.Builder
		fmt.Fprintf(&b, "c=%d", r.cycle)
		for i, p := range l.Inputs {
			fmt.Fprintf(&b, " %s=%s", p.Name, hexOf(l.In(r.in, i), p.Width))
		}
		b.WriteString(" | go")
		gold := make([]string, len(l.Outputs))
		for i, p := range l.Outputs {
			gold[i] = hexOf(l.Out(r.gold, i), p.Width)
			fmt.Fprintf(&b, " %s=%s", p.Name, gold[i])
		}
		b.WriteString(" | rtl")
		for i, p := range l.Outputs {
			v := "?"
			if r.rtl != nil {
				v = r.rtl[i]
			}
			fmt.Fprintf(&b, " %s=%s", p.Name, v)
			if r.rtl != nil && v != gold[i] {
				b.WriteString("*")
			}
		}
		out = append(out, b.String())
	}
	return out
}

// rtlText formats every output of one cycle of RTL words.
func rtlText(l *port.Layout, out []uint32) []string {
	s := make([]string, len(l.Outputs))
	for i, p := range l.Outputs {
		s[i] = hexOf(l.Out(out, i), p.Width)
	}
	return s
}
