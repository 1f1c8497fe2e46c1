package mutation

import (
	"context"

	"occamy/cosim/runner"
	"occamy/testbench/blocks"
)

// RunnerChecker co-simulates a mutant with cosim/runner: Verilator, the
// block's Go golden model, its default stimulus (directed, then seeded
// random biased to the edges) and, unless Cycles is set, the runner's
// default cycle budget (runner.DefaultCycles).
type RunnerChecker struct {
	Seed     int64                    // stimulus seed
	Cycles   int                      // 0 means runner.DefaultCycles
	Batch    bool                     // batched instead of lock-step
	CacheDir string                   // Verilator build cache; "" means cosim's default
	Params   map[Block]map[string]int // per-block parameters; missing ones take the block's defaults
}

func (c RunnerChecker) options(b Block, top string, srcs []string) runner.Options {
	params := c.Params[b]
	if rb, err := blocks.Lookup(string(b)); err == nil && params == nil && rb.Checks.MutateSmall {
		// A face may ask for its mutants to be checked at its small set
		// only (occamy_tm: one cheap build each, and the set's
		// reconfiguring resets reach every policy, free mode and
		// scheduler).
		params = rb.SmallParams()
	}
	return runner.Options{
		Block: string(b), Sim: runner.Verilator, RTL: srcs, Top: top, Params: params,
		Cycles: c.Cycles, Seed: c.Seed, Batch: c.Batch, CacheDir: c.CacheDir,
	}
}

// Build builds the sources through the runner itself (contract check,
// cosim build cache) with the options Check uses, running two random
// cycles (the reset cycle and one compared: a run comparing none is an
// error), so the build checked is exactly the one Check runs.
func (c RunnerChecker) Build(ctx context.Context, b Block, top string, srcs []string) (bool, error) {
	o := c.options(b, top, srcs)
	o.Cycles, o.Stimulus = 2, runner.StimRandom
	res, err := runner.Run(ctx, o)
	if err != nil {
		return false, err
	}
	if res.Interrupted {
		return false, ctx.Err()
	}
	return res.Cached, nil
}

// Check runs the co-simulation and reports the runner's first mismatch.
func (c RunnerChecker) Check(ctx context.Context, b Block, top string, srcs []string) (Detection, error) {
	return c.check(ctx, c.options(b, top, srcs), "")
}

// CheckSmall is Check at the block's small parameter set (when the checker
// has no parameters of its own for the block); the Detail of a mismatch
// starts with "small set (K=V ...)".
func (c RunnerChecker) CheckSmall(ctx context.Context, b Block, top string, srcs []string) (Detection, error) {
	rb, err := blocks.Lookup(string(b))
	if err != nil || c.Params[b] != nil || len(rb.Small) == 0 || rb.Checks.MutateSmall {
		return Detection{}, err
	}
	o := c.options(b, top, srcs)
	o.Params = rb.SmallParams()
	return c.check(ctx, o, "small set ("+rb.ParamText(o.Params)+"): ")
}

func (c RunnerChecker) check(ctx context.Context, o runner.Options, prefix string) (Detection, error) {
	res, err := runner.Run(ctx, o)
	if err != nil {
		return Detection{}, err
	}
	if res.Interrupted { // the context stopped it: no verdict
		return Detection{}, ctx.Err()
	}
	d := Detection{Cycles: res.Cycles}
	if m := res.Mismatch; m != nil {
		d.Mismatch, d.Cycle, d.Signal, d.Detail = true, m.Cycle, m.Signal, prefix+m.Short()
	}
	return d, nil
}
