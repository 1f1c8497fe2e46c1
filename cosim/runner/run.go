package runner

import (
	"context"
	"errors"
	"fmt"
	"os"

	"occamy/rtl/outfile"
)

// Run: one check from prepared session to Result, and the passes and
// errors around it.

// Run checks the block's RTL against its golden model as opt says. It
// returns an error only when the check could not run (bad options,
// parameters out of range, a port contract violated, a missing tool, a
// build failure); a difference is Result.Mismatch. When ctx is done (a
// Ctrl-C) the run stops at the next chunk of cycles, or ends the build or
// simulator process under way, and the Result has Interrupted set, with
// the cycles compared so far.
func Run(ctx context.Context, opt Options) (*Result, error) {
	s, err := prepare(opt)
	if err != nil {
		return nil, err
	}
	res := &Result{Checked: Checked{Block: s.b.Name, Set: s.setName(), Design: designName(s.opt), Top: s.top, Sim: s.opt.Sim,
		Params: s.p, Files: s.files, Seed: s.opt.Seed}}
	if s.sub != nil {
		res.Replace, res.ReplaceModule = s.sub.Name, s.sub.Module
	}
	for _, p := range s.canon.Outputs {
		res.Outputs = append(res.Outputs, p.Name)
	}
	if s.opt.VCDDir != "" {
		if err := os.MkdirAll(s.opt.VCDDir, 0o755); err != nil {
			return nil, setupf("VCD directory: %v", err)
		}
		release, err := outfile.LockDir(s.opt.VCDDir)
		if err != nil {
			return nil, setupf("VCD directory %v", err)
		}
		defer release()
	}
	if s.sim.Caps().InProcess {
		if err = s.runInProcess(ctx, res); err == nil {
			s.integrityPass(ctx, res)
		}
	} else {
		err = s.runFiles(ctx, res)
	}
	if err == nil {
		err = goldErr(s.gold)
	}
	if err == nil && s.decl != nil {
		s.declaredResult(res)
	}
	if err == nil {
		s.latencyHint(ctx, res)
	}
	if err != nil {
		// A stopped context also ends a build or a simulator process
		// under way: the run reports itself interrupted, not failed.
		if ctx.Err() != nil {
			res.Interrupted = true
		}
		if res.Interrupted {
			res.Finish(opt.Block, s.b.ParamNames())
			return res, nil
		}
		return nil, err
	}
	res.Coverage = s.comparedCoverage(res)
	if res.Elapsed.Duration > 0 && res.Rate == 0 {
		res.Rate = float64(res.Cycles) / res.Elapsed.Seconds()
	}
	if res.Compared == 0 && res.Mismatch == nil && !res.Interrupted {
		return nil, s.nothingCompared(res.Cycles)
	}
	res.Finish(opt.Block, s.b.ParamNames())
	return res, nil
}

// integrityPass fills res.Integrity after a mismatch on another signal
// than the block's data-integrity port: the same stimulus again, lock-step,
// comparing that port alone and running on past $stop and $finish, so a
// design whose own assertion fires first (a cell written twice) still
// shows the first wrong tag. The build is the first pass's (a cache hit).
func (s *session) integrityPass(ctx context.Context, res *Result) {
	port := s.b.Contract.Integrity
	if res.Mismatch == nil || port == "" || res.Mismatch.Signal == port {
		return
	}
	i := s.canon.Output(port)
	if i < 0 {
		return
	}
	t := *s
	t.opt.Batch, t.opt.VCDDir, t.opt.Progress, t.opt.FailWaveDir = false, "", nil, ""
	r := &Result{}
	if err := t.runInProcessOnly(ctx, r, []int{i}); err != nil {
		res.Notes = append(res.Notes, fmt.Sprintf("the search for the first %s difference failed: %v", port, err))
		return
	}
	if r.Mismatch == nil {
		res.Notes = append(res.Notes, fmt.Sprintf("no %s differs in %d cycles compared on that port alone", port, r.Compared))
		return
	}
	res.Integrity = r.Mismatch
}

// nothingCompared is the error of a run of n cycles that compared none.
func (s *session) nothingCompared(n uint64) error {
	return &SetupError{Field: "Cycles", Err: ErrNothingCompared,
		Msg: fmt.Sprintf("%d cycles run, none compared: outputs are compared from the cycle after the first reset cycle%s; give more cycles", n, s.firstComparedNote())}
}

// ErrNothingCompared is wrapped by the error of a run that ended before
// any cycle's outputs were compared: such a run proves nothing.
var ErrNothingCompared = errors.New("no cycle compared")

func (s *session) firstComparedNote() string {
	if c := s.sim.Caps(); !c.InProcess {
		// The waveform diff compares from the first edge with the
		// reset released.
		return " (on " + c.Title + ", from the first edge with the reset released, cycle 2)"
	}
	return " (cycle 1)"
}
