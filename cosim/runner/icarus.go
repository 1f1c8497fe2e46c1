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

	"occamy/cosim/verilator"
	"occamy/rtl/port"
	"occamy/rtl/vcddiff"
)

// DefaultIcarusCycles is the cycle budget of an Icarus run when
// Options.Cycles is 0: Icarus runs tens of thousands of cycles per second
// where Verilator runs millions.
const DefaultIcarusCycles = 20_000

// MaxIcarusCycles bounds an Icarus run, whose stimulus and golden outputs
// are kept in memory for the trace.
const MaxIcarusCycles = 1 << 22

// runIcarus writes the stimulus as a .vec file, runs it through a generated
// harness around the RTL in Icarus, which dumps a VCD, writes the golden
// side's VCD from the same stimulus, and diffs the two per rising edge
// (rtl/vcddiff).
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
		if _, err := s.checkContract(ctx); err != nil && !errors.Is(err, verilator.ErrToolMissing) {
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
	vecPath := filepath.Join(dir, s.b.Name+".vec")
	outPath := filepath.Join(dir, s.b.Name+".out")
	goVCD, rtlVCD := filepath.Join(dir, s.b.Name+".go.vcd"), filepath.Join(dir, s.b.Name+".icarus.vcd")
	if s.opt.VCDDir != "" {
		goVCD, rtlVCD = s.vcdPath("go"), s.vcdPath("icarus")
		res.VCD = append(res.VCD, goVCD, rtlVCD)
	}

	// The golden side: stimulus, .vec file and VCD, all kept for the trace.
	t0 := time.Now()
	ins, golds, n, err := s.goldenRun(ctx, vecPath, goVCD)
	if err != nil {
		return err
	}
	tb := filepath.Join(dir, "occ_tb.sv")
	if err := os.WriteFile(tb, []byte(s.harness()), 0o644); err != nil {
		return setupf("icarus: %v", err)
	}
	vvpFile := filepath.Join(dir, "occ_tb.vvp")
	args := []string{"-g2012", "-o", vvpFile, "-s", "occ_tb"}
	for _, d := range s.incdirs {
		args = append(args, "-I"+d)
	}
	args = append(append(args, tb), s.files...)
	if out, err := exec.CommandContext(ctx, iverilog, args...).CombinedOutput(); err != nil {
		return &SetupError{Msg: fmt.Sprintf("iverilog failed on %s:\n%s", strings.Join(s.files, " "), trimOut(string(out))), Err: err}
	}
	res.Build = time.Since(t0)
	start := time.Now()
	out, err := exec.CommandContext(ctx, vvp, "-n", vvpFile, "+vec="+vecPath, "+out="+outPath, "+vcd="+rtlVCD).CombinedOutput()
	res.Elapsed = time.Since(start)
	if err != nil && ctx.Err() != nil && s.opt.VCDDir != "" {
		// Stopped: vvp's waveform is cut wherever its buffer was, and a
		// cut VCD reads as a shorter complete one. Neither file stays.
		os.Remove(goVCD)
		os.Remove(rtlVCD)
		res.VCD = nil
		res.Notes = append(res.Notes, "no waveforms written: the Icarus run was stopped before its end")
	}
	if err != nil {
		return &SetupError{Msg: fmt.Sprintf("vvp failed:\n%s", trimOut(string(out))), Err: err}
	}
	if !strings.Contains(string(out), "OCC_TB_DONE") {
		return setupf("the Icarus harness stopped early:\n%s", trimOut(string(out)))
	}
	res.Cycles = uint64(n)
	res.Rate = float64(n) / res.Elapsed.Seconds()

	if s.rstIdx >= 0 && !s.releasedIn(ins, n) {
		return s.nothingCompared(uint64(n))
	}
	rep, err := s.diff(goVCD, rtlVCD)
	if err != nil {
		return err
	}
	res.Compared = uint64(rep.Edges)
	if !rep.Same() {
		res.Mismatch = s.icarusMismatch(rep, ins, golds, n, outPath)
		if len(rep.Divergences) > 0 {
			res.Compared = uint64(rep.Divergences[0].Edge + 1)
			for _, d := range rep.Divergences[1:] {
				res.Compared = min(res.Compared, uint64(d.Edge+1))
			}
		}
	} else if m := icarusError(string(out)); m != nil {
		// The outputs agree but the design's own checks fired ($error
		// or a failed assertion, which Icarus reports and runs on).
		m.Trace = s.icarusTrace(m.Cycle, ins, golds, n, outPath)
		res.Mismatch = m
		// Edge Start (1-based) ends cycle Start-1, the first compared.
		first := uint64(max(rep.A.Start, 1) - 1)
		res.Compared = 0
		if m.Cycle >= first {
			res.Compared = min(m.Cycle-first+1, uint64(rep.Edges))
		}
	}
	if res.Mismatch != nil && res.Mismatch.Cycle < uint64(n) {
		res.Cycles = res.Mismatch.Cycle + 1
	}
	return nil
}

// releasedIn reports whether some cycle of the n in ins has the reset
// released: the VCD diff compares from the first such edge on.
func (s *session) releasedIn(ins []uint32, n int) bool {
	iw := s.canon.InWords
	for c := 0; c < n; c++ {
		if !s.resetIn(ins[c*iw : (c+1)*iw]) {
			return true
		}
	}
	return false
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
// the inputs and outputs of every cycle. It gives up when ctx is done
// (looked at every 4096 cycles).
func (s *session) goldenRun(ctx context.Context, vecPath, vcdPath string) (ins, golds []uint32, n int, err error) {
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
	fmt.Fprintf(w, "# block=%s %s seed=%d\n", s.b.Module, s.b.ParamText(s.p), s.opt.Seed)
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
		if c&4095 == 0 && ctx.Err() != nil {
			gt.close()
			return nil, nil, 0, ctx.Err()
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
		opt.ResetA = vcddiff.Reset{Name: "occamy." + s.top + "." + port.DefaultReset, Level: vcddiff.ActiveLow}
		opt.ResetB = vcddiff.Reset{Name: "occ_tb.dut." + port.DefaultReset, Level: vcddiff.ActiveLow}
	} else {
		opt.ResetA, opt.ResetB = vcddiff.Reset{Off: true}, vcddiff.Reset{Off: true}
	}
	for _, p := range s.ports {
		if p.Name != port.DefaultClock {
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
			// The cycle's outputs read back (no x or z): the first
			// differing output in layout order, as the lock-step engine
			// names it (vcddiff orders one edge's divergences by name).
			gold := golds[int(cyc)*ow : (int(cyc)+1)*ow]
			if j := portDiff(l, gold, rtl); j >= 0 {
				i = j
			}
			describePort(m, l, func(port string) int { return s.b.Elem(s.p, port) }, i, gold, rtl)
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
