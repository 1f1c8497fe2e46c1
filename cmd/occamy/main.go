// Command occamy is the Occamy toolkit's command line: the demo and the
// traffic-manager simulator, the co-simulator, the VCD differ, vector
// generation, hardware cost and the throughput estimator.
//
// Exit codes are uniform across subcommands: 0 success, 1 a check found a
// difference or a failure, 2 bad input or a setup error (unknown names,
// parameters out of range, missing tools).
package main

import (
	"errors"
	"fmt"
	"os"
)

func main() {
	root := newRootCmd()
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "occamy:", err)
		os.Exit(exitCode(err))
	}
}

// exitError carries an exit code with an error.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageErr marks err as bad input (exit 2).
func usageErr(err error) error { return &exitError{code: 2, err: err} }

// failErr marks err as a check that failed (exit 1).
func failErr(err error) error { return &exitError{code: 1, err: err} }

func exitCode(err error) int {
	var e *exitError
	if errors.As(err, &e) {
		return e.code
	}
	// Flag parsing and argument errors from cobra are usage errors.
	return 2
}
