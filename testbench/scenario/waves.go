package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"occamy/rtl/vcd"
	"occamy/testbench/scenario/gtkw"

	"occamy/rtl/outfile"
)

// GTKWPath is the save file written beside a VCD: same directory and base
// name, extension .gtkw.
func GTKWPath(vcdPath string) string {
	return strings.TrimSuffix(vcdPath, filepath.Ext(vcdPath)) + ".gtkw"
}

// WriteGTKW reads the header of the VCD a run wrote and writes a GTKWave
// save file beside it (GTKWPath) that shows, in groups: the clock; the
// length of every queue that saw traffic and the free count as analog
// steps; the thresholds of the classes in use; the selector bitmap and the
// head-drop grant; the pipeline states and the egress grant; every
// memory's port use; and, collapsed, the rest of the TM's signals. A VCD
// written through a device or a pipe gets none: it returns "".
func WriteGTKW(vcdPath string, res *Result) (string, error) {
	if st, err := os.Stat(vcdPath); err == nil && !st.Mode().IsRegular() {
		// Written through a device or a pipe (/dev/null, /dev/stdout):
		// nothing to read back, and nothing for a save file to open.
		return "", nil
	}
	f, err := os.Open(vcdPath)
	if err != nil {
		return "", err
	}
	rd, err := vcd.NewReader(f)
	f.Close()
	if err != nil {
		return "", fmt.Errorf("gtkw: %w", err)
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
	used := map[string]bool{}
	pick := func(p string, f gtkw.Format, analog bool, rows int) []gtkw.Trace {
		name, ok := rel[p]
		if !ok {
			return nil
		}
		used[p] = true
		return []gtkw.Trace{{Name: name, Format: f, Analog: analog, Rows: rows}}
	}
	var queues, thr []gtkw.Trace
	classes := map[int]bool{}
	for _, q := range res.Queues {
		if q.Active() {
			queues = append(queues, pick(fmt.Sprintf("view.qlen_%02d", q.Queue), gtkw.Dec, true, 3)...)
			classes[q.Class] = true
		}
	}
	for c := 0; c < res.Config.Q; c++ {
		if classes[c] {
			thr = append(thr, pick(fmt.Sprintf("view.thr_c%d", c), gtkw.Dec, true, 2)...)
		}
	}
	cat := func(ts ...[]gtkw.Trace) []gtkw.Trace {
		var out []gtkw.Trace
		for _, t := range ts {
			out = append(out, t...)
		}
		return out
	}
	groups := []gtkw.Group{
		{Name: "clock", Traces: pick("clk", gtkw.Bin, false, 0)},
		{Name: "queue lengths (cells)", Traces: queues},
		{Name: "free cells", Traces: pick("tm.free_q", gtkw.Dec, true, 3)},
		{Name: "DT thresholds per class (cells)", Traces: thr},
		{Name: "selector and arbiter", Traces: cat(pick("tm.over_o", gtkw.Hex, false, 0),
			pick("tm.hd_gnt_valid", gtkw.Bin, false, 0), pick("tm.hd_gnt_idx", gtkw.Dec, false, 0))},
		{Name: "executor and egress", Traces: cat(pick("tm.hd_state", gtkw.Dec, false, 0), pick("tm.deq_state", gtkw.Dec, false, 0),
			pick("tm.deq_gnt_valid", gtkw.Bin, false, 0), pick("tm.deq_gnt_qid", gtkw.Dec, false, 0))},
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
	groups = append(groups, gtkw.Group{Name: "tm: every other signal", Closed: true, Traces: rest})
	var kept []gtkw.Group
	for _, g := range groups {
		if len(g.Traces) > 0 {
			kept = append(kept, g)
		}
	}
	absV, _ := filepath.Abs(vcdPath)
	out := GTKWPath(vcdPath)
	absS, _ := filepath.Abs(out)
	s := &gtkw.Save{
		Comment:  fmt.Sprintf("occamy sim --scenario %s --bm %s --alpha %s --seed %d", res.Scenario, res.Policy, fmtNum(res.Alpha), res.Seed),
		DumpFile: absV, SaveFile: absS, Width: 1400, Height: 900, SignalsWidth: 260, Groups: kept,
	}
	g, err := outfile.Create(out)
	if err != nil {
		return "", err
	}
	if _, err := s.WriteTo(g); err != nil {
		g.Abort()
		return "", err
	}
	return out, g.Commit()
}
