package scenario

import (
	"fmt"
	"strings"

	"occamy/hw/tm"
	"occamy/testbench/scenario/gtkw"
)

// memLabels names the TM's memories in the save file: two memories'
// port-use signals share a leaf name (rd_use, wr_use), and GTKWave shows
// only the leaf.
var memLabels = []struct{ scope, label string }{
	{"u_pd_mem", "PD mem"}, {"u_cp_mem", "cell-ptr mem"}, {"u_cd_mem", "cell-data mem"},
}

// StateWords is the translate filter of the traced hd_state and deq_state
// (hw/tm ExecStateNames), keyed by the decimal value the save file shows.
func StateWords() []gtkw.Word {
	var w []gtkw.Word
	for v, name := range tm.ExecStateNames {
		w = append(w, gtkw.Word{Value: fmt.Sprint(v), Text: name})
	}
	return w
}

// waveGroups lists the save file's groups (see WriteGTKW), naming only
// signals the VCD declares (rel: path below the top scope → trace name,
// order: the VCD's order); drop's queue, if any, comes first among the
// lengths and its class among the thresholds. filter is the path of the
// state names' translate filter.
func waveGroups(res *Result, drop *Drop, rel map[string]string, order []string, filter string) []gtkw.Group {
	used := map[string]bool{}
	tr := func(p string, f gtkw.Format, alias string) []gtkw.Trace {
		name, ok := rel[p]
		if !ok || used[p] {
			return nil
		}
		used[p] = true
		return []gtkw.Trace{{Name: name, Format: f, Alias: alias}}
	}
	analog := func(ts []gtkw.Trace, rows int) []gtkw.Trace {
		for i := range ts {
			ts[i].Analog, ts[i].Rows = true, rows
		}
		return ts
	}
	named := func(ts []gtkw.Trace) []gtkw.Trace {
		for i := range ts {
			ts[i].Filter = filter
		}
		return ts
	}
	cat := func(ts ...[]gtkw.Trace) []gtkw.Trace {
		var out []gtkw.Trace
		for _, t := range ts {
			out = append(out, t...)
		}
		return out
	}
	// The queues that saw traffic, the dropped one first, each as its
	// length and its excess over its class's threshold (one scale); the
	// thresholds of their classes, the dropped queue's first.
	var queues []QueueRow
	if drop != nil && drop.Queue < len(res.Queues) {
		queues = append(queues, res.Queues[drop.Queue])
	}
	for _, q := range res.Queues {
		if q.Active() && (drop == nil || q.Queue != drop.Queue) {
			queues = append(queues, q)
		}
	}
	var lens, thr []gtkw.Trace
	for _, q := range queues {
		lens = append(lens, analog(tr(ViewScope+"."+QlenViewName(q.Queue), gtkw.Dec, fmt.Sprintf("q%d length", q.Queue)), 3)...)
		lens = append(lens, analog(tr(ViewScope+"."+ExcessViewName(q.Queue), gtkw.Signed,
			fmt.Sprintf("q%d over thr c%d by", q.Queue, q.Class)), 2)...)
	}
	for _, q := range queues {
		thr = append(thr, analog(tr(ViewScope+"."+ThrViewName(q.Class), gtkw.Dec, fmt.Sprintf("class %d thr", q.Class)), 2)...)
	}
	groups := []gtkw.Group{
		{Name: "head drop (queue, cells)", Traces: cat(tr("tm.hd_valid_o", gtkw.Bin, "head drop"),
			tr("tm.hd_qid_o", gtkw.Dec, "hd queue"), tr("tm.hd_cells_o", gtkw.Dec, "hd cells"))},
		{Name: "head-drop choice", Traces: cat(tr("tm.hd_gnt_valid", gtkw.Bin, ""), tr("tm.hd_gnt_idx", gtkw.Dec, ""),
			named(tr("tm.hd_state", gtkw.Dec, "")), tr("tm.over_o", gtkw.Hex, "over_o bitmap"))},
		{Name: "queue length, excess (cells)", Traces: lens},
		{Name: "free cells", Traces: analog(tr("tm.free_q", gtkw.Dec, ""), 3)},
		{Name: "class thresholds (cells)", Traces: thr},
		{Name: "egress grant", Traces: cat(tr("tm.deq_gnt_valid", gtkw.Bin, ""),
			tr("tm.deq_gnt_qid", gtkw.Dec, ""), named(tr("tm.deq_state", gtkw.Dec, "")))},
		{Name: "clock", Traces: tr("clk", gtkw.Bin, "")},
	}
	var ports []gtkw.Trace
	for _, m := range memLabels {
		ports = append(ports, tr("tm."+m.scope+".rd_use", gtkw.Dec, m.label+" rd_use")...)
		ports = append(ports, tr("tm."+m.scope+".wr_use", gtkw.Dec, m.label+" wr_use")...)
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
