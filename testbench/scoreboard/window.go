package scoreboard

import (
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/rtl/vcd"
)

// Window keeps the port words of the last cycles of a run: Before cycles
// until Mark, then After more, so that a VCD of the cycles around a
// violation can be written once the run is over (WriteVCD) without
// tracing the whole run. Each cycle also keeps a note, a word of the
// checker's own (which checks failed in it), written as a signal beside
// the ports. Add copies into a ring sized by NewWindow: it does not
// allocate.
type Window struct {
	l             *port.Layout
	before, after int
	size          int // ring capacity in cycles: before+1+after
	in, out       []uint32
	notes         []uint32
	cycles        []uint64
	head, n       int // oldest slot and cycles held
	marked        bool
	mark          uint64
	left          int // cycles still to keep after the mark
}

// NewWindow makes a window of before cycles before the mark and after
// cycles after it, for words in layout l.
func NewWindow(l *port.Layout, before, after int) *Window {
	size := before + 1 + after
	return &Window{l: l, before: before, after: after, size: size,
		in: make([]uint32, size*l.InWords), out: make([]uint32, size*l.OutWords),
		notes: make([]uint32, size), cycles: make([]uint64, size)}
}

// Add keeps cycle c's input and output words and its note. Before the mark
// only the last Before+1 cycles stay; after it, After more are kept, then
// Add does nothing.
func (w *Window) Add(c uint64, in, out []uint32, note uint32) {
	if w.marked && w.left == 0 {
		return
	}
	limit := w.before + 1
	if w.marked {
		limit = w.size
	}
	if w.n == limit {
		w.head = (w.head + 1) % w.size
		w.n--
	}
	k := (w.head + w.n) % w.size
	iw, ow := w.l.InWords, w.l.OutWords
	copy(w.in[k*iw:(k+1)*iw], in)
	copy(w.out[k*ow:(k+1)*ow], out)
	w.notes[k], w.cycles[k] = note, c
	w.n++
	if w.marked {
		w.left--
	}
}

// Note ORs bits into the note of the last cycle added (a violation found
// after the cycle's words were kept).
func (w *Window) Note(bits uint32) {
	if w.n > 0 {
		w.notes[(w.head+w.n-1)%w.size] |= bits
	}
}

// Mark fixes the window around cycle c (the first violation), called after
// c's Add: the cycles held stay, After more are kept. Only the first Mark
// counts.
func (w *Window) Mark(c uint64) {
	if w.marked {
		return
	}
	w.marked, w.mark, w.left = true, c, w.after
}

// Marked reports whether Mark was called, and its cycle.
func (w *Window) Marked() (uint64, bool) { return w.mark, w.marked }

// Span is the first and last cycle held; ok is false when none is.
func (w *Window) Span() (first, last uint64, ok bool) {
	if w.n == 0 {
		return 0, 0, false
	}
	return w.cycles[w.head], w.cycles[(w.head+w.n-1)%w.size], true
}

// WriteVCD writes the cycles held as a VCD in the project's convention
// (rtl/vcd.Tracer: scope occamy with clk, the top's ports under
// occamy.TOP, cycle c at time 1000c) with the notes as the signal
// noteName (noteWidth bits) in scope occamy.scoreboard.
func (w *Window) WriteVCD(path, top, noteName string, noteWidth int) error {
	t, err := vcd.CreateTracer(path, vcd.TracerOptions{})
	if err != nil {
		return err
	}
	var cur int // the slot being sampled
	l := w.l
	var sigs []rtl.Signal
	for i, p := range l.Inputs {
		i := i
		sigs = append(sigs, rtl.Signal{Name: p.Name, Width: p.Width, Read: func(dst []uint64) {
			pack.To64(dst, l.In(w.in[cur*l.InWords:(cur+1)*l.InWords], i))
		}})
	}
	for i, p := range l.Outputs {
		i := i
		sigs = append(sigs, rtl.Signal{Name: p.Name, Width: p.Width, Read: func(dst []uint64) {
			pack.To64(dst, l.Out(w.out[cur*l.OutWords:(cur+1)*l.OutWords], i))
		}})
	}
	note := rtl.Scalar(noteName, noteWidth, func() uint64 { return uint64(w.notes[cur]) })
	if err := t.Declare([]rtl.Scope{{Name: top, Signals: sigs}, {Name: "scoreboard", Signals: []rtl.Signal{note}}}); err != nil {
		t.Close()
		return err
	}
	for k := 0; k < w.n; k++ {
		cur = (w.head + k) % w.size
		if err := t.Sample(w.cycles[cur]); err != nil {
			t.Close()
			return err
		}
	}
	return t.Close()
}
