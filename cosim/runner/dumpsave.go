package runner

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"occamy/rtl/vcd"
	"occamy/testbench/scenario/gtkw"
)

// Save files for the whole-run dumps (Options.VCDDir): each dump gets a
// GTKWave save file beside it (BLOCK.go.gtkw, BLOCK.verilator.gtkw) that
// opens on the block's ports, outputs first, with the design's other
// signals in a collapsed group, zoomed on the first mismatch (marker A on
// its cycle) or, for a run that matched, on its first compared cycles.

// dumpZoom is how many cycles a whole-run dump's save file opens on when
// the run matched.
const dumpZoom = 64

// saveFor is the save file written beside a dump.
func saveFor(dump string) string { return strings.TrimSuffix(dump, ".vcd") + ".gtkw" }

// writeDumpSaves writes a save file beside each of res.VCD: the golden
// side's dump (scope occamy.TOP) and the simulator's (scope rtlScope, its
// clock rtlClock); compared is the first compared cycle. A save file that
// cannot be written is a note.
func (s *session) writeDumpSaves(res *Result, rtlScope, rtlClock string, compared uint64) {
	if len(res.VCD) != 2 {
		return
	}
	sides := []struct{ dump, scope, clock string }{
		{res.VCD[0], "occamy." + s.top, "occamy.clk"},
		{res.VCD[1], rtlScope, rtlClock},
	}
	for _, sd := range sides {
		save, err := s.dumpSave(sd.dump, sd.scope, sd.clock, res, compared)
		if err != nil {
			res.Notes = append(res.Notes, "no save file for "+sd.dump+": "+err.Error())
			continue
		}
		res.Saves = append(res.Saves, save)
	}
}

// dumpSave writes the save file of one whole-run dump.
func (s *session) dumpSave(dump, scope, clock string, res *Result, compared uint64) (string, error) {
	f, err := os.Open(dump)
	if err != nil {
		return "", err
	}
	rd, err := vcd.NewReader(f)
	f.Close()
	if err != nil {
		return "", err
	}
	names := map[string]string{} // path relative to scope → trace name
	widths := map[string]int{}
	var rels []string
	clockName := ""
	for _, v := range rd.Header().Vars {
		name := v.Path()
		if v.HasRange {
			name += fmt.Sprintf("[%d:%d]", v.MSB, v.LSB)
		}
		widths[name] = v.Width
		if v.Path() == clock {
			clockName = name
		}
		rel, ok := strings.CutPrefix(v.Path(), scope+".")
		if !ok || names[rel] != "" {
			continue
		}
		names[rel] = name
		rels = append(rels, rel)
	}
	l := &s.canon
	used := map[string]bool{l.Clock: true}
	tr := func(rel string) []gtkw.Trace {
		n, ok := names[rel]
		if !ok {
			return nil
		}
		used[rel] = true
		f := gtkw.Hex
		if widths[n] == 1 {
			f = gtkw.Bin
		}
		return []gtkw.Trace{{Name: n, Format: f}}
	}
	var outs, ins, rest []gtkw.Trace
	if m := res.Mismatch; m != nil && l.Output(m.Signal) >= 0 {
		outs = tr(m.Signal)
	}
	for _, p := range l.Outputs {
		outs = append(outs, tr(p.Name)...)
	}
	for _, p := range l.Inputs {
		ins = append(ins, tr(p.Name)...)
	}
	sort.Strings(rels)
	for _, r := range rels {
		if !used[r] {
			rest = append(rest, tr(r)...)
		}
	}
	groups := []gtkw.Group{{Name: "outputs", Traces: outs}, {Name: "inputs", Traces: ins}}
	if clockName != "" {
		groups = append(groups, gtkw.Group{Name: "clock", Traces: []gtkw.Trace{{Name: clockName, Format: gtkw.Bin}}})
	}
	if len(rest) > 0 {
		groups = append(groups, gtkw.Group{Name: "other signals", Closed: true, Traces: rest})
	}
	view := &gtkw.View{Start: 0, End: min(res.Cycles, dumpZoom) * wavePeriod, Marker: compared * wavePeriod,
		MarkerName: fmt.Sprintf("cycle %d: first compared", compared)}
	what := fmt.Sprintf("%s: the whole run, %d cycles; no mismatch", dump, res.Cycles)
	if m := res.Mismatch; m != nil {
		lo := m.Cycle - min(m.Cycle, failZoomBefore)
		view = &gtkw.View{Start: lo * wavePeriod, End: (m.Cycle + failZoomAfter + 1) * wavePeriod, Marker: m.Cycle * wavePeriod,
			MarkerName: fmt.Sprintf("cycle %d: %s", m.Cycle, m.Signal)}
		what = fmt.Sprintf("%s: the whole run; first difference at cycle %s", dump, strings.TrimPrefix(m.Short(), "cycle "))
	}
	sv := &gtkw.Save{
		Comment: []string{what, fmt.Sprintf("cycle c holds its values from t=c*%d to (c+1)*%d ps; the rising edge at (c+1)*%d ends it (edge c+1 in occamy vcddiff)",
			wavePeriod, wavePeriod, wavePeriod)},
		DumpFile: absPath(dump), SaveFile: absPath(saveFor(dump)), Width: 1500, Height: 900, SSTWidth: 180, View: view, Groups: groups,
	}
	sv.FitSignals(260, 440, func(n string) int { return widths[n] }, nil)
	path := saveFor(dump)
	return path, writeOut(path, func(w io.Writer) error { _, err := sv.WriteTo(w); return err })
}
