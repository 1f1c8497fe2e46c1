package cosim

import (
	"time"
)

// Progress receives the start and the end of each long step of a run: a
// Verilator build, an Icarus compile, a Yosys run. The library only
// reports; the command decides how to show it (a spinner on a terminal,
// one line per step in a log). A nil Progress reports nothing.
type Progress func(Step)

// Step is one long step, at its start (Done false) or its end.
type Step struct {
	// What says what runs, as a user reads it: "verilating occamy_tm
	// (first time for these parameters; cached afterwards)".
	What string
	// Done marks the end; Elapsed and Err are set then.
	Done    bool
	Elapsed time.Duration
	Err     error
}

// Run reports what's start, runs f, reports its end and returns f's error.
func (p Progress) Run(what string, f func() error) error {
	if p == nil {
		return f()
	}
	p(Step{What: what})
	t0 := time.Now()
	err := f()
	p(Step{What: what, Done: true, Elapsed: time.Since(t0), Err: err})
	return err
}
