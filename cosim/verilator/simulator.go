package verilator

import (
	"context"
	"fmt"

	"occamy/cosim"
	"occamy/rtl/port"
)

// Name is Verilator's name on the command line.
const Name = "verilator"

// DefaultCycles is a run's cycle budget on Verilator when none is given.
const DefaultCycles = 200_000

// Simulator is Verilator as a cosim.Simulator: it elaborates with
// `--xml-only`, builds a cached shared library and runs it in this
// process (two-state; X-dependent behaviour shows through random power-up
// and X values, xFlags).
type Simulator struct{}

// Name implements cosim.Simulator.
func (Simulator) Name() string { return Name }

// Caps implements cosim.Simulator.
func (Simulator) Caps() cosim.Caps {
	return cosim.Caps{InProcess: true, Elaborates: true, DefaultCycles: DefaultCycles, Title: "Verilator"}
}

// Available is nil when this binary can open Verilated models (built with
// the verilator tag), else ErrNoVerilatorSupport.
func (Simulator) Available() error {
	if !Supported() {
		return cosim.ErrNoVerilatorSupport
	}
	return nil
}

// Elaborate implements cosim.Simulator with Discover.
func (Simulator) Elaborate(ctx context.Context, d *cosim.Design) (*cosim.Elaboration, error) {
	return Discover(ctx, SpecOf(d))
}

// Build implements cosim.Simulator with Build.
func (Simulator) Build(ctx context.Context, d *cosim.Design) (cosim.Built, error) {
	lib, err := Build(ctx, SpecOf(d))
	if err != nil {
		return nil, err
	}
	return &built{lib: lib}, nil
}

// xFlags make Verilator's two-state model show X-dependent behaviour:
// every explicit X the RTL assigns ('x, a case default to x) becomes a
// value drawn at power-up (--x-assign unique) and so does every register
// and memory without a reset value (--x-initial unique, Verilator's
// default, stated so the cache key carries it). The draws follow
// +verilator+rand+reset+2 and +verilator+seed+ (plusargs), so a design that
// drives X where the contract gives a value mismatches for almost every
// seed instead of reading 0. Icarus, four-state, is the exact check.
var xFlags = []string{"--x-assign", "unique", "--x-initial", "unique"}

// SpecOf is the Verilator build of a design. The project's own blocks,
// which clock only on the rising edge, are built with registered inputs
// (Spec.RegInputs: one combinational settle per cycle instead of three,
// 2.4x for occamy_tm, docs/perf.md); a user's Verilog, which may use the
// falling edge, is not.
func SpecOf(d *cosim.Design) Spec {
	s := Spec{Sources: d.Files, Top: d.Top, Params: d.Params, CacheDir: d.CacheDir, Trace: d.Waves,
		Flags: xFlags, IncludeDirs: d.IncludeDirs, RegInputs: !d.User, Clock: d.Clock, Reset: d.Reset, ResetHigh: d.ResetHigh,
		Progress: d.Progress, Opt: d.Opt}
	if d.Train != nil {
		s.Train = &Training{Inputs: d.Train}
	}
	return s
}

// built is a Library as a cosim.Built.
type built struct{ lib *Library }

func (b *built) Cached() bool   { return b.lib.Cached }
func (b *built) Profiled() bool { return b.lib.PGO != "" } // what was built, not what was asked

// Open opens a model with the power-up values o asks for.
func (b *built) Open(o cosim.OpenOptions) (cosim.Model, error) { return OpenArgs(b.lib, plusargs(o)) }

// Run is not Verilator's way: it runs in this process.
func (b *built) Run(context.Context, cosim.Files) (string, error) { return "", cosim.ErrInProcess }

// Layout is the built top's layout.
func (b *built) Layout() *port.Layout { return &b.lib.Layout }

// plusargs are the runtime arguments of a Verilated model: random
// power-up values from the seed, or none (zero) with ZeroInit.
func plusargs(o cosim.OpenOptions) []string {
	if o.ZeroInit {
		return nil
	}
	seed := uint64(o.Seed)*2654435761 + 1
	return []string{"+verilator+rand+reset+2", fmt.Sprintf("+verilator+seed+%d", 1+seed%2147483646)}
}
