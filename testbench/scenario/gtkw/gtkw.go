// Package gtkw writes GTKWave save files (.gtkw): which signals of a dump
// to show, in which groups, in which number format, and how tall.
//
// The format is line oriented. Lines in brackets set viewer state
// ([dumpfile], [savefile], [timestart], [size], [pos], [sst_width],
// [signals_width], [markername]); a line "*<zoom> <marker> <A> ... <Z>"
// sets the zoom, the primary marker and the 26 named markers (-1: unset);
// a line "@<hex>" sets the trace flags for the traces
// that follow; a trace line is the signal's full hierarchical name, with
// its bit range for a vector exactly as the dump declares it
// ("top.u.qlen[15:0]"); a line "-<text>" is a blank or comment row, and
// with the group flags it opens or closes a collapsible group. An analog
// trace is made taller by blank rows with the analog-stretch flag after it.
// A trace line "+{label} name" shows the signal under another label; a
// line "^1 file" before a trace with the file-translated flag names the
// translate filter file that shows its values as words (WriteFilter).
package gtkw

import (
	"bufio"
	"fmt"
	"io"
	"math"
)

// Trace flags, as GTKWave numbers them (bit positions of its TraceEnt flags).
const (
	FlagHex           = 1 << 1
	FlagDec           = 1 << 2
	FlagBin           = 1 << 3
	FlagRJustify      = 1 << 5
	FlagBlank         = 1 << 9
	FlagSigned        = 1 << 10
	FlagFTranslated   = 1 << 13
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
	// Alias is the label shown instead of the signal's leaf name ("" for
	// the name): it tells apart signals of one leaf name in different
	// scopes (u_pd_mem.rd_use, u_cd_mem.rd_use).
	Alias string
	// Filter is the path of a translate filter file (WriteFilter) that
	// shows the trace's values as words, "" for none. Its keys are the
	// values as Format prints them.
	Filter string
}

// Group is a collapsible, named run of traces.
type Group struct {
	Name   string
	Closed bool
	Traces []Trace
}

// View is the time window a save file opens on, with the primary marker
// and named marker A on one time of interest. Times are in the dump's
// units.
type View struct {
	Start, End uint64 // the window: Start at the left edge, End fitted in the wave pane
	Marker     uint64 // the primary marker (the values column shows this time)
	MarkerName string // label of named marker A, drawn at Marker; "" for none
}

// Save is a save file's content.
type Save struct {
	Comment      []string // written as "[*] comment" lines at the top
	DumpFile     string   // path of the dump
	SaveFile     string   // path of this save file (lets GTKWave find a moved dump)
	Width        int      // window size in pixels; 0: not written
	Height       int
	SSTWidth     int   // width of the hierarchy (SST) pane; 0: not written
	SSTExpanded  bool  // open the hierarchy tree (it keeps SSTWidth when closed)
	SignalsWidth int   // width of the signal-name pane; 0: not written
	View         *View // nil: GTKWave's default view (from time 0, its default zoom)
	Groups       []Group
}

// namedMarkers is how many named markers (A..Z) the marker line carries.
const namedMarkers = 26

// paneChrome is what the window's width loses besides the SST and signal
// panes before the wave pane: borders, pane handles and the vertical
// scroll bar. Measured on GTKWave 3.3.118 (Debian 12) with the SST closed
// and signal names that fit SignalsWidth: a window fitted to 930 pixels
// showed 936 (GTKWave's Tcl getWindowStartTime/getWindowEndTime; the
// GTKWave tests of testbench/scenario and cmd/occamy check it). Long group
// names widen the signal pane and an open SST takes about 100 pixels more,
// both narrowing the window shown.
const paneChrome = 30

// WavePaneWidth is the width in pixels of the wave pane in a window of
// Width pixels, which a View's window is fitted to; 0 when the widths are
// not all set or leave no room.
func (s *Save) WavePaneWidth() int {
	if s.Width <= 0 || s.SSTWidth <= 0 || s.SignalsWidth <= 0 {
		return 0
	}
	return max(s.Width-s.SSTWidth-s.SignalsWidth-paneChrome, 0)
}

// Zoom is GTKWave's zoom level that fits span time units into a wave pane
// of width pixels: GTKWave shows 2^-zoom / 200 time units per pixel (its
// pixels-per-frame constant) and fits a dragged window to the width less
// 4 pixels, as this does. It is at most 0, GTKWave's own limit.
func Zoom(span uint64, width int) float64 {
	if width <= 4 {
		return 0
	}
	return min(-math.Log2(float64(span+1)*200/float64(width-4)), 0)
}

// Span is the time a wave pane of width pixels shows at zoom: Zoom's
// inverse.
func Span(zoom float64, width int) uint64 {
	if width <= 4 {
		return 0
	}
	return uint64(math.Exp2(-zoom)*float64(width-4)/200) - 1
}

// WriteTo writes the save file.
func (s *Save) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	cw := &countWriter{w: bw}
	p := func(format string, a ...any) { fmt.Fprintf(cw, format, a...) }
	p("[*]\n")
	for _, c := range s.Comment {
		p("[*] %s\n", c)
	}
	p("[*]\n")
	if s.DumpFile != "" {
		p("[dumpfile] %q\n", s.DumpFile)
	}
	if s.SaveFile != "" {
		p("[savefile] %q\n", s.SaveFile)
	}
	start := uint64(0)
	if s.View != nil {
		start = s.View.Start
	}
	p("[timestart] %d\n", start)
	if s.Width > 0 && s.Height > 0 {
		p("[size] %d %d\n", s.Width, s.Height)
		p("[pos] -1 -1\n")
	}
	if v := s.View; v != nil {
		span := uint64(0)
		if v.End > v.Start {
			span = v.End - v.Start
		}
		p("*%f %d", Zoom(span, s.WavePaneWidth()), v.Marker)
		for i := 0; i < namedMarkers; i++ {
			if i == 0 && v.MarkerName != "" {
				p(" %d", v.Marker)
			} else {
				p(" -1")
			}
		}
		p("\n")
		if v.MarkerName != "" {
			p("[markername] A%s\n", v.MarkerName)
		}
	}
	if s.SSTWidth > 0 {
		p("[sst_width] %d\n", s.SSTWidth)
	}
	if s.SignalsWidth > 0 {
		p("[signals_width] %d\n", s.SignalsWidth)
	}
	if s.SSTExpanded {
		p("[sst_expanded] 1\n")
	} else {
		p("[sst_expanded] 0\n")
	}
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
			if t.Filter != "" {
				f |= FlagFTranslated
			}
			flags(f)
			if t.Filter != "" {
				p("^1 %s\n", t.Filter)
			}
			if t.Alias != "" {
				p("+{%s} ", t.Alias)
			}
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
