package runner

import (
	"context"
	"errors"
	"strings"

	"occamy/cosim"
	"occamy/cosim/icarus"
	"occamy/cosim/verilator"
)

// Simulators Run can drive, by name: the one place they are chosen. Each
// says what it can do (cosim.Caps); the runner drives it by that.
const (
	Verilator = verilator.Name
	Icarus    = icarus.Name
)

// simulators are the simulators, the default first.
var simulators = []cosim.Simulator{verilator.Simulator{}, icarus.Simulator{}}

// Simulators lists the simulators' names, the default first.
func Simulators() []string {
	s := make([]string, len(simulators))
	for i, x := range simulators {
		s[i] = x.Name()
	}
	return s
}

// simulator finds a simulator by name ("" is the default).
func simulator(name string) (cosim.Simulator, error) {
	if name == "" {
		return simulators[0], nil
	}
	for _, x := range simulators {
		if x.Name() == name {
			return x, nil
		}
	}
	return nil, fieldf("Sim", "unknown simulator %q (known: %s)", name, strings.Join(Simulators(), ", "))
}

// elaborator is the simulator that reads a design's ports for the
// contract check, whatever simulator runs the design.
func elaborator() cosim.Simulator {
	for _, x := range simulators {
		if x.Caps().Elaborates {
			return x
		}
	}
	panic("runner: no simulator elaborates")
}

// Caps are the capabilities of the named simulator ("" is the default).
func Caps(sim string) (cosim.Caps, error) {
	x, err := simulator(sim)
	if err != nil {
		return cosim.Caps{}, err
	}
	return x.Caps(), nil
}

// Elaborate reads a design's ports as the contract check does, with the
// simulator that elaborates (occamy prove reads the memory modules' ports
// this way).
func Elaborate(ctx context.Context, d *cosim.Design) (*cosim.Elaboration, error) {
	return elaborator().Elaborate(ctx, d)
}

// CheckIcarus reports whether Icarus is installed: nil, or the one-line
// error (errors.Is(err, ErrIcarusMissing)) saying how to install it, so a
// caller can tell before a long run that its Icarus pass would fail.
func CheckIcarus() error { return icarus.Check() }

// ErrIcarusMissing is wrapped by the error of an Icarus run when iverilog or
// vvp is not installed.
var ErrIcarusMissing = icarus.ErrMissing

// toolErr turns a simulator program's failure into the run's setup error.
func toolErr(err error) error {
	var tf *cosim.ToolFailure
	if errors.As(err, &tf) {
		return &SetupError{Msg: tf.Msg, Err: tf.Err}
	}
	return err
}

// refusal is the error of an option the simulator cannot honour, naming
// the option's field.
func refusal(c cosim.Caps, opt Options) error {
	for _, r := range []struct {
		on         bool
		field, why string
	}{{opt.Batch, "Batch", c.NoBatch}, {opt.ZeroInit, "ZeroInit", c.NoZeroInit}, {opt.PGO, "PGO", c.NoPGO}} {
		if r.on && r.why != "" {
			return fieldf(r.field, "%s", r.why)
		}
	}
	return nil
}

// design is the session's Verilog as a simulator builds it.
func (s *session) design() *cosim.Design {
	d := &cosim.Design{Files: s.files, IncludeDirs: s.incdirs, Top: s.top, Params: gparams(s.b, s.p),
		Ports: s.ports, Layout: &s.canon, User: s.user, CacheDir: s.opt.CacheDir, Progress: s.opt.Steps,
		Opt: s.opt.Opt}
	s.decl.apply(d)
	return d
}
