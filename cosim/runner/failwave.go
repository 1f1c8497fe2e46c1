package runner

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"occamy/rtl/outfile"
	"occamy/rtl/port"
)

// A failure waveform: when a run fails (a mismatch, a simulation event, a
// property or a scoreboard violation), the cycles around the failure in
// one VCD, the golden side and the RTL's under their own scopes, with a
// GTKWave save file that opens on the failure: the failing signal first,
// a marker on the failing cycle, the zoom set. Cycle c is at time c·1000,
// as in every waveform of the project, so the cycle numbers of the
// verdict, of occamy vcddiff and of the waveform are the same.

// The window: FailWaveBefore cycles before the failing one and
// FailWaveAfter after it (fewer when the run has none), of which the save
// file opens on failZoomBefore before and failZoomAfter after.
const (
	FailWaveBefore = 200
	FailWaveAfter  = 16
	failZoomBefore = 24
	failZoomAfter  = 8
)

// Failure says what failed, where: what a failure waveform is written
// around.
type Failure struct {
	// Cycle is the failing cycle (the verdict's cycle number).
	Cycle uint64
	// Signal is the port that failed, shown first ("" when the failure
	// names none: a $stop).
	Signal string
	// What says what failed in one line ("gnt_idx_o go=3 rtl=2"): the
	// save file's header and the marker's label.
	What string
}

// Window is what a failure waveform shows: the ports of Layout over
// consecutive cycles, and optionally the RTL's own dump.
type Window struct {
	Layout *port.Layout
	// Rows are consecutive cycles in the layout's words: the inputs, the
	// golden outputs (nil: the run has no golden side, as a property or
	// scoreboard check of the RTL alone) and the RTL's outputs (nil for a
	// cycle whose outputs are not known as words, such as a four-state
	// simulator's x).
	Rows []TraceRow
	// Compared is the first cycle whose outputs are compared: the
	// difference flags read 0 before it.
	Compared uint64
	// RTLWave, when set, is the RTL's own dump (Verilator's or Icarus's,
	// cycle c at c·1000): the window's RTL side is then cut from it, every
	// signal of its scope RTLScope and below (ports and internals, four
	// states), instead of the RTL's output words.
	RTLWave, RTLScope string
}

// FailWave is a written failure waveform.
type FailWave struct {
	VCD  string `json:"vcd"`
	GTKW string `json:"gtkw"`
	// From and To are the window's first and last cycles, Cycle the
	// failing one (marker A).
	From  uint64 `json:"from_cycle"`
	To    uint64 `json:"to_cycle"`
	Cycle uint64 `json:"cycle"`
	// Internals says the RTL side holds the design's internal signals
	// (Window.RTLWave), not its ports alone.
	Internals bool `json:"rtl_internals"`
}

// Command is the command that opens the waveform on the failure.
func (w *FailWave) Command() string { return "gtkwave " + w.VCD + " " + w.GTKW }

// Summary says in one line what the waveform holds.
func (w *FailWave) Summary() string {
	what := "the ports of both sides"
	if w.Internals {
		what = "the ports of both sides and the RTL's internal signals"
	}
	return fmt.Sprintf("failure waveform %s: cycles %d..%d, %s, marker A on cycle %d", w.VCD, w.From, w.To, what, w.Cycle)
}

// WriteFailWave writes the failure waveform of win around f as
// DIR/NAME.vcd and DIR/NAME.gtkw (the directory is created) and returns
// it. Scopes: occamy (clk), occamy.go (the golden side's ports),
// occamy.rtl (the RTL's ports, or its dump's signals), occamy.differs (one
// flag per output, 1 in the compared cycles where the two sides differ).
// The props and scoreboard checks call it with their own rows.
func WriteFailWave(dir, name string, win *Window, f Failure) (*FailWave, error) {
	if len(win.Rows) == 0 {
		return nil, fmt.Errorf("failure waveform: no cycle to show")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("failure waveform: %w", err)
	}
	l := win.Layout
	from := win.Rows[0].Cycle
	to := win.Rows[len(win.Rows)-1].Cycle
	fw := &FailWave{VCD: filepath.Join(dir, name+".vcd"), GTKW: filepath.Join(dir, name+".gtkw"), From: from, To: to,
		Cycle: min(max(f.Cycle, from), to)}
	d := &winDump{}
	clk := d.add("", "clk", 1)
	gold := win.Rows[0].Gold != nil
	var goIn, goOut, rtlIn, rtlOut, diff []int
	if gold {
		goIn, goOut = declarePorts(d, "go", l)
	}
	var rel map[string]int
	if win.RTLWave != "" {
		var err error
		if rel, err = d.cutWave(win.RTLWave, win.RTLScope, "rtl", from*wavePeriod, (to+1)*wavePeriod); err != nil {
			return nil, fmt.Errorf("failure waveform: %w", err)
		}
		fw.Internals = true
	} else {
		rtlIn, rtlOut = declarePorts(d, "rtl", l)
	}
	if gold {
		for _, p := range l.Outputs {
			diff = append(diff, d.add("differs", p.Name, 1))
		}
	}
	for _, r := range win.Rows {
		t := r.Cycle * wavePeriod
		d.set(t, clk, "1")
		d.set(t+wavePeriod/2, clk, "0")
		setPorts(d, t, l, goIn, goOut, r.In, r.Gold)
		setPorts(d, t, l, rtlIn, rtlOut, r.In, r.RTL)
		for i := range diff {
			o, w := l.OutOff[i], l.Outputs[i].Words()
			switch {
			case r.Cycle < win.Compared:
				d.set(t, diff[i], "0")
			case r.RTL == nil:
				d.set(t, diff[i], "x")
			case !equalWords(r.Gold[o:o+w], r.RTL[o:o+w]):
				d.set(t, diff[i], "1")
			default:
				d.set(t, diff[i], "0")
			}
		}
	}
	d.set((to+1)*wavePeriod, clk, "1") // the edge that ends the last cycle
	if err := writeOut(fw.VCD, func(w io.Writer) error { return d.write(w, f.What) }); err != nil {
		return nil, err
	}
	s := failSave(fw, d, l, f, gold, rel)
	if err := writeOut(fw.GTKW, func(w io.Writer) error { _, err := s.WriteTo(w); return err }); err != nil {
		os.Remove(fw.VCD)
		return nil, err
	}
	return fw, nil
}

// declarePorts declares the layout's ports (the clock left out) under
// scope and returns the vars of its inputs and outputs (-1: none).
func declarePorts(d *winDump, scope string, l *port.Layout) (in, out []int) {
	for _, p := range l.Inputs {
		v := -1
		if p.Name != l.Clock {
			v = d.add(scope, p.Name, p.Width)
		}
		in = append(in, v)
	}
	for _, p := range l.Outputs {
		out = append(out, d.add(scope, p.Name, p.Width))
	}
	return in, out
}

// setPorts records one cycle's inputs and outputs (outputs left unknown
// when outWords is nil).
func setPorts(d *winDump, t uint64, l *port.Layout, in, out []int, inWords, outWords []uint32) {
	for i, v := range in {
		if v >= 0 && inWords != nil {
			d.setWords(t, v, l.In(inWords, i))
		}
	}
	for i, v := range out {
		if outWords != nil {
			d.setWords(t, v, l.Out(outWords, i))
		} else {
			d.set(t, v, "x")
		}
	}
}

func equalWords(a, b []uint32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// writeOut writes path through rtl/outfile: whole or not at all.
func writeOut(path string, fill func(io.Writer) error) error {
	f, err := outfile.Create(path)
	if err != nil {
		return fmt.Errorf("failure waveform: %w", err)
	}
	if err := fill(f); err != nil {
		f.Abort()
		return fmt.Errorf("failure waveform: %w", err)
	}
	return f.Commit()
}

func absPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return a
}
