package cosim

import (
	"context"
	"errors"
	"time"

	"occamy/rtl/port"
)

// Simulator is one Verilog simulator.
type Simulator interface {
	// Name is the simulator's name on the command line: "verilator".
	Name() string
	// Caps says what the simulator can do.
	Caps() Caps
	// Available is nil when the simulator can run here, else why not (a
	// binary built without it, a program that is not installed).
	Available() error
	// Elaborate reads the design's top ports at its parameters, and the
	// modules it instantiates, without building it (Caps.Elaborates).
	Elaborate(ctx context.Context, d *Design) (*Elaboration, error)
	// Build compiles the design, ready to run (cached where the simulator
	// keeps a cache).
	Build(ctx context.Context, d *Design) (Built, error)
}

// Caps are a simulator's capabilities. What it cannot do is stated here,
// with the reason a run asking for it is refused, rather than checked by
// name where the options are read.
type Caps struct {
	// InProcess: a built design opens as a Model in this process and runs
	// cycle by cycle (Built.Open), so a run compares each cycle as it
	// goes (lock-step), can stop at the first difference, reports its
	// progress and can run again on one port (the integrity pass).
	// Otherwise the design runs over a stimulus file in a process of its
	// own (Built.Run) and is compared through its waveform afterwards.
	InProcess bool
	// FourState: X and Z are kept, so the waveform shows them.
	FourState bool
	// Elaborates: Elaborate reads a design's ports (the contract check).
	Elaborates bool
	// DefaultCycles is a run's cycle budget when none is given;
	// MaxCycles bounds it (0: no bound).
	DefaultCycles, MaxCycles int
	// Title is the simulator's name in prose ("Icarus").
	Title string
	// WaveScope and WaveClock are the top's scope and the clock in the
	// waveform Built.Run writes (not Caps.InProcess).
	WaveScope, WaveClock string
	// NoBatch, NoZeroInit and NoPGO are "" when the simulator honours
	// batched runs, zero power-up and profile-guided builds, else why it
	// cannot (the text of the refusal).
	NoBatch, NoZeroInit, NoPGO string
}

// Elaboration is what port discovery reads from a simulator's elaboration
// of a design (Verilator's XML netlist): the contract check's input.
type Elaboration struct {
	Top   string      // name of the top module
	Ports []port.Port // the top's ports in declaration order
	Files []string    // every source file Verilator read, in its order
	// Modules are every module of the elaborated design, one per
	// parameterisation (Verilator names a specialised copy
	// "tm_hd_exec__N40_L7"), the top included, in the XML's order.
	Modules []Module

	Warnings string // what Verilator printed while elaborating (set by Verilator's Discover and Build)

	// LoopRefs are the hierarchical references written inside a generate
	// loop ("FILE:LINE: u_hs.bitmap in g_q[0]"): Verilator 5.006 has been
	// seen to resolve such a reference silently to the loop's first copy.
	LoopRefs []string
}

// Module is one elaborated module: a sub-module's ports at the
// parameters its instance gives, as the design uses it.
type Module struct {
	Name string // Verilator's name of this parameterisation
	Orig string // the module's name in the source
	// Params are the module's parameters (not its localparams) with their
	// values in this parameterisation, as decimal strings ready for -G.
	Params map[string]string
	// Ports are its ports in declaration order; Err, when set, is why they
	// could not all be sized (an unpacked array port, ...): Ports is then
	// incomplete.
	Ports []port.Port
	Err   error
}

// ModulesNamed returns the parameterisations of the source module orig.
func (el *Elaboration) ModulesNamed(orig string) []Module {
	var s []Module
	for _, m := range el.Modules {
		if m.Orig == orig {
			s = append(s, m)
		}
	}
	return s
}

// Design is what a simulator elaborates, builds and runs: the Verilog,
// its top and parameters, and the contract the top is driven through.
type Design struct {
	Files       []string          // Verilog sources, absolute, in compile order
	IncludeDirs []string          // searched by `include
	Top         string            // the top module
	Params      map[string]string // the top's Verilog parameters
	// Ports are the contract's ports in declaration order and Layout
	// their words: a harness connects the top through them and reads and
	// writes a cycle's words in that layout.
	Ports  []port.Port
	Layout *port.Layout
	// Clock and Reset name the top's clock and reset when they are not
	// clk_i and rst_ni (a user's design under a design file); ResetHigh
	// makes the reset active high.
	Clock, Reset string
	ResetHigh    bool
	// User marks a user's Verilog, which may clock on the falling edge:
	// no build that assumes the project's rising-edge-only style.
	User bool
	// Waves builds the design so that a run can write a waveform.
	Waves bool
	// Train, when set, makes the build profile-guided (Caps.NoPGO ""):
	// the training inputs in the built top's layout.
	Train func(l *port.Layout) ([]uint32, error)
	// Progress receives Build's long steps (a Verilator build that is not
	// in the cache, an Icarus compile); nil reports nothing.
	Progress Progress
	// Opt is the C++ optimisation of a simulator that compiles its model
	// (Verilator: -O0, -O1, -O2, -O3 or -Os); "" means its default. One that
	// does not compile (Icarus) ignores it.
	Opt string
	// CacheDir is where a simulator that caches builds keeps them; ""
	// means its default. WorkDir is where one that builds and runs from
	// files does so.
	CacheDir, WorkDir string
}

// Built is a built design.
type Built interface {
	// Cached says the build was found in the simulator's cache.
	Cached() bool
	// Profiled says the build is profile-guided (Design.Train).
	Profiled() bool
	// Open starts a model of the design in this process (Caps.InProcess),
	// its power-up values as o says.
	Open(o OpenOptions) (Model, error)
	// Run runs the design over a stimulus file (not Caps.InProcess): the
	// inputs of each cycle in f.Vec, the outputs of each cycle before its
	// rising edge written to f.Out, the waveform to f.Waves. It returns
	// what the simulator printed.
	Run(ctx context.Context, f Files) (string, error)
}

// OpenOptions set a model's power-up.
type OpenOptions struct {
	Seed     int64 // seeds the random power-up values
	ZeroInit bool  // registers and explicit X start at 0 (Caps.NoZeroInit "")
}

// Files are the files of a run over a stimulus file.
type Files struct {
	Vec, Out, Waves string
	// Stall is the longest the run may go without completing a cycle
	// before it is stopped as a design that does not settle (a fatal
	// *SimError at that cycle); 0 is the simulator's default.
	Stall time.Duration
}

// ErrNotInProcess is returned by Open of a simulator that runs designs
// only over stimulus files, and ErrInProcess by Run of one that runs them
// only in this process.
var (
	ErrNotInProcess = errors.New("cosim: this simulator runs a design over a stimulus file, not in this process")
	ErrInProcess    = errors.New("cosim: this simulator runs a design in this process, not over a stimulus file")
)

// ToolFailure is a simulator's program that failed, with what it printed
// in Msg; Err is the program's own error when there is one.
type ToolFailure struct {
	Msg string
	Err error
}

func (e *ToolFailure) Error() string {
	if e.Err == nil {
		return e.Msg
	}
	return e.Msg + ": " + e.Err.Error()
}

// Unwrap returns the program's error.
func (e *ToolFailure) Unwrap() error { return e.Err }
