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

// WaveMargin is how many cycles a save file's view shows on each side of
// the drop it opens on.
const WaveMargin = 32

// Wave is a run's waveform, its save file and what the save file opens
// on.
type Wave struct {
	VCD, GTKW string
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
// drop (hd_gnt_valid, hd_gnt_idx, hd_state, over_o); the length of every
// queue that saw traffic (the dropped one first) and the free count as
// analog steps; the thresholds of the classes in use (the dropped queue's
// first); the egress scheduler's grant and the dequeue's state; the clock;
// every memory's port use; and, collapsed, the rest of the TM's signals.
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
		rel[p] = name
	}
	w := &Wave{VCD: vcdPath, GTKW: GTKWPath(vcdPath)}
	w.Focus, w.Drop = focus(res)
	var view *gtkw.View
	if clk, ok := rel["clk"]; ok && res.Cycles >= 2 {
		if period := wavePeriod(rd, clk); period > 0 {
			view = w.view(res.Cycles, period)
		}
	}
	s := &gtkw.Save{
		Comment:  []string{res.header()},
		DumpFile: abs(w.VCD), SaveFile: abs(w.GTKW), Width: 1400, Height: 900, SSTWidth: 180, SignalsWidth: 260,
		// The SST closed: its tree is a click away, and the wave pane keeps
		// the room the view is fitted to.
		View: view, Groups: waveGroups(res, w.Drop, rel, order),
	}
	if view != nil {
		s.Comment = append(s.Comment, w.Summary(), fmt.Sprintf("cycle c is the rising edge at time c*%d", w.Period))
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

// waveGroups lists the save file's groups (see WriteGTKW), naming only
// signals the VCD declares (rel: path below the top scope → trace name,
// order: the VCD's order); drop's queue, if any, comes first among the
// lengths and its class among the thresholds.
func waveGroups(res *Result, drop *Drop, rel map[string]string, order []string) []gtkw.Group {
	used := map[string]bool{}
	pick := func(p string, f gtkw.Format, analog bool, rows int) []gtkw.Trace {
		name, ok := rel[p]
		if !ok || used[p] {
			return nil
		}
		used[p] = true
		return []gtkw.Trace{{Name: name, Format: f, Analog: analog, Rows: rows}}
	}
	cat := func(ts ...[]gtkw.Trace) []gtkw.Trace {
		var out []gtkw.Trace
		for _, t := range ts {
			out = append(out, t...)
		}
		return out
	}
	var queues, thr []gtkw.Trace
	classes := map[int]bool{}
	if drop != nil && drop.Queue < len(res.Queues) {
		q := res.Queues[drop.Queue]
		queues = pick(ViewScope+"."+QlenViewName(q.Queue), gtkw.Dec, true, 3)
		thr = pick(ViewScope+"."+ThrViewName(q.Class), gtkw.Dec, true, 2)
	}
	for _, q := range res.Queues {
		if q.Active() {
			queues = append(queues, pick(ViewScope+"."+QlenViewName(q.Queue), gtkw.Dec, true, 3)...)
			classes[q.Class] = true
		}
	}
	for c := 0; c < res.Config.Q; c++ {
		if classes[c] {
			thr = append(thr, pick(ViewScope+"."+ThrViewName(c), gtkw.Dec, true, 2)...)
		}
	}
	groups := []gtkw.Group{
		{Name: "head drop", Traces: cat(pick("tm.hd_gnt_valid", gtkw.Bin, false, 0),
			pick("tm.hd_gnt_idx", gtkw.Dec, false, 0), pick("tm.hd_state", gtkw.Dec, false, 0), pick("tm.over_o", gtkw.Hex, false, 0))},
		{Name: "queue lengths (cells)", Traces: queues},
		{Name: "free cells", Traces: pick("tm.free_q", gtkw.Dec, true, 3)},
		{Name: "thresholds (cells)", Traces: thr},
		{Name: "egress grant", Traces: cat(pick("tm.deq_gnt_valid", gtkw.Bin, false, 0),
			pick("tm.deq_gnt_qid", gtkw.Dec, false, 0), pick("tm.deq_state", gtkw.Dec, false, 0))},
		{Name: "clock", Traces: pick("clk", gtkw.Bin, false, 0)},
	}
	var ports []gtkw.Trace
	for _, m := range []string{"u_pd_mem", "u_cp_mem", "u_cd_mem"} {
		ports = append(ports, pick("tm."+m+".rd_use", gtkw.Dec, false, 0)...)
		ports = append(ports, pick("tm."+m+".wr_use", gtkw.Dec, false, 0)...)
	}
	groups = append(groups, gtkw.Group{Name: "memory port use", Traces: ports})
	var rest []gtkw.Trace
	for _, p := range order {
		if !used[p] && strings.HasPrefix(p, "tm.") {
			f := gtkw.Bin
			if strings.HasSuffix(rel[p], "]") {
				f = gtkw.Hex
			}
			rest = append(rest, gtkw.Trace{Name: rel[p], Format: f})
		}
	}
	groups = append(groups, gtkw.Group{Name: "other TM signals", Closed: true, Traces: rest})
	var kept []gtkw.Group
	for _, g := range groups {
		if len(g.Traces) > 0 {
			kept = append(kept, g)
		}
	}
	return kept
}
