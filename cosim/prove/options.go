package prove

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"occamy/cosim"
	"occamy/cosim/runner"
	designfile "occamy/testbench/design"
)

// Defaults of Options.
const (
	DefaultDepth   = 20               // bmc3 frames
	DefaultTimeout = 60 * time.Second // whole run, replay excluded
	DefaultMemMB   = 8192             // virtual-memory limit of each Yosys and ABC run
)

// Options says what to prove.
type Options struct {
	// Block is threshold, selector, arbiter, executor or top (or the
	// module name), as for occamy cosim.
	Block string
	// RTL are the user's Verilog files; Top their top module ("" guesses
	// it as occamy cosim does).
	RTL []string
	Top string
	// Params are the block's parameters; missing ones take the defaults.
	Params map[string]int
	// Depth is how many cycles the bounded search unrolls; 0 means
	// DefaultDepth.
	Depth int
	// Timeout bounds the whole proof (Yosys, bmc3 and pdr); 0 means
	// DefaultTimeout.
	Timeout time.Duration
	// MemMB limits each Yosys and ABC process; 0 means DefaultMemMB.
	MemMB int
	// NoReplay skips replaying a counterexample on Verilator (its input
	// sequence is still reported).
	NoReplay bool
	// Steps receives the long steps (Yosys building the miter, ABC, the
	// replay's Verilator build); nil reports nothing.
	Steps cosim.Progress
	// VCDDir receives both sides' waveforms of the replay.
	VCDDir string
	// FailWaveDir receives the replay's failure waveform (runner
	// Options.FailWaveDir): the counterexample's cycles, both sides, with
	// a save file on the mismatch; "" for none.
	FailWaveDir string
	// WorkDir keeps the generated files (scripts, miter, AIGER, logs);
	// "" means a temporary directory removed afterwards.
	WorkDir string
	// VerilogDir and CacheDir are as in runner.Options.
	VerilogDir string
	CacheDir   string
	// Design, when set, declares how the design differs from the
	// reference (a design file and the declaration flags, as for occamy
	// cosim): the miter drives and compares it as the co-simulation does
	// (declared.go). With Check "properties" the block's properties are
	// proven on the design alone.
	Design *designfile.File
	// Property, with a design's properties, proves that one property
	// alone (a name of the block's property monitor); "" proves them all.
	Property string
}

// Verdict is what the proof concluded.
type Verdict int

// Verdicts.
const (
	Proven       Verdict = iota // equal for every input sequence from reset
	Refuted                     // a counterexample was found
	Inconclusive                // neither within the time limit
)

func (v Verdict) String() string {
	switch v {
	case Proven:
		return "PROVEN"
	case Refuted:
		return "COUNTEREXAMPLE"
	}
	return "INCONCLUSIVE"
}

// Result is the outcome of a proof that could be set up.
type Result struct {
	Block   string
	Top     string         // the user's top module
	Params  map[string]int // every parameter
	Order   []string       // parameter names in the block's order
	Files   []string
	Clocked bool // the block has a clock (else combinational)
	Verdict Verdict
	// Engine is what decided: "pdr" or "bmc3"; "" when inconclusive.
	Engine string
	// Depth is the number of cycles bmc3 searched without finding a
	// counterexample (when not Refuted); PDRFrames the frames pdr reached.
	Depth     int
	PDRFrames int
	// Cex is the counterexample when Refuted.
	Cex *Counterexample
	// Replay is the co-simulation run of the counterexample's inputs: its
	// Mismatch is the first difference, reported as occamy cosim does.
	Replay *runner.Result
	// Times: Build is Yosys (read, miter, AIGER), Search is bmc3, Proof is
	// pdr, ReplayTime the Verilator replay (build included).
	Build, Search, Proof, ReplayTime time.Duration
	// Total is the wall time of the proof (Yosys and ABC, replay
	// excluded); pdr and bmc3 run side by side, so it is less than
	// Build+Search+Proof.
	Total time.Duration
	// CPU is the processor time of every Yosys and ABC process (the wall
	// times above also count waiting for a core on a shared machine).
	CPU time.Duration
	// Latches and Ands size the miter (AIGER latches and AND gates).
	Latches, Ands int
	// Notes are remarks that do not change the verdict.
	Notes []string
	// XSites are FILE:LINE of each explicit X or Z in the user's files: the
	// miter reads them as 0, so their X behaviour is not checked.
	XSites []string
	// Properties name the block's properties proven of the design
	// (--properties with a design), nil for an equivalence proof;
	// Declared says what the design file declared.
	Properties []string
	Declared   string
}

// Summary is one line: the verdict, what was compared and how long it took.
func (r *Result) Summary() string {
	if r.Properties != nil {
		what := fmt.Sprintf("%s (%s, %s)", r.Block, r.Top, paramText(r.Order, r.Params))
		if r.Declared != "" {
			what += " as declared: " + r.Declared
		}
		return r.propertySummary(what)
	}
	what := fmt.Sprintf("%s (%s vs reference, %s)", r.Block, r.Top, paramText(r.Order, r.Params))
	if r.Declared != "" {
		what = fmt.Sprintf("%s (%s vs reference, %s, as declared: %s)", r.Block, r.Top, paramText(r.Order, r.Params), r.Declared)
	}
	switch r.Verdict {
	case Proven:
		when := "in every cycle after the first reset edge, for every input sequence and power-up state"
		if !r.Clocked {
			when = "for every input (combinational)"
		}
		return fmt.Sprintf("PROVEN%s %s: outputs equal %s (%s, %s; miter %d latches, %d ANDs)",
			r.xCaveat(), what, when, r.Engine, secs(r.Total), r.Latches, r.Ands)
	case Refuted:
		return fmt.Sprintf("COUNTEREXAMPLE %s: outputs differ at cycle %d (%s, %s)", what, r.Cex.Cycle, r.Engine, secs(r.Total))
	}
	return fmt.Sprintf("INCONCLUSIVE %s: no proof and no counterexample within the limit; bounded search found no difference in the first %d cycles (pdr reached frame %d, %s)",
		what, r.Depth, r.PDRFrames, secs(r.Total))
}

// xCaveat is " (X not checked: N assignments, FILE:LINE ...)" when the
// design writes explicit X or Z, which the miter reads as 0.
func (r *Result) xCaveat() string {
	if len(r.XSites) == 0 {
		return ""
	}
	what := fmt.Sprintf("%d assignments", len(r.XSites))
	if len(r.XSites) == 1 {
		what = "1 assignment"
	}
	sites := r.XSites
	more := ""
	if len(sites) > 5 {
		sites, more = sites[:5], " ..."
	}
	return fmt.Sprintf(" (X not checked: %s, %s%s)", what, strings.Join(sites, " "), more)
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2fs", d.Seconds()) }

func paramText(order []string, p map[string]int) string {
	var s []string
	for _, k := range order {
		s = append(s, fmt.Sprintf("%s=%d", k, p[k]))
	}
	return strings.Join(s, " ")
}

// SetupError is a problem that kept the proof from running: a bad option,
// a missing tool, a design Yosys cannot build into a miter.
type SetupError struct {
	Msg string
	Err error
}

func (e *SetupError) Error() string {
	if e.Err != nil {
		return "prove: " + e.Msg + ": " + e.Err.Error()
	}
	return "prove: " + e.Msg
}

// Unwrap returns the cause.
func (e *SetupError) Unwrap() error { return e.Err }

func setupf(format string, a ...any) error { return &SetupError{Msg: fmt.Sprintf(format, a...)} }

// UnsupportedError is a design Verilator accepts but Yosys 0.23's
// read_verilog -sv cannot read: the proof cannot run, the design is not
// wrong. Constructs are those prove's pre-pass recognised and does not
// rewrite (streaming operators, unpacked-array ports, ...), each with its
// file, line and workaround, found before Yosys runs; otherwise Output
// holds Yosys's error lines about a construct the pre-pass does not know.
type UnsupportedError struct {
	Files      []string
	Constructs []Finding
	Output     string
}

func (e *UnsupportedError) Error() string {
	if len(e.Constructs) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "prove: refused: %s uses SystemVerilog that Verilator accepts and Yosys 0.23 cannot read, which prove does not rewrite (docs/prove.md lists each construct tried; occamy cosim can still check the design):", strings.Join(e.Files, " "))
		for i, f := range e.Constructs {
			if i == maxFindings {
				fmt.Fprintf(&b, "\n  ... and %d more", len(e.Constructs)-maxFindings)
				break
			}
			b.WriteString("\n  " + f.String())
		}
		return b.String()
	}
	return fmt.Sprintf("prove: Yosys 0.23 cannot read %s, which Verilator accepts: a construct prove's pre-pass does not rewrite (docs/prove.md lists those it rewrites and refuses; occamy cosim can still check the design):\n  %s",
		strings.Join(e.Files, " "), strings.ReplaceAll(e.Output, "\n", "\n  "))
}

// ErrFlow is wrapped by every *FlowError.
var ErrFlow = errors.New("bug in the prove flow")

// FlowError says the tools disagree: a counterexample whose replay through
// the Go model and Verilator shows no mismatch at its cycle. It is a bug in
// the flow (the miter, the witness mapping or a tool), never in the user's
// design.
type FlowError struct {
	Cex    *Counterexample
	Replay *runner.Result
	Msg    string
}

func (e *FlowError) Error() string {
	return "prove: BUG IN THE FLOW, please report it: " + e.Msg
}

// Unwrap makes errors.Is(err, ErrFlow) true.
func (e *FlowError) Unwrap() error { return ErrFlow }
