// Command occamy is the Occamy toolkit's command line: the default job
// (demo), the traffic-manager simulator, the co-simulator, the VCD differ,
// vector generation, hardware cost and the throughput estimator.
//
// Exit codes are uniform across subcommands: 0 success, 1 a check found a
// difference or a failure, 2 bad input or a setup error (unknown names,
// parameters out of range, missing tools) or an output that could not be
// written (standard output, a waveform), 130 a run stopped by SIGINT or
// SIGTERM.
package main

import (
	"errors"
	"fmt"
	"io"
	_ "occamy/testbench/blocks/all"
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run runs the command line and returns the exit code. Every command
// writes its output through one checked writer, so a failed write to
// standard output (a full disk, /dev/full, a closed pipe) is reported and
// exits 2 whatever the command, rather than losing the verdict silently.
func run(args []string, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	root := newRootCmd()
	root.SetOut(out)
	root.SetErr(stderr)
	root.SetArgs(args)
	code := 0
	if err := root.Execute(); err != nil {
		if out.err == nil || !errors.Is(err, out.err) { // said once, below
			fmt.Fprintln(stderr, "occamy:", err)
		}
		code = exitCode(err)
	}
	if out.err != nil {
		fmt.Fprintln(stderr, "occamy: writing standard output:", out.err)
		if code != exitInterrupted {
			code = 2
		}
	}
	return code
}

// checkedWriter keeps the first write error of w; later writes are
// dropped (the output is already incomplete).
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
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
