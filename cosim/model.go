package cosim

import (
	"errors"
	"fmt"
	"occamy/rtl/port"
)

// Model is a running Verilated top. It is not safe for concurrent use; run
// one model per goroutine (several models, of one library or of several, may
// run at once).
//
// Input and output arrays follow Layout: one cycle's inputs are
// Layout.InWords words, one cycle's outputs Layout.OutWords words.
type Model interface {
	// Ports returns every port of the top in declaration order, the clock
	// included.
	Ports() []port.Port
	// Layout returns how the word arrays map onto the ports.
	Layout() *port.Layout
	// Cycle runs one cycle: it sets every input from in, settles the logic,
	// copies every output into out (the values before the rising edge, as
	// a Go model's outputs after Eval) and clocks the rising edge. For a
	// combinational top it only settles and reads. A *SimError reports a
	// $stop, failed assertion or $finish during the cycle (out is still
	// filled, and the model can go on) or a fatal error (the model is dead).
	// With Spec.RegInputs the rising edge runs at the start of the next
	// call (regin.go): a status it raises is reported by that call, with
	// the cycle it belongs to, and that call's own cycle has not run (out
	// untouched, Cycles not counting it). Run, Reset, Eval, Tick, Get and
	// Close run the owed edge first, so Run reports a batch's statuses
	// itself.
	Cycle(in, out []uint32) error
	// Run runs n cycles from n*InWords input words into n*OutWords output
	// words in one call. It stops after the first cycle that reports a
	// *SimError; the error's Cycle tells which.
	Run(n int, in, out []uint32) error
	// Reset holds the reset asserted and every other input at 0 for cycles
	// cycles, then deasserts it. It does nothing but clock when the top has
	// no reset.
	Reset(cycles int) error
	// Set drives input i (an index into Layout.Inputs) for the next Eval,
	// Tick or Cycle; Get reads output i as of the last evaluation.
	Set(i int, words []uint32) error
	Get(i int, words []uint32) error
	// Eval settles the logic without a clock edge; Tick clocks one cycle
	// (clock low, eval, clock high, eval) without touching the inputs.
	Eval() error
	Tick() error
	// Cycles is the number of cycles run so far, reset cycles included.
	Cycles() uint64
	// Trace starts writing a VCD to path (timescale 1 ps, cycle c's inputs
	// at 1000c, the clock falling at 1000c+500), closing any open trace;
	// an empty path just closes it. The library must be built with
	// Spec.Trace.
	Trace(path string) error
	// Output returns and forgets what the design printed ($display, and
	// the messages of failed assertions).
	Output() string
	// Close ends any trace, runs final blocks and frees the model.
	Close() error
}

// Comparer is implemented by models that compare their outputs as they
// run (the Verilated ones): lock-step checking without a call per cycle.
type Comparer interface {
	// RunCompare runs up to n cycles as Run does and, after each cycle i >=
	// from, compares its output words with want's (n*OutWords words, the
	// expected outputs). It stops after the first cycle that differs and
	// returns its index, or -1 when none does, so the model never runs
	// past the first difference. A *SimError stops it as it stops Run; a
	// cycle that raised one in its own settle is compared first.
	RunCompare(n, from int, in, want, out []uint32) (diff int, err error)
}

// SimKind classifies a *SimError.
type SimKind int

// Kinds of simulation events.
const (
	SimStop   SimKind = 1 // $stop, $error, $fatal or a failed immediate assertion
	SimFinish SimKind = 2 // $finish
	SimFatal  SimKind = 3 // Verilator fatal error (e.g. no convergence); the model is dead
)

// String names the kind.
func (k SimKind) String() string {
	switch k {
	case SimStop:
		return "stop"
	case SimFinish:
		return "finish"
	case SimFatal:
		return "fatal error"
	}
	return fmt.Sprintf("SimKind(%d)", int(k))
}

// SimError is an event inside the Verilated design that ends a Cycle or Run
// call early.
type SimError struct {
	Top   string
	Kind  SimKind
	Cycle uint64 // the cycle during which it happened, counting from 0 at Open
	Msg   string // Verilator's message with file and line, e.g. the failed assertion
}

// Error is one line: top, kind, cycle and message.
func (e *SimError) Error() string {
	return fmt.Sprintf("cosim: %s: %s in cycle %d: %s", e.Top, e.Kind, e.Cycle, e.Msg)
}

// ErrNoVerilatorSupport is returned by Open in a binary built without the
// verilator build tag (and so without cgo).
var ErrNoVerilatorSupport = errors.New("cosim: this binary was built without Verilator support (rebuild with -tags verilator)")

// ErrClosed is returned by a Model used after Close.
var ErrClosed = errors.New("cosim: model is closed")
