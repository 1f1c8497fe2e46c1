// Package dpi is the Go side of liboccamy_golden, the golden models behind
// a C ABI for SystemVerilog testbenches (DPI-C): one Model per block
// instance, made from the block faces (testbench/blocks) by name and
// parameters, stepped on word arrays in the registry's contract layout
// (port.Layout: the DPI svBitVecVal layout, 32-bit chunks, least
// significant first, each port starting on a new word), and a scoreboard
// that compares a DUT's outputs cycle by cycle with the runner's own
// mismatch format (runner.CompareCycle).
//
// The package is plain Go and knows nothing of C: cmd/liboccamy_golden maps
// the C entry points onto it. docs/dpi.md is the ABI.
package dpi

import (
	"fmt"
	"time"

	"occamy/cosim/runner"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	"occamy/testbench/stimulus"
)

// TraceLines is how many cycles a scoreboard mismatch's trace shows, as
// the runner's default.
const TraceLines = runner.DefaultTraceLines

// Model is one golden model: a registry block's adapter at resolved
// parameters, its current inputs and last outputs, and the scoreboard's
// counts. Not safe for concurrent use (the C layer locks per handle).
type Model struct {
	Block  *blocks.Block
	Params map[string]int
	Layout port.Layout

	g     blocks.Golden
	errf  func() error    // the model's own input-contract check, nil if none
	src   stimulus.Source // the registry's stimulus: directed, then random
	seed  int64
	drawn uint64   // cycles of stimulus drawn
	in    []uint32 // the inputs the next Step uses
	out   []uint32 // the outputs of the last Step
	mask  []uint32 // per input word: the bits the port has
	rst   int      // word of rst_ni, -1 when none
	cycle uint64   // Steps done

	evaluated bool // Eval done, Commit pending

	// scoreboard
	armed      bool // cycles stepped from now on are compared
	cmpNext    bool // the last stepped cycle is compared (armed when it ran)
	checked    bool // the last stepped cycle was compared already
	hits       []uint64
	start      time.Time
	compared   uint64
	mismatches uint64
	first      *runner.Mismatch
	last       *runner.Mismatch
	// compared up to and including the first mismatch
	firstCompared uint64
	hist          []runner.TraceRow // ring of the last TraceLines cycles
	histN         int
}

// New makes the golden model of a block (registry name, alias or module)
// at the given parameters (defaults filled; a *blocks.ParamError for an
// unknown name, an *rtl.ParamError naming the parameter and its range for
// a bad value, a *blocks.UnknownError for an unknown block).
func New(block string, params map[string]int) (*Model, error) {
	b, err := blocks.Lookup(block)
	if err != nil {
		return nil, err
	}
	p, err := b.Resolve(params)
	if err != nil {
		return nil, err
	}
	l, err := b.Layout(p)
	if err != nil {
		return nil, err
	}
	sd, err := b.Build(p, &l, 1)
	if err != nil {
		return nil, err
	}
	m := &Model{Block: b, Params: p, Layout: l, seed: 1,
		in: make([]uint32, l.InWords), out: make([]uint32, l.OutWords), mask: make([]uint32, l.InWords), rst: -1}
	for i, q := range l.Inputs {
		for k := 0; k < q.Words(); k++ {
			m.mask[l.InOff[i]+k] = wordMask(q.Width, k)
		}
		if q.Name == l.Reset {
			m.rst = l.InOff[i]
		}
	}
	m.attach(sd)
	m.armed = l.Clock == "" || m.rst < 0
	m.hist = make([]runner.TraceRow, TraceLines)
	for i := range m.hist {
		m.hist[i] = runner.TraceRow{In: make([]uint32, l.InWords), Gold: make([]uint32, l.OutWords), RTL: make([]uint32, l.OutWords)}
	}
	return m, nil
}

// wordMask is the mask of word k of a port of width w.
func wordMask(w, k int) uint32 {
	if rest := w - 32*k; rest < 32 {
		return 1<<uint(rest) - 1
	}
	return ^uint32(0)
}

// Cycle is the number of cycles stepped since New.
func (m *Model) Cycle() uint64 { return m.cycle }

// Inputs and Outputs are the current input words and the last outputs
// (the caller must not keep them past the next call).
func (m *Model) Inputs() []uint32  { return m.in }
func (m *Model) Outputs() []uint32 { return m.out }

// WordsError is a word array of the wrong length or a port value of the
// wrong width: Field names the argument or port.
type WordsError struct {
	Field     string
	Got, Want int
	Unit      string // "words" or "bits"
}

func (e *WordsError) Error() string {
	return fmt.Sprintf("%s: %d %s given, the layout has %d", e.Field, e.Got, e.Unit, e.Want)
}

// ArgError is an argument out of its range: Field names it.
type ArgError struct{ Field, Msg string }

func (e *ArgError) Error() string { return e.Field + ": " + e.Msg }

// PortError is a port index or name the block does not have.
type PortError struct {
	Block string
	Port  string // the name, or the index as text
	Known string // the layout's ports
}

func (e *PortError) Error() string {
	return fmt.Sprintf("%s has no port %s (ports: %s)", e.Block, e.Port, e.Known)
}

// PhaseError is a call out of the eval/commit order.
type PhaseError struct{ Call, Reason string }

func (e *PhaseError) Error() string { return e.Call + ": " + e.Reason }

// SetInputs takes one cycle's inputs in the contract layout; bits above
// a port's width are cleared (as the Verilated model ignores them).
func (m *Model) SetInputs(words []uint32) error {
	if len(words) != len(m.in) {
		return &WordsError{Field: "inputs", Got: len(words), Want: len(m.in), Unit: "words"}
	}
	if m.evaluated {
		return &PhaseError{Call: "set inputs", Reason: "between eval and commit (the golden adapter evaluated and latched this cycle already: commit first)"}
	}
	for k, w := range words {
		m.in[k] = w & m.mask[k]
	}
	return nil
}

// step runs the adapter on the current inputs (Eval, outputs, Commit) and
// checks the model's input contract.
func (m *Model) step() error {
	m.g.Step(m.in, m.out)
	m.cmpNext, m.checked = m.armed, false
	if m.rst >= 0 && m.in[m.rst]&1 == 0 {
		// The runner's rule: compare from the cycle after the first
		// cycle with the reset asserted; before that edge the DUT's
		// registers hold power-up values, the model its reset state.
		m.armed = true
	}
	m.cycle++
	if m.errf != nil {
		if err := m.errf(); err != nil {
			return &ContractError{Cycle: m.cycle - 1, Err: err}
		}
	}
	return nil
}

// ContractError is a cycle whose inputs broke the block's input contract
// (the golden model's own check): what is compared after it means nothing.
type ContractError struct {
	Cycle uint64
	Err   error
}

func (e *ContractError) Error() string {
	return fmt.Sprintf("cycle %d: the inputs broke the block's input contract: %v", e.Cycle, e.Err)
}

func (e *ContractError) Unwrap() error { return e.Err }

// Eval computes the outputs of the current inputs. The registry's
// adapters evaluate and commit in one Step, so Eval runs that Step and
// latches it: the inputs must not change until Commit, which then only
// ends the cycle. Eval twice without Commit is a *PhaseError.
func (m *Model) Eval() error {
	if m.evaluated {
		return &PhaseError{Call: "eval", Reason: "called twice in one cycle (the cycle was evaluated and latched: commit first)"}
	}
	m.evaluated = true
	return m.step()
}

// Commit ends a cycle opened by Eval (the rising edge).
func (m *Model) Commit() error {
	if !m.evaluated {
		return &PhaseError{Call: "commit", Reason: "no eval in this cycle (call eval, or step for both)"}
	}
	m.evaluated = false
	return nil
}

// Step is Eval and Commit: one cycle on the current inputs.
func (m *Model) Step() error {
	if err := m.Eval(); err != nil {
		return err
	}
	return m.Commit()
}

// Reset holds the reset asserted, every other input 0, for n cycles (at
// least 1), as cosim's Model.Reset does; the inputs are 0 afterwards.
func (m *Model) Reset(n int) error {
	if n < 1 {
		return &ArgError{Field: "cycles", Msg: fmt.Sprintf("%d, want at least 1", n)}
	}
	if m.rst < 0 {
		return &PortError{Block: m.Block.Name, Port: "rst_ni (the block has no reset)", Known: LayoutText(&m.Layout)}
	}
	if m.evaluated {
		return &PhaseError{Call: "reset", Reason: "between eval and commit (commit first)"}
	}
	clear(m.in)
	for i := 0; i < n; i++ {
		if err := m.Step(); err != nil {
			return err
		}
	}
	return nil
}
