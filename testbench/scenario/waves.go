package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"occamy/rtl/outfile"
	"occamy/rtl/vcd"
	"occamy/testbench/scenario/gtkw"
)

// GTKWPath is the save file written beside a VCD: same directory and base
// name, extension .gtkw.
func GTKWPath(vcdPath string) string {
	return strings.TrimSuffix(vcdPath, filepath.Ext(vcdPath)) + ".gtkw"
}

// StatesPath is the translate filter written beside a save file: the
// names of the head-drop and dequeue states (StateWords), which the save
// file shows instead of their numbers.
func StatesPath(vcdPath string) string {
	return strings.TrimSuffix(vcdPath, filepath.Ext(vcdPath)) + ".states.txt"
}

// WaveMargin is how many cycles a save file's view shows on each side of
// the drop it opens on.
const WaveMargin = 32

// Wave is a run's waveform, its save file and what the save file opens
// on.
type Wave struct {
	// VCD is the waveform, GTKW its save file and States the translate
	// filter the save file names (StatesPath).
	VCD, GTKW, States string
	// Focus is what the view is centred on, "first head drop" or "first
	// admission drop", with Drop that drop; "" and nil when the run has
	// neither, and the view is the whole run.
	Focus string
	Drop  *Drop
	// From and To are the first and last cycle the view shows, Period the
	// dump time of one cycle (cycle c is the rising edge at c·Period); all
	// 0 when the waveform has fewer than two cycles (GTKWave's default
	// view).
	From, To, Period uint64
}

// Command is the command that opens the waveform with its save file; ""
// when there is none (a waveform written through a device or a pipe).
func (w *Wave) Command() string {
	if w.GTKW == "" {
		return ""
	}
	return "gtkwave " + w.VCD + " " + w.GTKW
}

// Lines is what a command prints of the waveform: its Summary, then the
// command that opens it when there is one.
func (w *Wave) Lines() string {
	if c := w.Command(); c != "" {
		return w.Summary() + "\nopen with: " + c
	}
	return w.Summary()
}

// Summary says in one line what the save file opens on.
func (w *Wave) Summary() string {
	switch {
	case w.Drop != nil:
		return fmt.Sprintf("waveform %s opens on cycles %d..%d around the %s (cycle %d, queue %d, %d cells; marker A)",
			w.VCD, w.From, w.To, w.Focus, w.Drop.Cycle, w.Drop.Queue, w.Drop.Cells)
	case w.To > 0:
		return fmt.Sprintf("waveform %s opens on the whole run (cycles %d..%d; no packet was dropped)", w.VCD, w.From, w.To)
	}
	return fmt.Sprintf("waveform %s", w.VCD)
}

// focus picks the drop a run's save file opens on: the first head drop,
// else the first admission drop, else none.
func focus(res *Result) (string, *Drop) {
	switch {
	case res.FirstHeadDrop != nil:
		return "first head drop", res.FirstHeadDrop
	case res.FirstAdmDrop != nil:
		return "first admission drop", res.FirstAdmDrop
	}
	return "", nil
}

// wavePeriod reads the clock period of a VCD the project's tracer wrote
// (vcd.Tracer: cycle c's values at c·period) from its first two rising
// edges; 0 when it has fewer.
func wavePeriod(rd *vcd.Reader, clock string) uint64 {
	s, err := vcd.NewSampler(rd, vcd.SamplerOptions{Clock: clock, Signals: []string{clock}})
	if err != nil {
		return 0
	}
	for s.Next() {
		if p := s.Period(); p > 0 {
			return p
		}
	}
	return 0
}

// WriteGTKW reads the VCD a run wrote and writes a GTKWave save file
// beside it (GTKWPath). The view opens on WaveMargin cycles either side of
// the run's first head drop (Result.FirstHeadDrop), else of its first
// admission drop, with the primary marker and marker A on that cycle's
// rising edge, else on the whole run. The traces, in groups: the head
// drop (hd_valid_o, hd_qid_o, hd_cells_o); the head-drop choice
// (hd_gnt_valid, hd_gnt_idx, hd_state by name, over_o); the length of
// every queue that saw traffic (the dropped one first), each with its
// excess over its class's threshold, and the free count as analog steps;
// the thresholds of the classes in use (the dropped queue's first); the
// egress scheduler's grant and the dequeue's state by name; the clock;
// every memory's port use, labelled with its memory; and, collapsed, the
// rest of the TM's signals. The state names are a translate filter
// written beside the save file (StatesPath).
func WriteGTKW(vcdPath string, res *Result) (*Wave, error) {
	if st, err := os.Stat(vcdPath); err == nil && !st.Mode().IsRegular() {
		// Written through a device or a pipe (/dev/null, /dev/stdout):
		// nothing to read back, and nothing for a save file to open.
		return &Wave{VCD: vcdPath}, nil
	}
	f, err := os.Open(vcdPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd, err := vcd.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("gtkw: %w", err)
	}
	// rel maps a var's path below the top scope to its trace name.
	rel := map[string]string{}
	widths := map[string]int{}
	var order []string
	for _, v := range rd.Header().Vars {
		p := v.Path()
		if i := strings.IndexByte(p, '.'); i >= 0 {
			p = p[i+1:]
		}
		name := v.Path()
		if v.HasRange {
			name += fmt.Sprintf("[%d:%d]", v.MSB, v.LSB)
		}
		if _, dup := rel[p]; !dup {
			order = append(order, p)
		}
		rel[p], widths[name] = name, v.Width
	}
	w := &Wave{VCD: vcdPath, GTKW: GTKWPath(vcdPath), States: StatesPath(vcdPath)}
	w.Focus, w.Drop = focus(res)
	var view *gtkw.View
	if clk, ok := rel["clk"]; ok && res.Cycles >= 2 {
		if period := wavePeriod(rd, clk); period > 0 {
			view = w.view(res.Cycles, period)
		}
	}
	s := &gtkw.Save{
		Comment:  []string{res.header()},
		DumpFile: abs(w.VCD), SaveFile: abs(w.GTKW), Width: 1500, Height: 900, SSTWidth: 180,
		// The SST closed: its tree is a click away, and the wave pane keeps
		// the room the view is fitted to.
		View: view, Groups: waveGroups(res, w.Drop, rel, order, abs(w.States)),
	}
	words := StateWords()
	longest := 0
	for _, x := range words {
		longest = max(longest, len(x.Text))
	}
	s.FitSignals(260, 440, func(n string) int { return widths[n] }, map[string]int{abs(w.States): longest})
	if view != nil {
		s.Comment = append(s.Comment, w.Summary(), CycleNote(w.Period))
	}
	if err := writeFilter(w.States, words); err != nil {
		return nil, err
	}
	g, err := outfile.Create(w.GTKW)
	if err != nil {
		return nil, err
	}
	if _, err := s.WriteTo(g); err != nil {
		g.Abort()
		return nil, err
	}
	return w, g.Commit()
}

// CycleNote says which times and which rising edge are cycle c in a
// waveform of the given clock period, as the project's tracer writes it
// (cycle c's values at c·period): the line a save file carries.
func CycleNote(period uint64) string {
	return fmt.Sprintf("cycle c holds its values from t=c*%d to (c+1)*%d; the rising edge at (c+1)*%d ends it and samples them (edge c+1 in occamy vcddiff; cosim's cycle c)",
		period, period, period)
}

// writeFilter writes a translate filter file.
func writeFilter(path string, words []gtkw.Word) error {
	f, err := outfile.Create(path)
	if err != nil {
		return err
	}
	if err := gtkw.WriteFilter(f, words); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// view sets w's window on its drop, or on the whole run of cycles cycles,
// and returns it in dump time (cycle c at c·period).
func (w *Wave) view(cycles, period uint64) *gtkw.View {
	w.Period = period
	last := cycles - 1
	if w.Drop == nil {
		w.From, w.To = 0, last
		return &gtkw.View{Start: 0, End: cycles * period}
	}
	c := min(w.Drop.Cycle, last)
	w.From, w.To = c-min(c, WaveMargin), min(c+WaveMargin, last)
	return &gtkw.View{Start: w.From * period, End: (w.To + 1) * period, Marker: c * period,
		MarkerName: fmt.Sprintf("%s q%d", w.Focus, w.Drop.Queue)}
}

func abs(p string) string {
	a, _ := filepath.Abs(p)
	return a
}
