package main

import (
	"errors"

	"occamy/cosim"
	"occamy/cosim/runner"
	"occamy/cosim/verilator"
	"occamy/rtl/port"
)

// rtlSetup reports whether a run on occamy_tm failed before simulating:
// a setup error of the runner, a port contract, a missing tool, a build
// that failed. The exit code is then 2, as occamy cosim's; what the model
// does while running (a $stop, a cycle that never settles) stays 1.
func rtlSetup(err error) bool {
	var (
		se *runner.SetupError
		ce *port.ContractError
		te *cosim.ToolError
		tf *cosim.ToolFailure
		be *verilator.BuildError
	)
	return errors.As(err, &se) || errors.As(err, &ce) || errors.As(err, &te) || errors.As(err, &tf) || errors.As(err, &be)
}
