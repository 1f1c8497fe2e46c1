package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"occamy/cosim/verilator"
)

// ElaborationError is the refusal, by the simulator that elaborates
// designs for the contract check (Verilator), of a design another
// simulator (Icarus) was asked to run: the design never reaches that
// simulator, even where it would accept it.
type ElaborationError struct {
	Sim, Elaborator string // the simulators' titles: "Icarus", "Verilator"
	Err             error  // the elaborator's own error
}

func (e *ElaborationError) Error() string {
	return fmt.Sprintf("cosim: %s runs a design only after %s has elaborated it to check its ports against the contract, and %s rejects this one, "+
		"so it cannot run on %s here even where %s would accept it; write it in the Verilog both accept (docs/verilog.md). %s: %s",
		e.Sim, e.Elaborator, e.Elaborator, e.Sim, e.Sim, e.Elaborator, strings.TrimPrefix(e.Err.Error(), "cosim: "))
}

// Unwrap returns the elaborator's error.
func (e *ElaborationError) Unwrap() error { return e.Err }

// elaboratedFirst says, for a run on a simulator that does not elaborate
// designs itself, that the elaborator's refusal kept the design from it;
// other errors (a contract violated, a stopped run) pass unchanged.
func (s *session) elaboratedFirst(ctx context.Context, err error) error {
	var be *verilator.BuildError
	if s.sim.Caps().Elaborates || ctx.Err() != nil || !errors.As(err, &be) || be.Stage != "elaborate" {
		return err
	}
	return &ElaborationError{Sim: s.sim.Caps().Title, Elaborator: elaborator().Caps().Title, Err: err}
}
