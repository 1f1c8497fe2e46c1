package prove

import (
	"fmt"
	"sort"
	"strings"

	"occamy/cosim/runner"
	"occamy/rtl"
	"occamy/rtl/port"
)

// A design under a design file (Options.Design) is proven as occamy cosim
// checks it: the miter drives the design through its own port names, ties
// the inputs it lacks, makes uniform inputs uniform, holds the held ones,
// and compares each output at its declared latency (the reference's
// output delayed, or the design's) from the cycle after the forced reset,
// leaving out the cycles after a reset that one side's pipeline still
// clears, and a don't-care output while the reference's valid is 0. With
// --properties it checks the block's properties (its Monitor) on the
// design alone, on rows aligned to the declared latencies as the
// co-simulation's property check aligns them.

// mw writes a miter's Verilog.
type mw struct {
	b       strings.Builder
	bs      *runner.BlockSpec
	dc      *runner.Declaration
	clocked bool
	maxD    int // the longest delay line the miter needs (reset history depth)
	// expose are internal signals of the design made ports (the
	// reference's lemmas read them): uut() brings each out as uut_NAME.
	expose []port.Port
}

func (w *mw) f(format string, a ...any) { fmt.Fprintf(&w.b, format, a...) }

// inputs declares the miter's inputs: the contract's, but a tied one
// (a constant), and a uniform one at its element width (one element, for
// every element on both sides); extra are the monitor's free inputs.
func (w *mw) inputs(extra []port.Port) {
	w.f("module occ_miter (\n")
	for _, p := range w.bs.Ports {
		if p.Dir != port.In {
			continue
		}
		if _, tied := w.dc.Tie[p.Name]; tied {
			continue
		}
		width := p.Width
		if e, ok := w.dc.Uniform[p.Name]; ok && e > 0 {
			width = e
		}
		w.f("  input  wire %s%s,\n", decl(width), p.Name)
	}
	for _, p := range extra {
		w.f("  input  wire %s%s,\n", decl(p.Width), p.Name)
	}
}

// drive defines v_NAME, the value each contract input takes on both
// sides: a tie's constant, the held value, the uniform element repeated,
// rst_ni forced low in the first cycle.
func (w *mw) drive() {
	if w.clocked {
		w.f("  reg started = 1'b0; // 0 only in the first cycle\n  always @(posedge %s) started <= 1'b1;\n", port.DefaultClock)
	}
	held := map[string]bool{}
	for _, h := range w.dc.Held {
		held[h] = w.dc.Hold > 0
	}
	if w.dc.Hold > 0 {
		cw := rtl.Clog2(w.dc.Hold+1) + 1
		w.f("  reg [%d:0] hk = '0; // hold=%d: held inputs take a new value when hk is 0\n", cw-1, w.dc.Hold)
		w.f("  always @(posedge %s) hk <= (hk == %d'd%d) ? '0 : hk + 1'b1;\n", port.DefaultClock, cw, w.dc.Hold-1)
	}
	for _, p := range w.bs.Ports {
		if p.Dir != port.In || p.Name == port.DefaultClock {
			continue
		}
		src := p.Name
		if v, tied := w.dc.Tie[p.Name]; tied {
			src = fmt.Sprintf("%d'd%d", p.Width, v)
		}
		if e, ok := w.dc.Uniform[p.Name]; ok && e > 0 {
			w.f("  wire %sr_%s = %s;\n", decl(e), p.Name, src)
			src = "r_" + p.Name
			if held[p.Name] {
				w.f("  reg %sh_%s;\n  always @(posedge %s) if (hk == '0) h_%s <= %s;\n", decl(e), p.Name, port.DefaultClock, p.Name, src)
				src = fmt.Sprintf("(hk == '0 ? %s : h_%s)", src, p.Name)
			}
			src = fmt.Sprintf("{%d{%s}}", p.Width/e, src)
		} else if held[p.Name] {
			w.f("  reg %sh_%s;\n  always @(posedge %s) if (hk == '0) h_%s <= %s;\n", decl(p.Width), p.Name, port.DefaultClock, p.Name, src)
			src = fmt.Sprintf("(hk == '0 ? %s : h_%s)", src, p.Name)
		}
		if p.Name == port.DefaultReset && w.clocked {
			src = fmt.Sprintf("(%s & started)", src)
		}
		w.f("  wire %sv_%s = %s;\n", decl(p.Width), p.Name, src)
	}
}

// uut instantiates the design through its own names; outputs go to
// uut_NAME (contract names).
func (w *mw) uut() {
	var outs []port.Port
	for _, p := range w.bs.Ports {
		if p.Dir == port.Out {
			outs = append(outs, p)
			w.f("  wire %suut_%s;\n", decl(p.Width), p.Name)
		}
	}
	var conns []string
	for _, p := range w.expose {
		w.f("  wire %suut_%s;\n", decl(p.Width), p.Name)
		conns = append(conns, fmt.Sprintf(".%s(uut_%s)", p.Name, p.Name))
	}
	for _, p := range w.bs.Ports {
		n, ok := w.dc.Name[p.Name]
		if !ok {
			continue // tied, or the clock and reset of a combinational design
		}
		switch {
		case p.Dir == port.Out:
			conns = append(conns, fmt.Sprintf(".%s(uut_%s)", n, p.Name))
		case p.Name == port.DefaultClock:
			conns = append(conns, fmt.Sprintf(".%s(%s)", n, p.Name))
		case p.Name == port.DefaultReset && w.dc.ResetHigh:
			conns = append(conns, fmt.Sprintf(".%s(~v_%s)", n, p.Name))
		case w.dc.Narrow[p.Name]:
			conns = append(conns, fmt.Sprintf(".%s(v_%s[%d:0])", n, p.Name, w.dc.Uniform[p.Name]-1))
		default:
			conns = append(conns, fmt.Sprintf(".%s(v_%s)", n, p.Name))
		}
	}
	w.f("  occ_uut uut (%s);\n", strings.Join(conns, ", "))
}

// delayed returns a name for sig (width bits) delayed by n cycles, adding
// the registers.
func (w *mw) delayed(sig string, width, n int) string {
	prev := sig
	for k := 1; k <= n; k++ {
		name := fmt.Sprintf("%s_d%d", sig, k)
		w.f("  reg %s%s;\n  always @(posedge %s) %s <= %s;\n", decl(width), name, port.DefaultClock, name, prev)
		prev = name
	}
	return prev
}

// history declares the age counter and the reset history: age counts the
// cycles since the start (saturating), rh[k] is the reset of k+1 cycles ago.
func (w *mw) history() {
	d := max(w.maxD, 1)
	aw := rtl.Clog2(d+2) + 1
	w.f("  reg [%d:0] age = '0;\n  always @(posedge %s) if (age != {%d{1'b1}}) age <= age + 1'b1;\n", aw-1, port.DefaultClock, aw)
	w.f("  reg [%d:0] rh;\n  always @(posedge %s) rh <= {rh, ~v_%s};\n", d-1, port.DefaultClock, port.DefaultReset)
}

// noResetIn is "no reset in the last n cycles before this one".
func noResetIn(n int) string {
	if n <= 0 {
		return "1'b1"
	}
	return fmt.Sprintf("~|rh[%d:0]", n-1)
}

// declMiter is the equivalence miter of a design under a design file.
func declMiter(bs *runner.BlockSpec, dc *runner.Declaration) string {
	w := &mw{bs: bs, dc: dc, clocked: bs.Clocked}
	w.f("// occ_miter: generated by occamy prove (cosim/prove) from a design file.\n")
	w.inputs(nil)
	w.f("  output wire bad\n);\n")
	w.drive()
	var outs []port.Port
	for _, p := range bs.Ports {
		if p.Dir == port.Out {
			outs = append(outs, p)
			w.f("  wire %sref_%s;\n", decl(p.Width), p.Name)
			w.maxD = max(w.maxD, abs(dc.Latency[p.Name]-dc.RefLatency[p.Name]))
		}
	}
	var conns []string
	for _, p := range bs.Ports {
		switch {
		case p.Dir == port.Out:
			conns = append(conns, fmt.Sprintf(".%s(ref_%s)", p.Name, p.Name))
		case p.Name == port.DefaultClock:
			conns = append(conns, fmt.Sprintf(".%s(%s)", p.Name, p.Name))
		default:
			conns = append(conns, fmt.Sprintf(".%s(v_%s)", p.Name, p.Name))
		}
	}
	w.f("  occ_ref ref (%s);\n", strings.Join(conns, ", "))
	w.uut()
	if w.clocked {
		w.history()
	}
	// Each output on its side's delay line; the reference's valid of a
	// don't-care output on its own.
	ref, got := map[string]string{}, map[string]string{}
	for _, p := range outs {
		sh := dc.Latency[p.Name] - dc.RefLatency[p.Name]
		ref[p.Name], got[p.Name] = "ref_"+p.Name, "uut_"+p.Name
		if sh > 0 {
			ref[p.Name] = w.delayed("ref_"+p.Name, p.Width, sh)
		} else if sh < 0 {
			got[p.Name] = w.delayed("uut_"+p.Name, p.Width, -sh)
		}
	}
	var diffs []string
	for _, p := range outs {
		sh := abs(dc.Latency[p.Name] - dc.RefLatency[p.Name])
		cond := []string{}
		if w.clocked {
			cond = append(cond, "started")
			if sh > 0 {
				cond = append(cond, fmt.Sprintf("(age > %d)", sh), "v_"+port.DefaultReset, noResetIn(sh))
			}
		} else if sh > 0 {
			return "" // a combinational contract has no latency to declare (Declare refuses it)
		}
		if v, ok := dc.Valid[p.Name]; ok {
			cond = append(cond, ref[v])
		}
		cond = append(cond, fmt.Sprintf("(%s != %s)", ref[p.Name], got[p.Name]))
		diffs = append(diffs, "("+strings.Join(cond, " & ")+")")
	}
	w.f("  assign bad = %s;\nendmodule\n", strings.Join(diffs, " | "))
	return w.b.String()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// declText lists a declaration for the summary line.
func declText(dc *runner.Declaration) string {
	var s []string
	for _, k := range sortedNames(dc.Tie) {
		s = append(s, fmt.Sprintf("tie %s=%d", k, dc.Tie[k]))
	}
	for _, k := range sortedNames(dc.Latency) {
		if dc.Latency[k] != dc.RefLatency[k] {
			s = append(s, fmt.Sprintf("latency %s=%d", k, dc.Latency[k]))
		}
	}
	for _, k := range sortedNames(dc.Valid) {
		s = append(s, fmt.Sprintf("dont-care %s:%s", k, dc.Valid[k]))
	}
	if len(dc.Uniform) > 0 {
		s = append(s, "one-class")
	}
	if dc.Hold > 0 {
		s = append(s, fmt.Sprintf("hold=%d", dc.Hold))
	}
	return strings.Join(s, ", ")
}

func sortedNames[V any](m map[string]V) []string {
	k := make([]string, 0, len(m))
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}
