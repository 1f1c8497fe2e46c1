package runner

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"occamy/cosim"
	"occamy/cosim/vcddiff"
)

// DefaultIcarusCycles is the cycle budget of an Icarus run when
// Options.Cycles is 0: Icarus runs tens of thousands of cycles per second
// where Verilator runs millions.
const DefaultIcarusCycles = 20_000

// MaxIcarusCycles bounds an Icarus run, whose stimulus and golden outputs
// are kept in memory for the trace.
const MaxIcarusCycles = 1 << 22

// ErrIcarusMissing is wrapped by the error of an Icarus run when iverilog or
// vvp is not installed.
var ErrIcarusMissing = errors.New("icarus missing")

// icarusTool finds iverilog or vvp, or says how to install Icarus.
func icarusTool(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", &SetupError{Msg: fmt.Sprintf("%s not found; install Icarus Verilog with: apt-get install iverilog", name), Err: ErrIcarusMissing}
	}
	return p, nil
}

// runIcarus writes the stimulus as a .vec file, runs it through a generated
// harness around the RTL in Icarus, which dumps a VCD, writes the golden
// side's VCD from the same stimulus, and diffs the two per rising edge
// (cosim/vcddiff).
func (s *session) runIcarus(ctx context.Context, res *Result) error {
	res.Mode = "vcd diff"
	if s.cycles > MaxIcarusCycles {
		return setupf("an Icarus run takes at most %d cycles, got %d", MaxIcarusCycles, s.cycles)
	}
	iverilog, err := icarusTool("iverilog")
	if err != nil {
		return err
	}
	vvp, err := icarusTool("vvp")
	if err != nil {
		return err
	}
	if s.user {
		// The contract check needs Verilator's elaboration; without
		// Verilator the harness's port connections still catch a
		// missing port when Icarus compiles.
		if _, err := s.checkContract(ctx); err != nil && !errors.Is(err, cosim.ErrToolMissing) {
			return err
		}
	}
	dir := s.opt.WorkDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "occamy-icarus-"); err != nil {
			return setupf("icarus: %v", err)
		}
		defer os.RemoveAll(dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return setupf("icarus: %v", err)
	}
	vecPath := filepath.Join(dir, s.b.name+".vec")
	outPath := filepath.Join(dir, s.b.name+".out")
	goVCD, rtlVCD := filepath.Join(dir, s.b.name+".go.vcd"), filepath.Join(dir, s.b.name+".icarus.vcd")
	if s.opt.VCDDir != "" {
		goVCD, rtlVCD = s.vcdPath("go"), s.vcdPath("icarus")
		res.VCD = append(res.VCD, goVCD, rtlVCD)
	}

	// The golden side: stimulus, .vec file and VCD, all kept for the trace.
	t0 := time.Now()
	ins, golds, n, err := s.goldenRun(vecPath, goVCD)
	if err != nil {
		return err
	}
	tb := filepath.Join(dir, "occ_tb.sv")
	if err := os.WriteFile(tb, []byte(s.harness()), 0o644); err != nil {
		return setupf("icarus: %v", err)
	}
	vvpFile := filepath.Join(dir, "occ_tb.vvp")
	args := append([]string{"-g2012", "-o", vvpFile, "-s", "occ_tb", tb}, s.files...)
	if out, err := exec.CommandContext(ctx, iverilog, args...).CombinedOutput(); err != nil {
		return &SetupError{Msg: fmt.Sprintf("iverilog failed on %s:\n%s", strings.Join(s.files, " "), trimOut(string(out))), Err: err}
	}
	res.Build = time.Since(t0)
	start := time.Now()
	out, err := exec.CommandContext(ctx, vvp, "-n", vvpFile, "+vec="+vecPath, "+out="+outPath, "+vcd="+rtlVCD).CombinedOutput()
	res.Elapsed = time.Since(start)
	if err != nil {
		return &SetupError{Msg: fmt.Sprintf("vvp failed:\n%s", trimOut(string(out))), Err: err}
	}
	if !strings.Contains(string(out), "OCC_TB_DONE") {
		return setupf("the Icarus harness stopped early:\n%s", trimOut(string(out)))
	}
	res.Cycles = uint64(n)
	res.Rate = float64(n) / res.Elapsed.Seconds()

	rep, err := s.diff(goVCD, rtlVCD)
	if err != nil {
		return err
	}
	if !rep.Same() {
		res.Mismatch = s.icarusMismatch(rep, ins, golds, n, outPath)
	} else if m := icarusError(string(out)); m != nil {
		// The outputs agree but the design's own checks fired ($error
		// or a failed assertion, which Icarus reports and runs on).
		m.Trace = s.icarusTrace(m.Cycle, ins, golds, n, outPath)
		res.Mismatch = m
	}
	if res.Mismatch != nil && res.Mismatch.Cycle < uint64(n) {
		res.Cycles = res.Mismatch.Cycle + 1
	}
	return nil
}

var icarusTime = regexp.MustCompile(`Time:\s*(\d+)`)

// icarusError finds the first error the design reported in Icarus's
// output, as a Mismatch at the cycle of its time stamp.
func icarusError(out string) *Mismatch {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "ERROR") && !strings.Contains(l, "Assertion failed") {
			continue
		}
		m := &Mismatch{Signal: "$error", Go: "-", RTL: strings.TrimSpace(l)}
		for _, x := range lines[i:min(i+3, len(lines))] {
			if t := icarusTime.FindStringSubmatch(x); t != nil {
				ps, _ := strconv.ParseUint(t[1], 10, 64)
				if ps >= 1000 {
					m.Cycle = ps/1000 - 1 // the check fired at the edge ending that cycle
				}
				m.RTL += " (" + strings.TrimSpace(x) + ")"
				break
			}
		}
		return m
	}
	return nil
}

func trimOut(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 30 {
		lines = append(lines[:30], "...")
	}
	return "  " + strings.Join(lines, "\n  ")
}

// goldenRun drives the golden model with the session's stimulus, writing
// the .vec table (inputs and golden outputs) and the golden VCD; it returns
// the inputs and outputs of every cycle.
func (s *session) goldenRun(vecPath, vcdPath string) (ins, golds []uint32, n int, err error) {
	sd, err := s.newSide()
	if err != nil {
		return nil, nil, 0, err
	}
	l := &s.canon
	f, err := os.Create(vecPath)
	if err != nil {
		return nil, nil, 0, setupf("icarus: %v", err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "# block=%s %s seed=%d\n", s.b.module, s.b.paramText(s.p), s.opt.Seed)
	fmt.Fprintf(w, "# generated by occamy cosim (cosim/runner) from the Go golden model\n")
	w.WriteString("cycle")
	for _, p := range l.Inputs {
		w.WriteString(" " + p.Name)
	}
	for _, p := range l.Outputs {
		w.WriteString(" " + p.Name)
	}
	w.WriteString("\n")
	gt, err := newGoTrace(vcdPath, s.top, l)
	if err != nil {
		return nil, nil, 0, setupf("VCD: %v", err)
	}
	iw, ow := l.InWords, l.OutWords
	ins = make([]uint32, 0, int(s.cycles)*iw)
	golds = make([]uint32, 0, int(s.cycles)*ow)
	for c := uint64(0); c < s.cycles; c++ {
		if sd.fin != nil && sd.fin.Done() {
			break
		}
		ins = append(ins, make([]uint32, iw)...)
		golds = append(golds, make([]uint32, ow)...)
		in, out := ins[len(ins)-iw:], golds[len(golds)-ow:]
		sd.src.Next(c, in)
		sd.g.step(in, out)
		if err := gt.sample(c, in, out); err != nil {
			gt.close()
			return nil, nil, 0, setupf("VCD: %v", err)
		}
		fmt.Fprintf(w, "%d", c)
		for i, p := range l.Inputs {
			w.WriteString(" " + hexOf(l.In(in, i), p.Width))
		}
		for i, p := range l.Outputs {
			w.WriteString(" " + hexOf(l.Out(out, i), p.Width))
		}
		w.WriteString("\n")
		n++
	}
	if err := gt.close(); err != nil {
		return nil, nil, 0, setupf("VCD: %v", err)
	}
	if err := w.Flush(); err != nil {
		return nil, nil, 0, setupf("icarus: %v", err)
	}
	return ins, golds, n, nil
}

// harness is a testbench that reads the .vec file's inputs (+vec=), drives
// the top with them in the project's waveform convention (inputs at 1000c,
// clk falling at 1000c+500 and rising at 1000(c+1)), writes the outputs of
// each cycle just before its rising edge to +out=, and dumps the top's
// signals and the clock to +vcd=.
func (s *session) harness() string {
	l := &s.canon
	var b strings.Builder
	lineLen := 32
	for _, p := range s.ports {
		lineLen += (p.Width+3)/4 + 1
	}
	b.WriteString("// occ_tb: generated by occamy cosim (cosim/runner) around " + s.top + ".\n")
	b.WriteString("`timescale 1ps/1ps\nmodule occ_tb;\n")
	fmt.Fprintf(&b, "  localparam int L = %d;\n", lineLen)
	b.WriteString("  reg clk = 1'b0;\n")
	decl := func(kind, name string, w int) {
		if w == 1 {
			fmt.Fprintf(&b, "  %s %s;\n", kind, name)
		} else {
			fmt.Fprintf(&b, "  %s [%d:0] %s;\n", kind, w-1, name)
		}
	}
	for _, p := range l.Inputs {
		decl("reg", "s_"+p.Name, p.Width)
		decl("reg", "v_"+p.Name, p.Width)
	}
	for _, p := range l.Outputs {
		decl("wire", "s_"+p.Name, p.Width)
	}
	var ps []string
	for _, q := range s.b.params {
		ps = append(ps, fmt.Sprintf(".%s(%d)", q.name, s.p[q.name]))
	}
	var conns []string
	for _, p := range s.ports {
		if p.Name == cosim.DefaultClock {
			conns = append(conns, fmt.Sprintf(".%s(clk)", p.Name))
		} else {
			conns = append(conns, fmt.Sprintf(".%s(s_%s)", p.Name, p.Name))
		}
	}
	fmt.Fprintf(&b, "  %s #(%s) dut (\n    %s\n  );\n", s.top, strings.Join(ps, ", "), strings.Join(conns, ",\n    "))
	b.WriteString(`  reg [8*L-1:0] line;
  reg [8*1024-1:0] vec, outf, vcd;
  integer fd, fo, n, cyc, rows;
  initial begin
    if (!$value$plusargs("vec=%s", vec) || !$value$plusargs("out=%s", outf) || !$value$plusargs("vcd=%s", vcd)) begin
      $display("occ_tb: run with +vec=FILE +out=FILE +vcd=FILE");
      $finish;
    end
    fd = $fopen(vec, "r");
    fo = $fopen(outf, "w");
    if (fd == 0 || fo == 0) begin
      $display("occ_tb: cannot open the vector or output file");
      $finish;
    end
    $dumpfile(vcd);
    $dumpvars(1, occ_tb);
    $dumpvars(1, occ_tb.dut);
    rows = 0;
    clk = 1'b1;
    while ($fgets(line, fd) != 0) begin
`)
	var fmts, args []string
	for _, p := range l.Inputs {
		fmts = append(fmts, "%h")
		args = append(args, "v_"+p.Name)
	}
	fmt.Fprintf(&b, "      n = $sscanf(line, \"%%d %s\", cyc, %s);\n", strings.Join(fmts, " "), strings.Join(args, ", "))
	fmt.Fprintf(&b, "      if (n == %d) begin\n", len(l.Inputs)+1)
	b.WriteString("        if (cyc != rows) begin\n          $display(\"occ_tb: row %0d is numbered %0d\", rows, cyc);\n          $finish;\n        end\n")
	for _, p := range l.Inputs {
		fmt.Fprintf(&b, "        s_%s <= v_%s;\n", p.Name, p.Name)
	}
	b.WriteString("        #500 clk = 1'b0;\n        #499;\n")
	var ofmts, oargs []string
	for _, p := range l.Outputs {
		ofmts = append(ofmts, "%h")
		oargs = append(oargs, "s_"+p.Name)
	}
	fmt.Fprintf(&b, "        $fwrite(fo, \"%s\\n\", %s);\n", strings.Join(ofmts, " "), strings.Join(oargs, ", "))
	b.WriteString(`        #1 clk = 1'b1;
        rows = rows + 1;
      end
    end
    $fclose(fd);
    $fclose(fo);
    $display("OCC_TB_DONE %0d", rows);
    $finish;
  end
endmodule
`)
	return b.String()
}

// diff compares the golden VCD with the RTL's per rising edge after reset.
func (s *session) diff(goVCD, rtlVCD string) (*vcddiff.Report, error) {
	a, err := os.Open(goVCD)
	if err != nil {
		return nil, setupf("%v", err)
	}
	defer a.Close()
	b, err := os.Open(rtlVCD)
	if err != nil {
		return nil, setupf("%v", err)
	}
	defer b.Close()
	opt := vcddiff.Options{NameA: "go", NameB: "icarus", RootA: "occamy." + s.top, RootB: "occ_tb.dut",
		ClockA: "occamy.clk", ClockB: "occ_tb.clk"}
	if s.rstIdx >= 0 {
		opt.ResetA = vcddiff.Reset{Name: "occamy." + s.top + "." + cosim.DefaultReset, Level: vcddiff.ActiveLow}
		opt.ResetB = vcddiff.Reset{Name: "occ_tb.dut." + cosim.DefaultReset, Level: vcddiff.ActiveLow}
	} else {
		opt.ResetA, opt.ResetB = vcddiff.Reset{Off: true}, vcddiff.Reset{Off: true}
	}
	for _, p := range s.ports {
		if p.Name != cosim.DefaultClock {
			opt.Signals = append(opt.Signals, p.Name)
		}
	}
	rep, err := vcddiff.Diff(a, b, opt)
	if err != nil {
		return nil, setupf("vcddiff: %v", err)
	}
	return rep, nil
}

// icarusMismatch turns the earliest divergence into a Mismatch with the
// trace of the cycles before it (RTL outputs read back from the harness's
// output file).
func (s *session) icarusMismatch(rep *vcddiff.Report, ins, golds []uint32, n int, outPath string) *Mismatch {
	l := &s.canon
	if len(rep.Divergences) == 0 {
		m := &Mismatch{Cycle: uint64(n), Signal: "(length)", Go: fmt.Sprint(rep.A.Edges), RTL: fmt.Sprint(rep.B.Edges)}
		for _, ms := range rep.Missing {
			m.Signal, m.Go, m.RTL = ms.Name, "present", "missing from "+ms.In
		}
		return m
	}
	d := rep.Divergences[0]
	for _, x := range rep.Divergences[1:] { // an output before an input at the same edge
		if x.Edge == d.Edge && l.Output(x.Signal) >= 0 && l.Output(d.Signal) < 0 {
			d = x
		}
	}
	cyc := uint64(d.EdgeA - 1) // edge k (1-based) ends cycle k-1
	m := &Mismatch{Cycle: cyc, Signal: d.Signal, Go: d.ValueA, RTL: d.ValueB}
	if i := l.Output(d.Signal); i >= 0 && int(cyc) < n {
		ow := l.OutWords
		rtl := make([]uint32, ow)
		if vals := readOutLines(outPath, int(cyc), int(cyc)); len(vals) == 1 && parseOut(l, vals[0], rtl) {
			p := l.Outputs[i]
			m.Detail = elemDetail(p.Name, s.b.elem(s.p, p.Name), l.Out(golds[int(cyc)*ow:], i), l.Out(rtl, i), p.Width)
		}
	}
	m.Trace = s.icarusTrace(cyc, ins, golds, n, outPath)
	return m
}

// icarusTrace formats the cycles up to cyc: inputs and golden outputs from
// the run, the RTL's outputs from the harness's output file.
func (s *session) icarusTrace(cyc uint64, ins, golds []uint32, n int, outPath string) []string {
	l := &s.canon
	first := int(cyc) - s.lines + 1
	if first < 0 {
		first = 0
	}
	outs := readOutLines(outPath, first, int(cyc))
	var rows []row
	iw, ow := l.InWords, l.OutWords
	for c := first; c <= int(cyc) && c < n; c++ {
		r := row{cycle: uint64(c), in: ins[c*iw : (c+1)*iw], gold: golds[c*ow : (c+1)*ow]}
		if k := c - first; k < len(outs) {
			r.rtl = strings.Fields(outs[k])
			if len(r.rtl) != len(l.Outputs) {
				r.rtl = nil
			}
		}
		rows = append(rows, r)
	}
	return traceLines(l, rows)
}

// readOutLines returns lines first..last (0-based) of the harness's output
// file.
func readOutLines(path string, first, last int) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	var out []string
	for i := 0; sc.Scan() && i <= last; i++ {
		if i >= first {
			out = append(out, sc.Text())
		}
	}
	return out
}

// parseOut reads one output line into contract words; false when it holds
// x or z digits or the wrong number of fields.
func parseOut(l *cosim.Layout, line string, out []uint32) bool {
	fs := strings.Fields(line)
	if len(fs) != len(l.Outputs) {
		return false
	}
	for i, f := range fs {
		w := l.Out(out, i)
		for k := range w {
			w[k] = 0
		}
		for d := 0; d < len(f); d++ {
			c := f[len(f)-1-d]
			var v uint32
			switch {
			case c >= '0' && c <= '9':
				v = uint32(c - '0')
			case c >= 'a' && c <= 'f':
				v = uint32(c-'a') + 10
			default:
				return false
			}
			bit := 4 * d
			if bit>>5 < len(w) {
				w[bit>>5] |= v << uint(bit&31)
			}
		}
	}
	return true
}
