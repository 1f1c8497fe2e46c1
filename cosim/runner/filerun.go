package runner

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"occamy/cosim"
	"occamy/rtl/outfile"
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
// res.VCD), with the run's stall watchdog (Options.Stall) for every run
// over them, the latency hint's probe included.
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
		Waves: filepath.Join(dir, s.b.Name+"."+name+".vcd"), Stall: s.opt.Stall}
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
