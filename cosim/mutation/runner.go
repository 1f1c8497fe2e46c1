package mutation

import (
	"context"
	"fmt"

	"occamy/cosim/runner"
	"occamy/testbench/blocks"
)

// MutationOpt is the C++ optimisation the self-check (TestMutationKillRate)
// builds at: a cold run is mostly compiles, and -O1 compiles in less time
// than it costs in running; the verdicts are the same (docs/mutation.md,
// "Build time").
const MutationOpt = "-O1"

// RunnerChecker co-simulates a mutant with cosim/runner: Verilator, the
// block's Go golden model and its default stimulus (directed, then seeded
// random biased to the edges), over the block's regression matrix
// (blocks.Matrix, what `occamy cosim --block B` runs by default): one
// configuration after another, stopping at the first that mismatches.
type RunnerChecker struct {
	Seeds    []int64 // stimulus seeds; nil: the matrix's
	Cycles   int     // per configuration and seed; 0: the matrix's
	Batch    bool    // batched instead of lock-step
	CacheDir string  // Verilator build cache; "" means cosim's default
	// Opt is the C++ optimisation of every build, the baselines' and the
	// mutants' (runner.Options.Opt); "" means the default, -O2. A lower
	// one compiles a mutant faster and runs it slower, never differently.
	Opt string
	// EquivFirstSet runs an explained equivalent (Target.Equivalent) over
	// its first configuration's set only (the target's First, else the
	// block's Checks.MutateFirst, and the configurations of that set), not
	// the whole matrix: make test's self-check (the TM's equivalents ran
	// 64-86 s each through the whole matrix); make test-mutants-equiv
	// runs them whole.
	EquivFirstSet bool
	// Params, when set for a block, replace its matrix by that one
	// parameter set (at each seed).
	Params map[Block]map[string]int
}

// runs are the co-simulations of a block in the order the self-check
// tries them: the target's First configuration (else the block's
// Checks.MutateFirst), then the rest of its matrix set by set, that
// configuration's set first (its build is the one made already), each
// set's configurations together. The order only decides how soon a
// mismatch is found: every configuration runs until one mismatches.
func (c RunnerChecker) runs(t Target) ([]runner.Options, error) {
	b := t.Block
	base := runner.Options{Block: string(b), Sim: runner.Verilator, RTL: t.Sources, Top: t.Top, Batch: c.Batch, CacheDir: c.CacheDir,
		Opt: c.Opt}
	if p, ok := c.Params[b]; ok {
		var rs []runner.Options
		for _, seed := range c.seeds() {
			o := base
			o.Params, o.Seed, o.Cycles = p, seed, c.Cycles
			rs = append(rs, o)
		}
		return rs, nil
	}
	all, err := runner.Regression(base, runner.MatrixRun{Seeds: c.Seeds, Cycles: c.Cycles})
	if err != nil {
		return nil, err
	}
	rb, err := blocks.Lookup(string(b))
	if err != nil {
		return nil, err
	}
	first := rb.Checks.MutateFirst
	if t.First != "" {
		first = t.First
	}
	set := ""
	if cfg, ok := rb.Regression().Lookup(first); ok {
		set = cfg.Set
	}
	setOf := map[string]string{}
	for _, cfg := range rb.Regression().Configs() {
		setOf[cfg.Name] = cfg.Set
	}
	var out []runner.Options
	for _, pick := range []func(o runner.Options) bool{
		func(o runner.Options) bool { return o.Set == first },
		func(o runner.Options) bool { return o.Set != first && setOf[o.Set] == set },
		func(o runner.Options) bool { return setOf[o.Set] != set },
	} {
		for _, o := range all {
			if pick(o) {
				out = append(out, o)
			}
		}
	}
	if c.EquivFirstSet && t.Equivalent && len(out) > 0 {
		// The first run's set only (the block's first configuration's
		// when it names none to try first).
		s0, n := setOf[out[0].Set], 0
		for _, o := range out {
			if setOf[o.Set] == s0 {
				out[n] = o
				n++
			}
		}
		out = out[:n]
	}
	return out, nil
}

func (c RunnerChecker) seeds() []int64 {
	if len(c.Seeds) > 0 {
		return c.Seeds
	}
	return []int64{1}
}

// Build builds the sources through the runner itself (contract check,
// cosim build cache) with the options of the first run Check makes,
// running two random cycles (the reset cycle and one compared: a run
// comparing none is an error), so the build checked is exactly the one
// Check runs first.
func (c RunnerChecker) Build(ctx context.Context, t Target) (bool, error) {
	rs, err := c.runs(t)
	if err != nil {
		return false, err
	}
	o := rs[0]
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

// Check runs the co-simulations in order and reports the first mismatch,
// its Detail starting with the configuration and seed that found it
// ("k4-tight/occamy-chain seed 1: cycle ..."); with none, Cycles is the
// sum of every run's.
func (c RunnerChecker) Check(ctx context.Context, t Target) (Detection, error) {
	rs, err := c.runs(t)
	if err != nil {
		return Detection{}, err
	}
	var d Detection
	for _, o := range rs {
		res, err := runner.Run(ctx, o)
		if err != nil {
			return Detection{}, fmt.Errorf("%s seed %d: %w", o.Set, o.Seed, err)
		}
		if res.Interrupted { // the context stopped it: no verdict
			return Detection{}, ctx.Err()
		}
		d.Cycles += res.Cycles
		d.Runs++
		if m := res.Mismatch; m != nil {
			d.Mismatch, d.Cycle, d.Signal, d.Config = true, m.Cycle, m.Signal, fmt.Sprintf("%s seed %d", res.Set, o.Seed)
			d.Detail = d.Config + ": " + m.Short()
			return d, nil
		}
	}
	return d, nil
}
