package runner

import (
	"errors"
	"fmt"
	"time"

	"occamy/cosim"
	"occamy/cosim/icarus"
	"occamy/cosim/verilator"
	"occamy/testbench/design"
)

// Stimulus kinds (Options.Stimulus).
const (
	StimMixed    = ""         // the directed sequence, then random for the rest of the cycles
	StimRandom   = "random"   // seeded random, biased to the edges
	StimDirected = "directed" // only the directed sequence (Cycles is an upper bound)
)

// DefaultCycles is the cycle budget when Options.Cycles is 0 on the
// default simulator, Verilator (each simulator states its own,
// cosim.Caps.DefaultCycles).
const DefaultCycles = verilator.DefaultCycles

// DefaultIcarusCycles is the cycle budget when Options.Cycles is 0 on
// Icarus, and MaxIcarusCycles bounds an Icarus run (cosim/icarus).
const (
	DefaultIcarusCycles = icarus.DefaultCycles
	MaxIcarusCycles     = icarus.MaxCycles
)

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
	// Block is a block face's name, alias or Verilog module name
	// (Blocks lists them), or a sub-module that --block names on its own
	// (executor: the TM with its executor replaced).
	Block string
	// Set names the parameter set (a configuration of the block's
	// regression matrix, Regression); "" names it from Params: "defaults",
	// or the parameters that differ from them.
	Set string
	// Sim is the simulator's name (Simulators; "" is Verilator).
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
	// RTL file, which is always searched, and before the project's
	// verilog/, which holds the header its modules include) on Verilator
	// and on Icarus.
	IncludeDirs []string
	// Params are the block's parameters by name (N, QW, ...); missing
	// ones take the block's defaults. They go to the Go model and, as
	// -G/-P overrides, to the Verilog top.
	Params map[string]int
	// Cycles is the number of cycles to run, reset cycles included; 0
	// means the simulator's default (cosim.Caps.DefaultCycles).
	Cycles int
	// Seed seeds the stimulus (and Verilator's random power-up values).
	Seed int64
	// Batch runs the Verilated model thousands of cycles per call and
	// compares in bulk; otherwise lock-step: each cycle is compared before
	// the next runs (in the wrapper, cosim.Comparer, or one call per cycle)
	// and the model stops at the first difference. Both report the same
	// first mismatch. Refused by a simulator that cannot (cosim.Caps.NoBatch: Icarus).
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
	// FailWaveDir, when set, receives the failure waveform of a run that
	// fails (WriteFailWave): FailWaveBefore cycles before the first
	// mismatch and FailWaveAfter after it, both sides in one VCD
	// (BLOCK.SIM.mismatch.vcd) with a GTKWave save file that opens on it.
	// With VCDDir on Verilator, the RTL side holds its internal signals
	// too; on Icarus it always does.
	FailWaveDir string
	// TraceLines is the number of cycles a mismatch's trace shows; 0
	// means DefaultTraceLines.
	TraceLines int
	// ZeroInit starts the Verilated registers at 0 instead of random
	// values (+verilator+rand+reset+2 is the default), and makes every
	// explicit X in the RTL read as 0 (no X randomisation). Comparison
	// still starts after the first reset edge. Refused by a simulator that
	// cannot (cosim.Caps.NoZeroInit: Icarus).
	ZeroInit bool
	// PGO builds the Verilated model profile-guided (cosim.Spec.Train):
	// trained on TrainCycles cycles of the block's own stimulus at
	// TrainSeed with the run's Verilog parameters, whatever this run's
	// stimulus and seed, so one build serves every run of those
	// parameters. The build takes about twice as long; the model is
	// faster and behaves the same. Refused by a simulator that cannot
	// (cosim.Caps.NoPGO: Icarus).
	PGO bool
	// Serial runs the golden model in the caller's goroutine instead of
	// one cycle-chunk ahead on another core.
	Serial bool
	// CacheDir is the Verilator build cache; "" means cosim's default.
	CacheDir string
	// Opt is the C++ optimisation of the Verilated model (-O0, -O1, -O2,
	// -O3 or -Os; "" means verilator.DefaultOpt, -O2): a lower one
	// compiles faster and runs slower, never differently (the mutation
	// self-check builds at -O1, docs/mutation.md). Icarus ignores it.
	Opt string
	// Stall is the longest a run over a stimulus file (Icarus) may go
	// without completing a cycle before it is stopped as a design that
	// does not settle, a MISMATCH at that cycle; 0 is the simulator's
	// default (icarus.DefaultStall).
	Stall time.Duration
	// WorkDir holds the Icarus files (harness, vectors, VCDs); "" means a
	// temporary directory removed afterwards (unless VCDDir is set, where
	// the VCDs go).
	WorkDir string
	// VerilogDir is the repository root holding verilog/; "" finds it
	// ($OCCAMY_ROOT, the working directory or its parents, or the source
	// tree this package was built from).
	VerilogDir string
	// Progress, when set, is called with the cycles run so far after each
	// chunk of cycles (thousands to tens of thousands; never per cycle),
	// from the goroutine that called Run. In-process simulators only: Icarus runs the
	// stimulus in one vvp process and compares at its end.
	Progress func(cycles uint64)
	// Steps, when set, receives the start and the end of each long step
	// of the run: a Verilator build the cache does not hold, an Icarus
	// compile and its run. The command shows them.
	Steps cosim.Progress

	// Design, when set, declares how the user's design differs from the
	// reference (design.File, read by --map and the declaration flags):
	// port names, tie-offs, latencies, don't-care outputs, stimulus
	// constraints, observed signals and the kind of check (equality or
	// the block's properties), and whether to count every difference.
	// It also gives the block, top, files and parameters the options leave
	// unset. Nil: the run is the lock-step equality it always was.
	Design *design.File

	// fromStart compares from cycle 0: only for the speed benchmarks,
	// which replay the C++ driver's inputs (reset never asserted) on a
	// top whose reset state is all zeros, with ZeroInit.
	fromStart bool
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
		if e.Msg != "" {
			s += ": "
		}
		s += e.Err.Error()
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
