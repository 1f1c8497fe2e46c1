// Package gtkw writes GTKWave save files (.gtkw): which signals of a dump
// to show, in which groups, in which number format, and how tall.
//
// The format is line oriented. Lines in brackets set viewer state
// ([dumpfile], [savefile], [timestart], [size], [pos], [sst_width],
// [signals_width]); a line "@<hex>" sets the trace flags for the traces
// that follow; a trace line is the signal's full hierarchical name, with
// its bit range for a vector exactly as the dump declares it
// ("top.u.qlen[15:0]"); a line "-<text>" is a blank or comment row, and
// with the group flags it opens or closes a collapsible group. An analog
// trace is made taller by blank rows with the analog-stretch flag after it.
package gtkw

import (
	"bufio"
	"fmt"
	"io"
)

// Trace flags, as GTKWave numbers them (bit positions of its TraceEnt flags).
const (
	FlagHex           = 1 << 1
	FlagDec           = 1 << 2
	FlagBin           = 1 << 3
	FlagRJustify      = 1 << 5
	FlagBlank         = 1 << 9
	FlagSigned        = 1 << 10
	FlagAnalogStep    = 1 << 15
	FlagAnalogStretch = 1 << 17
	FlagClosed        = 1 << 22
	FlagGroupBegin    = 1 << 23
	FlagGroupEnd      = 1 << 24
)

// Format is how a trace's value is shown.
type Format int

// Formats.
const (
	Hex    Format = iota // hexadecimal (GTKWave's default for vectors)
	Dec                  // unsigned decimal
	Signed               // two's-complement decimal
	Bin                  // binary (1-bit signals)
)

func (f Format) flags() uint64 {
	switch f {
	case Dec:
		return FlagDec | FlagRJustify
	case Signed:
		return FlagDec | FlagSigned | FlagRJustify
	case Bin:
		return FlagBin | FlagRJustify
	}
	return FlagHex | FlagRJustify
}

// Trace is one displayed signal.
type Trace struct {
	Name   string // full name as the dump declares it, with its range for vectors
	Format Format
	Analog bool // draw as a step waveform
	Rows   int  // extra rows of height for an analog trace
}

// Group is a collapsible, named run of traces.
type Group struct {
	Name   string
	Closed bool
	Traces []Trace
}

// Save is a save file's content.
type Save struct {
	Comment      string // written as "[*] comment" lines at the top
	DumpFile     string // path of the dump
	SaveFile     string // path of this save file (lets GTKWave find a moved dump)
	Width        int    // window size in pixels; 0: not written
	Height       int
	SignalsWidth int // width of the signal-name pane; 0: not written
	Groups       []Group
}

// WriteTo writes the save file.
func (s *Save) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	cw := &countWriter{w: bw}
	p := func(format string, a ...any) { fmt.Fprintf(cw, format, a...) }
	p("[*]\n")
	if s.Comment != "" {
		p("[*] %s\n", s.Comment)
	}
	p("[*]\n")
	if s.DumpFile != "" {
		p("[dumpfile] %q\n", s.DumpFile)
	}
	if s.SaveFile != "" {
		p("[savefile] %q\n", s.SaveFile)
	}
	p("[timestart] 0\n")
	if s.Width > 0 && s.Height > 0 {
		p("[size] %d %d\n", s.Width, s.Height)
		p("[pos] -1 -1\n")
	}
	if s.SignalsWidth > 0 {
		p("[signals_width] %d\n", s.SignalsWidth)
	}
	p("[sst_expanded] 1\n")
	last := ^uint64(0)
	flags := func(f uint64) {
		if f != last {
			p("@%x\n", f)
			last = f
		}
	}
	for _, g := range s.Groups {
		begin := uint64(FlagGroupBegin | FlagBlank)
		if g.Closed {
			begin |= FlagClosed
		}
		flags(begin)
		p("-%s\n", g.Name)
		for _, t := range g.Traces {
			f := t.Format.flags()
			if t.Analog {
				f |= FlagAnalogStep
			}
			flags(f)
			p("%s\n", t.Name)
			if t.Analog && t.Rows > 0 {
				flags(FlagAnalogStretch)
				for i := 0; i < t.Rows; i++ {
					p("-\n")
				}
			}
		}
		end := uint64(FlagGroupEnd | FlagBlank)
		if g.Closed {
			end |= FlagClosed
		}
		flags(end)
		p("-%s\n", g.Name)
	}
	if cw.err == nil {
		cw.err = bw.Flush()
	}
	return cw.n, cw.err
}

type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(b)
	c.n += int64(n)
	c.err = err
	return n, err
}
