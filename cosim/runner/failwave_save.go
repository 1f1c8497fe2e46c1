package runner

import (
	"fmt"
	"sort"
	"strings"

	"occamy/rtl/port"
	"occamy/testbench/scenario/gtkw"
)

// failSave is the save file of a failure waveform: the failing signal on
// both sides and its difference flag first; then the other outputs, those
// that differ somewhere in the window first; the inputs; the clock; and,
// collapsed, the RTL's internal signals when its dump was cut in.
func failSave(fw *FailWave, d *winDump, l *port.Layout, f Failure, gold bool, rel map[string]int) *gtkw.Save {
	byTrace := map[string]winVar{}
	for _, v := range d.vars {
		byTrace[v.scope+"."+v.name] = v
	}
	tr := func(scope, name, label string) []gtkw.Trace {
		v, ok := byTrace[scope+"."+name]
		if !ok {
			return nil
		}
		f := gtkw.Hex
		if v.width == 1 {
			f = gtkw.Bin
		}
		return []gtkw.Trace{{Name: v.trace(), Format: f, Alias: label}}
	}
	pair := func(name string) []gtkw.Trace {
		var ts []gtkw.Trace
		if gold {
			ts = append(ts, tr("go", name, "go "+name)...)
		}
		return append(ts, tr("rtl", name, "rtl "+name)...)
	}
	var first, outs, ins, internals []gtkw.Trace
	if f.Signal != "" {
		first = append(pair(f.Signal), tr("differs", f.Signal, f.Signal+" differs")...)
	}
	var others []string
	for _, p := range l.Outputs {
		if p.Name != f.Signal {
			others = append(others, p.Name)
		}
	}
	differs := diffSomewhere(d)
	sort.SliceStable(others, func(i, j int) bool { return differs[others[i]] && !differs[others[j]] })
	for _, n := range others {
		outs = append(outs, pair(n)...)
		if differs[n] {
			outs = append(outs, tr("differs", n, n+" differs")...)
		}
	}
	side := "rtl"
	if gold {
		side = "go"
	}
	for _, p := range l.Inputs {
		if p.Name != l.Clock {
			ins = append(ins, tr(side, p.Name, p.Name)...)
		}
	}
	ports := map[string]bool{l.Clock: true}
	for _, p := range append(append([]port.Port(nil), l.Inputs...), l.Outputs...) {
		ports[p.Name] = true
	}
	var names []string
	for r := range rel {
		if !ports[r] {
			names = append(names, r)
		}
	}
	sort.Strings(names)
	for _, r := range names {
		v := d.vars[rel[r]]
		f := gtkw.Hex
		if v.width == 1 {
			f = gtkw.Bin
		}
		internals = append(internals, gtkw.Trace{Name: v.trace(), Format: f})
	}
	title := fmt.Sprintf("cycle %d", fw.Cycle)
	if f.Signal != "" {
		title += ": " + f.Signal
	}
	groups := []gtkw.Group{{Name: title, Traces: first}, {Name: "other outputs", Traces: outs}, {Name: "inputs", Traces: ins},
		{Name: "clock", Traces: []gtkw.Trace{{Name: winTop + ".clk", Format: gtkw.Bin}}},
		{Name: "RTL internal signals", Closed: true, Traces: internals}}
	var kept []gtkw.Group
	for _, g := range groups {
		if len(g.Traces) > 0 {
			kept = append(kept, g)
		}
	}
	lo, hi := max(fw.From, fw.Cycle-min(fw.Cycle, failZoomBefore)), min(fw.To, fw.Cycle+failZoomAfter)
	s := &gtkw.Save{
		Comment: []string{f.What, fw.Summary(),
			fmt.Sprintf("cycle c holds its values from t=c*%d to (c+1)*%d ps; the rising edge at (c+1)*%d ends it (edge c+1 in occamy vcddiff)",
				wavePeriod, wavePeriod, wavePeriod)},
		DumpFile: absPath(fw.VCD), SaveFile: absPath(fw.GTKW), Width: 1500, Height: 900, SSTWidth: 180,
		View: &gtkw.View{Start: lo * wavePeriod, End: (hi + 1) * wavePeriod, Marker: fw.Cycle * wavePeriod,
			MarkerName: strings.TrimSpace(title)},
		Groups: kept,
	}
	widths := map[string]int{}
	for _, v := range d.vars {
		widths[v.trace()] = v.width
	}
	s.FitSignals(260, 440, func(n string) int { return widths[n] }, nil)
	return s
}

// diffSomewhere names the outputs whose difference flag is 1 in some cycle.
func diffSomewhere(d *winDump) map[string]bool {
	out := map[string]bool{}
	for _, e := range d.ev {
		if v := d.vars[e.v]; v.scope == "differs" && e.val == "1" {
			out[v.name] = true
		}
	}
	return out
}
