package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"occamy/testbench/coverage"
)

// Simulators Run can drive.
const (
	Verilator = "verilator"
	Icarus    = "icarus"
)

// Stimulus kinds (Options.Stimulus).
const (
	StimMixed    = ""         // the directed sequence, then random for the rest of the cycles
	StimRandom   = "random"   // seeded random, biased to the edges
	StimDirected = "directed" // only the directed sequence (Cycles is an upper bound)
)

// DefaultCycles is the cycle budget when Options.Cycles is 0.
const DefaultCycles = 200_000

// DefaultFourStateCycles is the cycle budget of the Icarus pass a
// whole-project check (occamy cosim --block all) runs after the Verilator
// pass: enough for X and Z from reset and power-up to reach the ports,
// short enough for Icarus (docs/cosim.md gives its speeds per block).
const DefaultFourStateCycles = 2000

// DefaultTraceLines is how many cycles a mismatch's trace shows, the
// mismatching one included.
const DefaultTraceLines = 8

// Options says what to check and how.
type Options struct {
	// Block is threshold, selector, arbiter, executor or top (or the
	// Verilog module name: dt_threshold, hd_selector, rr_arbiter,
	// hd_executor, occamy_expulsion).
	Block string
	// Sim is Verilator (default) or Icarus.
	Sim string
	// RTL are the Verilog files to check; empty means the project's own
	// Verilog of the block (found under VerilogDir).
	RTL []string
	// Top is the top module of RTL; "" means the block's module name.
	Top string
	// Replace names a sub-module of the block (registry.Sub: the TM's
	// executor, selector or arbiter) that RTL replaces: the block is built
	// from the project's Verilog with the user's module, of the same name,
	// in place of that sub-module's file, after the user's ports are
	// checked against the project's module as the block instantiates it.
	// Block "executor" means Block "tm" with Replace "executor".
	Replace string
	// IncludeDirs are searched by `include (after the directory of each
	// RTL file, which is always searched) on Verilator and on Icarus.
	IncludeDirs []string
	// Params are the block's parameters by name (N, QW, ...); missing
	// ones take the block's defaults. They go to the Go model and, as
	// -G/-P overrides, to the Verilog top.
	Params map[string]int
	// Cycles is the number of cycles to run, reset cycles included; 0
	// means DefaultCycles (DefaultIcarusCycles for Icarus).
	Cycles int
	// Seed seeds the stimulus (and Verilator's random power-up values).
	Seed int64
	// Batch runs the Verilated model thousands of cycles per call and
	// compares in bulk; otherwise lock-step: each cycle is compared before
	// the next runs (in the wrapper, cosim.Comparer, or one call per cycle)
	// and the model stops at the first difference. Both report the same
	// first mismatch. Refused with Icarus.
	Batch bool
	// Stimulus is StimMixed (default), StimRandom or StimDirected.
	Stimulus string
	// Replay, when set, replaces the stimulus: cycle c takes the input
	// words of cycle c mod (len/InWords), in the contract layout. For
	// benchmarks that feed a C++ loop the same inputs.
	Replay []uint32
	// VCDDir, when set, receives a waveform of each side of the run:
	// BLOCK.go.vcd and BLOCK.verilator.vcd or BLOCK.icarus.vcd.
	VCDDir string
	// TraceLines is the number of cycles a mismatch's trace shows; 0
	// means DefaultTraceLines.
	TraceLines int
	// ZeroInit starts the Verilated registers at 0 instead of random
	// values (+verilator+rand+reset+2 is the default), and makes every
	// explicit X in the RTL read as 0 (no X randomisation). Comparison
	// still starts after the first reset edge. Refused with Icarus.
	ZeroInit bool
	// PGO builds the Verilated model profile-guided (cosim.Spec.Train):
	// trained on TrainCycles cycles of the block's own stimulus at
	// TrainSeed with the run's Verilog parameters, whatever this run's
	// stimulus and seed, so one build serves every run of those
	// parameters. The build takes about twice as long; the model is
	// faster and behaves the same. Refused with Icarus.
	PGO bool
	// Serial runs the golden model in the caller's goroutine instead of
	// one cycle-chunk ahead on another core.
	Serial bool
	// CacheDir is the Verilator build cache; "" means cosim's default.
	CacheDir string
	// WorkDir holds the Icarus files (harness, vectors, VCDs); "" means a
	// temporary directory removed afterwards (unless VCDDir is set, where
	// the VCDs go).
	WorkDir string
	// VerilogDir is the repository root holding verilog/; "" finds it
	// ($OCCAMY_ROOT, the working directory or its parents, or the source
	// tree this package was built from).
	VerilogDir string
	// Ctx, when set, stops the run at a cycle boundary once it is done
	// (Ctrl-C): the Result then has Interrupted set and counts the cycles
	// compared so far.
	Ctx context.Context
	// Progress, when set, is called with the cycles run so far after each
	// chunk of cycles (thousands to tens of thousands; never per cycle),
	// from the goroutine that called Run. Verilator only: Icarus runs the
	// stimulus in one vvp process and compares at its end.
	Progress func(cycles uint64)

	// fromStart compares from cycle 0: only for the speed benchmarks,
	// which replay the C++ driver's inputs (reset never asserted) on a
	// top whose reset state is all zeros, with ZeroInit.
	fromStart bool
}

// Result is the outcome of a run that could be set up.
type Result struct {
	Block string // short block name
	Top   string // the Verilog top module
	// Replace is the sub-module the user's RTL replaced (Options.Replace),
	// "" when none; ReplaceModule is its module name.
	Replace, ReplaceModule string
	Sim                    string         // Verilator or Icarus
	Mode                   string         // "lock-step", "batched" or "vcd diff"; ", profile-guided build" added when the library is one
	Params                 map[string]int // every parameter, defaults included
	Files                  []string       // the Verilog checked
	Seed                   int64
	// Cycles is the number of cycles simulated on both sides, up to and
	// including a mismatch.
	Cycles uint64
	// Mismatch is the first difference, nil when the RTL matched.
	Mismatch *Mismatch
	// Integrity, when the first mismatch is on another signal than the
	// block's data-integrity port (registry.Block.Integrity: the TM's
	// eg_tag_o), is the first difference on that port: a second
	// lock-step pass with the same seed compares it alone and runs on
	// past the design's own $stop or $finish. Nil when it found none
	// within the budget (a note says so) or the block has no such port.
	// Verilator only.
	Integrity *Mismatch
	// Elapsed is the simulation time (build and compile excluded); Rate
	// is Cycles per second of it.
	Elapsed time.Duration
	Rate    float64
	// Build is the time spent building (or finding in the cache) the
	// simulation model; Cached says the Verilator build was a cache hit.
	Build  time.Duration
	Cached bool
	// VCD lists the waveforms written (Options.VCDDir).
	VCD []string
	// Notes are remarks that do not change the verdict (e.g. Verilator's
	// warnings on the user's RTL).
	Notes []string
	// Compared is the number of cycles whose outputs were compared (the
	// cycles after the first reset edge); a run comparing none is an error.
	Compared uint64
	// Interrupted says Options.Ctx stopped the run before its budget.
	Interrupted bool
	// Coverage is the block's functional coverage in this run, nil when
	// the block declares no coverpoints.
	Coverage *coverage.Report
	// Outputs names the output ports compared every compared cycle.
	Outputs []string
}

// Match reports whether no mismatch was found.
func (r *Result) Match() bool { return r.Mismatch == nil }

// Verdict is the one-line summary: block, simulator, verdict, cycles run
// and cycles per second.
func (r *Result) Verdict() string {
	what := fmt.Sprintf("%s (%s, %s %s)", r.Block, r.Top, r.Sim, r.Mode)
	if r.Replace != "" {
		what = fmt.Sprintf("%s (%s with your %s %s, %s %s)", r.Block, r.Top, r.Replace, r.ReplaceModule, r.Sim, r.Mode)
	}
	switch {
	case r.Mismatch != nil:
		return fmt.Sprintf("MISMATCH %s: %s after %d cycles (%d compared), %s cycles/s", what, r.Mismatch.Short(), r.Cycles, r.Compared, rate(r.Rate))
	case r.Interrupted && r.Cycles == 0:
		return fmt.Sprintf("INTERRUPTED %s: stopped before any cycle ran (while building or starting the simulation), nothing compared, seed %d", what, r.Seed)
	case r.Interrupted:
		return fmt.Sprintf("INTERRUPTED %s: no mismatch in %d cycles compared (%d run)%s before the stop, %s cycles/s, seed %d", what, r.Compared, r.Cycles, r.what(), rate(r.Rate), r.Seed)
	}
	return fmt.Sprintf("MATCH %s: %d cycles compared (%d run)%s, %s cycles/s, seed %d", what, r.Compared, r.Cycles, r.what(), rate(r.Rate), r.Seed)
}

// what is " on N outputs" and ", coverage H/C hit" (when the block has
// coverpoints): what a verdict covered besides its cycles.
func (r *Result) what() string {
	s := ""
	if n := len(r.Outputs); n > 0 {
		s = fmt.Sprintf(" on %d output", n)
		if n > 1 {
			s += "s"
		}
	}
	if c := r.Coverage; c != nil && len(c.Points) > 0 {
		hit, reach, na := c.Counts()
		s += fmt.Sprintf(", coverage %d/%d hit", hit, reach)
		if na > 0 {
			s += fmt.Sprintf(" (%d n/a)", na)
		}
	}
	return s
}

func rate(r float64) string {
	switch {
	case r >= 1e6:
		return fmt.Sprintf("%.2fM", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}

// Mismatch is the first cycle and signal at which the RTL differs from the
// golden model.
type Mismatch struct {
	Cycle  uint64 // cycle number from 0, the first reset cycle
	Signal string // port name, or "$stop"/"$finish"/"fatal" for an event inside the RTL
	Go     string // the golden model's value, hexadecimal as in a .vec file
	RTL    string // the RTL's value
	// Detail names the first differing element of a packed port, e.g.
	// "qlen_o[5] (bits 95:80): go 0012 rtl 0011".
	Detail string
	// Trace shows the cycles before and at the mismatch: one line of
	// inputs, then the outputs of each side, "*" marking a difference.
	Trace []string
}

// Short is "cycle C: signal go=G rtl=R".
func (m *Mismatch) Short() string {
	s := fmt.Sprintf("cycle %d: %s go=%s rtl=%s", m.Cycle, m.Signal, m.Go, m.RTL)
	if m.Detail != "" {
		s += " (" + m.Detail + ")"
	}
	return s
}

// String is Short followed by the trace.
func (m *Mismatch) String() string {
	var b strings.Builder
	b.WriteString(m.Short())
	for _, l := range m.Trace {
		b.WriteString("\n  ")
		b.WriteString(l)
	}
	return b.String()
}

// SetupError is a problem that kept the comparison from running: a bad
// option, a parameter out of range, missing files, a simulator that is not
// installed. (Contract, tool and build errors come from cosim as their own
// types.)
type SetupError struct {
	// Field names the Options field at fault ("Cycles", "RTL", "Batch",
	// ...), "" when the problem is not one field's; a command maps it to
	// its flag.
	Field string
	Msg   string
	Err   error
}

func (e *SetupError) Error() string {
	s := "cosim: "
	if e.Field != "" {
		s += e.Field + ": "
	}
	s += e.Msg
	if e.Err != nil && !errors.Is(e.Err, ErrNothingCompared) {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *SetupError) Unwrap() error { return e.Err }

func setupf(format string, a ...any) error { return &SetupError{Msg: fmt.Sprintf(format, a...)} }

// fieldf is a SetupError naming the Options field at fault.
func fieldf(field, format string, a ...any) error {
	return &SetupError{Field: field, Msg: fmt.Sprintf(format, a...)}
}
