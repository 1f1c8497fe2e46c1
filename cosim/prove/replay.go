package prove

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"occamy/cosim"
	"occamy/cosim/runner"
)

// powerUpSeeds is how many random power-ups a counterexample that needs
// non-zero power-up values is replayed with: Verilator cannot be given
// the solver's values, only a seed.
const powerUpSeeds = 8

// replay runs the counterexample's inputs through the Go model and the
// user's RTL on Verilator (lock-step, zero power-up, compared from the
// cycle after the first reset edge) and checks that the runner finds the
// mismatch the miter found.
func (d *design) replay(ctx context.Context, res *Result) error {
	d.unlock()
	if d.module {
		res.Notes = append(res.Notes, res.Block+" has no golden-model adapter in the co-simulation runner: the counterexample is not replayed")
		return nil
	}
	if !d.verilog {
		return nil
	}
	t0 := time.Now()
	defer func() { res.ReplayTime = time.Since(t0) }()
	r, err := Replay(ctx, d.opt, res.Block, d.files, d.top, res.Params, res.Cex)
	if errors.Is(err, cosim.ErrNoVerilatorSupport) {
		res.Notes = append(res.Notes, "counterexample not replayed: this occamy was built without Verilator support (make build-cosim)")
		return nil
	}
	res.Replay = r
	return err
}

// Replay runs cex through the Go golden model and the RTL files (top) on
// Verilator with runner.Run and returns the run; a run that does not show
// a mismatch at cex.Cycle (or earlier, after the first reset edge) is a
// *FlowError. A counterexample that needs non-zero power-up values is
// replayed from zeros, then from powerUpSeeds random power-ups; when none
// shows it, the error says the replay could not set the power-up state.
func Replay(ctx context.Context, opt Options, block string, files []string, top string, params map[string]int, cex *Counterexample) (*runner.Result, error) {
	ro := runner.Options{Block: block, RTL: files, Top: top, Params: params, Cycles: cex.Cycle + 1,
		Replay: cex.Inputs, ZeroInit: true, VCDDir: opt.VCDDir, FailWaveDir: opt.FailWaveDir, CacheDir: opt.CacheDir, Steps: opt.Steps,
		VerilogDir: opt.VerilogDir, Serial: true}
	r, err := runner.Run(ctx, ro)
	if err != nil {
		return nil, err
	}
	if r.Interrupted { // the context stopped it
		return nil, ctx.Err()
	}
	if reproduced(r, cex) {
		return r, nil
	}
	if len(cex.PowerUp) > 0 {
		for seed := int64(1); seed <= powerUpSeeds; seed++ {
			ro.ZeroInit, ro.Seed = false, seed
			rr, err := runner.Run(ctx, ro)
			if err != nil {
				return nil, err
			}
			if rr.Interrupted {
				return nil, ctx.Err()
			}
			if reproduced(rr, cex) {
				return rr, nil
			}
		}
		if ro.FailWaveDir != "" {
			// The seeded runs' waveforms are not the one reported.
			dropFailWave(r)
		}
		return r, &FlowError{Cex: cex, Replay: r, Msg: fmt.Sprintf(
			"the counterexample needs power-up values %s, and neither a zero power-up nor %d random ones on Verilator show its mismatch at cycle %d (%s)",
			strings.Join(cex.PowerUp, ", "), powerUpSeeds, cex.Cycle, r.Verdict())}
	}
	return r, &FlowError{Cex: cex, Replay: r, Msg: fmt.Sprintf(
		"the counterexample's %d cycles, replayed through the Go model and Verilator, show no mismatch at cycle %d: %s",
		cex.Cycle+1, cex.Cycle, r.Verdict())}
}

// dropFailWave removes a replay's failure waveform, which a later replay
// of the same name overwrote.
func dropFailWave(r *runner.Result) {
	if fw := r.FailWave; fw != nil {
		os.Remove(fw.VCD)
		os.Remove(fw.GTKW)
		r.FailWave = nil
	}
}

// reproduced: the replay found a mismatch at the counterexample's cycle or
// before it (pdr's counterexamples need not be the shortest).
func reproduced(r *runner.Result, cex *Counterexample) bool {
	return r.Mismatch != nil && r.Mismatch.Cycle <= uint64(cex.Cycle) && (r.Mismatch.Cycle >= 1 || cex.Cycle == 0)
}
