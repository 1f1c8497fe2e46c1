package gtkw

import (
	"bufio"
	"fmt"
	"io"
)

// charWidth is the width in pixels of one character of the signal pane's
// font, and signalsMargin the pane's padding and its "=" between name and
// value, measured on GTKWave 3.3.118 (Debian 12) under Xvfb. GTKWave puts
// the "=" after the longest full name of any trace, a collapsed group's
// too, although it shows leaf names: 33 characters put it 278 pixels in.
const (
	charWidth     = 8
	signalsMargin = 24
)

// FitSignals sets SignalsWidth to show the longest trace name and the
// widest value of an open group (widths gives a trace's value width in
// bits, words the longest word of a translate filter), at least lo and at
// most hi pixels.
func (s *Save) FitSignals(lo, hi int, widths func(name string) int, words map[string]int) {
	name, val, group := 0, 0, 0
	for _, g := range s.Groups {
		group = max(group, len(g.Name)+2)
		for _, t := range g.Traces {
			name = max(name, len(t.Name), len(t.Alias))
			if !g.Closed {
				val = max(val, valueChars(t, widths(t.Name), words[t.Filter]))
			}
		}
	}
	s.SignalsWidth = min(max(max(name+val, group)*charWidth+signalsMargin, lo), hi)
}

// valueChars is how many characters a trace's widest value takes.
func valueChars(t Trace, bits, word int) int {
	if word > 0 {
		return word
	}
	switch t.Format {
	case Hex:
		return (bits + 3) / 4
	case Bin:
		return bits
	case Signed:
		return len(fmt.Sprint(uint64(1)<<uint(min(bits, 64)-1))) + 1
	}
	if bits >= 64 {
		return 20
	}
	return len(fmt.Sprint(uint64(1)<<uint(bits) - 1))
}

// Word is one entry of a translate filter: the value as the trace's
// Format prints it, and the word shown instead.
type Word struct {
	Value, Text string
}

// WriteFilter writes a GTKWave translate filter file: one "value text"
// line per word. GTKWave reads a value up to the first blank and the text
// after it, so a value holds no blank.
func WriteFilter(w io.Writer, words []Word) error {
	bw := bufio.NewWriter(w)
	for _, x := range words {
		fmt.Fprintf(bw, "%s %s\n", x.Value, x.Text)
	}
	return bw.Flush()
}
