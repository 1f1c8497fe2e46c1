package runner

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"occamy/cosim/icarus"

	"occamy/cosim"
	"occamy/rtl/outfile"
	"occamy/rtl/port"
	"occamy/rtl/vcddiff"
)

// fileSimReady checks that the file simulator is installed and can run
// the session's cycles, and returns its capabilities.
func (s *session) fileSimReady() (cosim.Caps, error) {
	caps := s.sim.Caps()
	if m := caps.MaxCycles; m > 0 && s.cycles > uint64(m) {
		return caps, setupf("an %s run takes at most %d cycles, got %d", caps.Title, m, s.cycles)
	}
	return caps, s.sim.Available()
}

// fileDir makes the file simulator's work directory (Options.WorkDir, else
// a temporary one that done removes) and names its files there: the
// stimulus BLOCK+vecSuffix, the outputs, the design's waveform and the
// golden side's (both in --vcd's directory when asked for, and listed in
// res.VCD).
func (s *session) fileDir(res *Result, vecSuffix string) (dir string, f cosim.Files, goVCD string, done func(), err error) {
	done = func() {}
	dir = s.opt.WorkDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "occamy-"+s.sim.Name()+"-"); err != nil {
			return "", f, "", done, setupf("%s: %v", s.sim.Name(), err)
		}
		done = func() { os.RemoveAll(dir) }
	} else if err = os.MkdirAll(dir, 0o755); err != nil {
		return "", f, "", done, setupf("%s: %v", s.sim.Name(), err)
	}
	name := s.sim.Name()
	f = cosim.Files{Vec: filepath.Join(dir, s.b.Name+vecSuffix), Out: filepath.Join(dir, s.b.Name+".out"),
		Waves: filepath.Join(dir, s.b.Name+"."+name+".vcd")}
	goVCD = filepath.Join(dir, s.b.Name+".go.vcd")
	if s.opt.VCDDir != "" {
		goVCD, f.Waves = s.vcdPath("go"), s.vcdPath(name)
		res.VCD = append(res.VCD, goVCD, f.Waves)
	}
	return dir, f, goVCD, done, nil
}

// runFiles runs the comparison on a simulator that runs the design over a
// stimulus file (not cosim.Caps.InProcess: Icarus): it writes the
// stimulus as a .vec file and the golden side's VCD from it, runs the
// design over the .vec, which dumps the design's VCD, and diffs the two
// per rising edge (rtl/vcddiff).
func (s *session) runFiles(ctx context.Context, res *Result) error {
	if s.decl != nil {
		return s.runFilesDeclared(ctx, res)
	}
	res.Mode = "vcd diff"
	caps, err := s.fileSimReady()
	if err != nil {
		return err
	}
	if s.user {
		// The contract check needs an elaboration; without the
		// elaborating simulator the harness's port connections still
		// catch a missing port when the design compiles.
		if _, err := s.checkContract(ctx); err != nil && !errors.Is(err, cosim.ErrToolMissing) {
			return s.elaboratedFirst(ctx, err)
		}
	}
	dir, f, goVCD, done, err := s.fileDir(res, ".vec")
	if err != nil {
		return err
	}
	defer done()
	name := s.sim.Name()

	// The golden side: stimulus, .vec file and VCD, all kept for the trace.
	t0 := time.Now()
	ins, golds, n, lost, err := s.goldenRun(ctx, f.Vec, goVCD, s.opt.VCDDir != "")
	if err != nil {
		return err
	}
	if lost != nil {
		// --vcd's directory is full: the design's waveform goes beside
		// the run's other files, for nothing (lostWaves).
		f.Waves = filepath.Join(dir, s.b.Name+"."+name+".vcd")
	}
	d := s.design()
	d.WorkDir = dir
	b, err := s.sim.Build(ctx, d)
	if err != nil {
		return toolErr(err)
	}
	res.Build = time.Since(t0)
	start := time.Now()
	f.Stall = s.opt.Stall
	var out string
	err = s.opt.Steps.Run(fmt.Sprintf("running %d cycles of %s on %s (vvp)", n, s.top, caps.Title), func() error {
		var err error
		out, err = b.Run(ctx, f)
		return err
	})
	res.Elapsed = Seconds{time.Since(start)}
	var stuck *cosim.SimError
	if err != nil && (ctx.Err() != nil || errors.As(err, &stuck)) && s.opt.VCDDir != "" {
		// Stopped: the design's waveform is cut wherever its buffer
		// was, and a cut VCD reads as a shorter complete one. Neither
		// file stays.
		os.Remove(goVCD)
		os.Remove(f.Waves)
		res.VCD = nil
		res.Notes = append(res.Notes, "no waveforms written: the "+caps.Title+" run was stopped before its end")
	}
	if stuck != nil && ctx.Err() == nil {
		s.stuck(res, stuck, ins, golds, n, f.Out)
		return nil
	}
	if err != nil {
		return toolErr(err)
	}
	res.Cycles = uint64(n)
	res.Rate = float64(n) / res.Elapsed.Seconds()
	if lost == nil && s.opt.VCDDir != "" && outfile.DiskFull(s.opt.VCDDir) {
		// The simulator writes its waveform without reporting a failed
		// write: on a full disk it is cut short, and a cut VCD reads as
		// a shorter run or does not parse.
		lost = &os.PathError{Op: "write", Path: f.Waves, Err: syscall.ENOSPC}
	}
	if lost != nil {
		return s.lostWaves(res, lost, ins, golds, n, out, f.Out)
	}

	if s.rstIdx >= 0 && !s.releasedIn(ins, n) {
		return s.nothingCompared(uint64(n))
	}
	rep, err := s.diff(goVCD, f.Waves)
	if err != nil {
		return err
	}
	res.Compared = uint64(rep.Edges)
	if !rep.Same() {
		res.Mismatch = s.fileMismatch(rep, ins, golds, n, f.Out)
		if len(rep.Divergences) > 0 {
			res.Compared = uint64(rep.Divergences[0].Edge + 1)
			for _, d := range rep.Divergences[1:] {
				res.Compared = min(res.Compared, uint64(d.Edge+1))
			}
		}
	} else if m := designError(out); m != nil {
		// The outputs agree but the design's own checks fired ($error
		// or a failed assertion, which Icarus reports and runs on).
		m.Trace = s.fileTrace(m.Cycle, ins, golds, n, f.Out)
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
	if s.opt.VCDDir != "" {
		s.writeDumpSaves(res, caps.WaveScope, caps.WaveClock, uint64(max(rep.A.Start, 1)-1))
	}
	if res.Mismatch != nil {
		// Written before the work directory goes: the window's RTL side
		// is cut from the simulator's own dump.
		s.writeFailWave(res, s.fileWindow(res.Mismatch.Cycle, ins, golds, n, f.Out, f.Waves, uint64(max(rep.A.Start, 1)-1)))
	}
	return nil
}

// fileWindow is the failure window of a file run around cycle cyc: the
// inputs and golden outputs of the run, the RTL's outputs read back from
// its output file (nil for a cycle with x or z), its dump for the RTL
// side; compared is the first compared cycle.
func (s *session) fileWindow(cyc uint64, ins, golds []uint32, n int, outPath, wave string, compared uint64) *Window {
	if n == 0 || s.opt.FailWaveDir == "" {
		return nil
	}
	l := &s.canon
	iw, ow := l.InWords, l.OutWords
	last := min(int(cyc)+FailWaveAfter, n-1)
	first := max(min(int(cyc), last)-FailWaveBefore, 0)
	outs := icarus.ReadOut(outPath, first, last)
	win := &Window{Layout: l, Compared: compared, RTLWave: wave, RTLScope: s.sim.Caps().WaveScope}
	for c := first; c <= last; c++ {
		r := TraceRow{Cycle: uint64(c), In: ins[c*iw : (c+1)*iw], Gold: golds[c*ow : (c+1)*ow]}
		if k := c - first; k < len(outs) {
			rtl := make([]uint32, ow)
			if icarus.ParseOut(l, outs[k], rtl) {
				r.RTL = rtl
			}
		}
		win.Rows = append(win.Rows, r)
	}
	return win
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

// designError is the first error the design reported in a file run's
// output, as a Mismatch at the cycle of its time stamp.
func designError(out string) *Mismatch {
	cyc, msg, ok := icarus.FirstError(out)
	if !ok {
		return nil
	}
	return &Mismatch{Cycle: cyc, Signal: "$error", Go: "-", RTL: msg}
}

// goldenRun drives the golden model with the session's stimulus, writing
// the .vec table (inputs and golden outputs) and the golden VCD; it returns
// the inputs and outputs of every cycle. It gives up when ctx is done
// (looked at every 4096 cycles). With mayLose, a VCD that cannot be
// written for a full disk stops the trace only (nothing of it is left):
// the run goes on, and lost says why there is no golden VCD.
func (s *session) goldenRun(ctx context.Context, vecPath, vcdPath string, mayLose bool) (ins, golds []uint32, n int, lost, err error) {
	sd, err := s.newSide()
	if err != nil {
		return nil, nil, 0, nil, err
	}
	l := &s.canon
	f, err := os.Create(vecPath)
	if err != nil {
		return nil, nil, 0, nil, setupf("%s: %v", s.sim.Name(), err)
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
	// traceErr drops the trace on a full disk when it may, else fails.
	traceErr := func(err error) error {
		if mayLose && outfile.NoSpace(err) {
			lost = err
			return nil
		}
		return setupf("VCD: %v", err)
	}
	gt, err := newGoTrace(vcdPath, s.top, l)
	if err != nil {
		if err := traceErr(err); err != nil {
			return nil, nil, 0, nil, err
		}
	}
	iw, ow := l.InWords, l.OutWords
	ins = make([]uint32, 0, int(s.cycles)*iw)
	golds = make([]uint32, 0, int(s.cycles)*ow)
	for c := uint64(0); c < s.cycles; c++ {
		if sd.fin != nil && sd.fin.Done() {
			break
		}
		if c&4095 == 0 && ctx.Err() != nil {
			if gt != nil {
				gt.close()
			}
			return nil, nil, 0, nil, ctx.Err()
		}
		ins = append(ins, make([]uint32, iw)...)
		golds = append(golds, make([]uint32, ow)...)
		in, out := ins[len(ins)-iw:], golds[len(golds)-ow:]
		sd.src.Next(c, in)
		sd.g.step(in, out)
		if gt != nil {
			if err := gt.sample(c, in, out); err != nil {
				gt.close()
				gt = nil
				if err := traceErr(err); err != nil {
					return nil, nil, 0, nil, err
				}
			}
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
	if gt != nil {
		if err := gt.close(); err != nil {
			if err := traceErr(err); err != nil {
				return nil, nil, 0, nil, err
			}
		}
	}
	if err := w.Flush(); err != nil {
		return nil, nil, 0, nil, setupf("%s: %v", s.sim.Name(), err)
	}
	return ins, golds, n, lost, nil
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
	caps := s.sim.Caps()
	opt := vcddiff.Options{NameA: "go", NameB: s.sim.Name(), RootA: "occamy." + s.top, RootB: caps.WaveScope,
		ClockA: "occamy.clk", ClockB: caps.WaveClock}
	if s.rstIdx >= 0 {
		opt.ResetA = vcddiff.Reset{Name: "occamy." + s.top + "." + port.DefaultReset, Level: vcddiff.ActiveLow}
		opt.ResetB = vcddiff.Reset{Name: caps.WaveScope + "." + port.DefaultReset, Level: vcddiff.ActiveLow}
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

// fileMismatch turns the earliest divergence into a Mismatch with the
// trace of the cycles before it (RTL outputs read back from the run's
// output file).
func (s *session) fileMismatch(rep *vcddiff.Report, ins, golds []uint32, n int, outPath string) *Mismatch {
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
		if vals := icarus.ReadOut(outPath, int(cyc), int(cyc)); len(vals) == 1 && icarus.ParseOut(l, vals[0], rtl) {
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
	m.Trace = s.fileTrace(cyc, ins, golds, n, outPath)
	return m
}

// fileTrace formats the cycles up to cyc: inputs and golden outputs from
// the run, the RTL's outputs from the run's output file.
func (s *session) fileTrace(cyc uint64, ins, golds []uint32, n int, outPath string) []string {
	l := &s.canon
	first := int(cyc) - s.lines + 1
	if first < 0 {
		first = 0
	}
	outs := icarus.ReadOut(outPath, first, int(cyc))
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
