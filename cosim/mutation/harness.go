package mutation

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"occamy/cosim"
)

// Detection is what one co-simulation found.
type Detection struct {
	Mismatch bool   // the co-simulator reported a divergence from the golden model
	Cycle    uint64 // the cycle of the first divergence
	Signal   string // the first diverging signal
	Detail   string // one line on the divergence (Go and RTL values)
	Cycles   uint64 // cycles run, over every co-simulation
	Runs     int    // co-simulations run (configurations of the block's matrix, seeds)
	Config   string // the configuration and seed that found the mismatch ("small/reconf seed 1")
}

// Target is what one mutant's (or original's) co-simulation runs: a
// block built from sources with its top module, and the configuration of
// the block's matrix to try first (the mutant's First; "" for the block's
// Checks.MutateFirst).
type Target struct {
	Block   Block
	Top     string
	Sources []string
	First   string
	// Equivalent: the mutant is an explained equivalent (it runs the
	// whole matrix unless the checker limits equivalents to the first
	// configuration's set: RunnerChecker.EquivFirstSet).
	Equivalent bool
}

// Checker co-simulates a block's sources against its Go golden model.
type Checker interface {
	// Build compiles the sources exactly as Check will run them first
	// (through the cosim build cache) and reports whether it was a cache
	// hit. An error means the sources do not build.
	Build(ctx context.Context, t Target) (cached bool, err error)
	// Check co-simulates the block built from sources and reports the first
	// mismatch. An error means the co-simulation itself could not run.
	Check(ctx context.Context, t Target) (Detection, error)
}

// Verdict classifies a mutant after the self-check.
type Verdict int

// Verdicts. Only Killed and Equivalent pass the self-check.
const (
	Killed      Verdict = iota // the co-simulator reported a mismatch
	Survived                   // no mismatch, and the mutant is not marked equivalent
	Equivalent                 // no mismatch, and the catalogue explains why there cannot be one
	EquivKilled                // marked equivalent, yet killed: the explanation is wrong
	Defect                     // anchor not unique, no change, or the mutant does not build
	Failed                     // the co-simulation could not run
)

var verdictNames = [...]string{"killed", "SURVIVED", "equivalent", "KILLED-EQUIV", "DEFECT", "ERROR"}

// String names the verdict; the ones that fail the self-check are in
// capitals.
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// OK reports whether the verdict passes the self-check.
func (v Verdict) OK() bool { return v == Killed || v == Equivalent }

// Result is one mutant's outcome.
type Result struct {
	Mutant    Mutant
	Verdict   Verdict
	Detection Detection
	Err       error         // why a Defect or Failed verdict
	Line      int           // the anchor's line in the original file
	Cached    bool          // the build was a cache hit
	Build     time.Duration // elaboration, cache look-up and any compile
	Sim       time.Duration // the co-simulation
}

// Config says where the sources are, where mutants go and what checks them.
type Config struct {
	VerilogDir string  // the project's verilog/ directory, only read
	WorkDir    string  // where mutated copies are written; "" means DefaultWorkDir()
	Checker    Checker // the co-simulator
	Jobs       int     // mutants checked at once; 0 means runtime.NumCPU()
	// KeepAssertions leaves the Verilog's own assertions in the copies. By
	// default they are compiled out (NoAssertPrefix), so that a mutant is
	// killed only by the co-simulator's comparison of the ports.
	KeepAssertions bool
	// Progress, when set, is called after each mutant (from any goroutine,
	// one call at a time).
	Progress func(Result)
}

// DefaultWorkDir is where mutated copies go when Config.WorkDir is empty.
func DefaultWorkDir() string { return filepath.Join(os.TempDir(), "occamy-mutation") }

func (cfg Config) copies() Copies {
	return Copies{VerilogDir: cfg.VerilogDir, Root: cfg.WorkDir, NoAssert: !cfg.KeepAssertions}
}

// Baseline co-simulates each block's unmutated sources, copied the way the
// mutants are: a self-check is only meaningful when the original Verilog
// passes, otherwise every mutant would be "killed" by the original's own
// mismatch. Each result's Verdict is Survived when the original matched.
func Baseline(ctx context.Context, cfg Config, bs []Block) ([]Result, error) {
	js, err := originals(bs)
	if err != nil {
		return nil, err
	}
	return run(ctx, cfg, js, nil)
}

// Run checks every mutant, up to cfg.Jobs at once, and returns their
// results in catalogue order. A mutant's own problems (a bad anchor, a
// build failure, a simulation that cannot run) are its verdict, not an
// error; the error is for a bad configuration or a cancelled context.
func Run(ctx context.Context, cfg Config, ms []Mutant) ([]Result, error) {
	return run(ctx, cfg, mutantJobs(ms), nil)
}

// RunWithBaseline is Baseline of the mutants' blocks and Run of the
// mutants in one pool of cfg.Jobs, the originals taken first: a job free
// while the longest original still runs (the TM's whole matrix) goes on
// to the mutants instead of waiting for it. The mutants' verdicts mean
// something only if every original passed, so the caller reads base
// first; an original that fails stops the rest (their verdicts are then
// Failed, by the cancelled context).
func RunWithBaseline(ctx context.Context, cfg Config, ms []Mutant) (base, rs []Result, err error) {
	bs := Blocks(ms)
	js, err := originals(bs)
	if err != nil {
		return nil, nil, err
	}
	js = append(js, mutantJobs(ms)...)
	inner, cancel := context.WithCancel(ctx)
	defer cancel()
	res, err := run(inner, cfg, js, func(j job, r Result) {
		if j.baseline && (r.Err != nil || r.Detection.Mismatch) {
			cancel()
		}
	})
	if res == nil { // a bad configuration
		return nil, nil, err
	}
	// Only the caller's context is an error: the inner one is cancelled
	// by a failed original alone, which base shows.
	return res[:len(bs)], res[len(bs):], ctx.Err()
}

// job is one co-simulation of the pool: a mutant, or a block's original.
type job struct {
	m        Mutant
	baseline bool
}

func originals(bs []Block) ([]job, error) {
	var js []job
	for _, b := range bs {
		if _, err := b.info(); err != nil {
			return nil, err
		}
		js = append(js, job{m: Mutant{ID: "original-" + string(b), Block: string(b)}, baseline: true})
	}
	return js, nil
}

func mutantJobs(ms []Mutant) []job {
	js := make([]job, len(ms))
	for i, m := range ms {
		js[i] = job{m: m}
	}
	return js
}

// run checks the jobs, up to cfg.Jobs at once, in their order; done, when
// set, is called after each (one call at a time, after Progress).
func run(ctx context.Context, cfg Config, js []job, done func(job, Result)) ([]Result, error) {
	if cfg.Checker == nil {
		return nil, errors.New("mutation: no Checker configured")
	}
	if cfg.VerilogDir == "" {
		return nil, errors.New("mutation: no Verilog directory configured")
	}
	if cfg.WorkDir == "" {
		cfg.WorkDir = DefaultWorkDir()
	}
	cfg.Jobs = cfgJobs(cfg)
	ms := make([]Mutant, len(js))
	for i, j := range js {
		ms[i] = j.m
	}
	if err := uniqueIDs(ms); err != nil {
		return nil, err
	}
	res := make([]Result, len(js))
	var mu sync.Mutex
	var g errgroup.Group
	g.SetLimit(cfg.Jobs)
	for i := range js {
		g.Go(func() error {
			if ctx.Err() != nil {
				res[i] = Result{Mutant: js[i].m, Verdict: Failed, Err: ctx.Err()}
				return nil
			}
			res[i] = checkOne(ctx, cfg, js[i].m, js[i].baseline)
			mu.Lock()
			defer mu.Unlock()
			if cfg.Progress != nil {
				cfg.Progress(res[i])
			}
			if done != nil {
				done(js[i], res[i])
			}
			return nil
		})
	}
	_ = g.Wait()
	return res, ctx.Err()
}

// cfgJobs is the number of mutants checked at once.
func cfgJobs(cfg Config) int {
	if cfg.Jobs > 0 {
		return cfg.Jobs
	}
	return runtime.NumCPU()
}

func uniqueIDs(ms []Mutant) error {
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.ID] {
			return fmt.Errorf("mutation: two mutants named %q", m.ID)
		}
		seen[m.ID] = true
	}
	return nil
}

// checkOne applies, builds and co-simulates one mutant (or, for a
// baseline, the unmutated block).
func checkOne(ctx context.Context, cfg Config, m Mutant, baseline bool) Result {
	r := Result{Mutant: m}
	var a *Applied
	var err error
	if baseline {
		a, err = cfg.copies().Original(Block(m.Block))
	} else {
		a, err = cfg.copies().Apply(m)
	}
	if err != nil {
		r.Verdict, r.Err = Defect, err
		return r
	}
	r.Line = a.Line

	tg := Target{Block: Block(m.Block), Top: a.Top, Sources: a.Sources, First: m.First, Equivalent: m.Equivalent != "" && !baseline}
	t0 := time.Now()
	r.Cached, err = cfg.Checker.Build(ctx, tg)
	r.Build = time.Since(t0)
	if err != nil {
		r.Verdict, r.Err = Defect, fmt.Errorf("%s does not build: %w", m.ID, err)
		if ctx.Err() != nil || errors.Is(err, cosim.ErrToolMissing) || errors.Is(err, cosim.ErrNoVerilatorSupport) {
			r.Verdict = Failed
		}
		return r
	}

	t1 := time.Now()
	// The checker runs the block's regression matrix (RunnerChecker),
	// as `occamy cosim --block B` does, up to the first configuration
	// that mismatches: some bugs need P < B, an N that is not a power of
	// two or a free mode the defaults do not use. An explained equivalent
	// runs the whole matrix (or, with RunnerChecker.EquivFirstSet, its
	// first configuration's set): a kill says its argument is wrong.
	d, err := cfg.Checker.Check(ctx, tg)
	r.Sim = time.Since(t1)
	r.Detection = d
	switch {
	case err != nil:
		r.Verdict, r.Err = Failed, err
	case d.Mismatch && m.Equivalent != "" && isEvent(d.Signal):
		// Equivalent at the ports, caught by the Verilog's own assertion
		// (Config.KeepAssertions): a kill, though not by the comparison.
		r.Verdict = Killed
	case d.Mismatch && m.Equivalent != "":
		r.Verdict = EquivKilled
	case d.Mismatch:
		r.Verdict = Killed
	case m.Equivalent != "":
		r.Verdict = Equivalent
	default:
		r.Verdict = Survived
	}
	return r
}

// isEvent reports whether a mismatch signal names an event inside the RTL
// ($stop from a failed assertion, $finish, a fatal error) rather than a port.
func isEvent(signal string) bool {
	return signal == "$stop" || signal == "$finish" || signal == "fatal"
}

// Blocks lists the distinct blocks of the mutants, sorted.
func Blocks(ms []Mutant) []Block {
	seen := map[Block]bool{}
	var bs []Block
	for _, m := range ms {
		if b := Block(m.Block); !seen[b] {
			seen[b] = true
			bs = append(bs, b)
		}
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i] < bs[j] })
	return bs
}
