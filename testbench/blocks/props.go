package blocks

import (
	"fmt"

	"occamy/rtl/port"
)

// Props are a block's properties: what Occamy needs of the block, checked
// every cycle on a design's ports instead of equality with the golden
// model (occamy cosim --check properties). A design that is not a clone of
// the reference (another fair rotation, a registered output, a shared
// threshold) passes them when it does what the traffic manager relies on.
//
// The runner aligns each cycle to the declared latencies before a checker
// sees it: the checker reads a cycle's inputs and the outputs they decide
// as one row, as if every output had latency 0 (PropCycle).
type Props struct {
	// Latency is the reference's latency of a contract output: the cycles
	// from the inputs that decide it to the output (the contract's
	// "registered" is 1). A design declares its own with --latency; this
	// is the default. Nil: every output 0.
	Latency func(p map[string]int, out string) int
	// Uniform are the inputs whose elements --constrain one_class makes
	// equal (every threshold the same: one alpha class); their element
	// width is Contract.Elem. A design may then take only element 0 (a
	// port of the element's width).
	Uniform []string
	// Held are the inputs the property stimulus holds steady in long
	// phases (request maps, lengths), and --constrain hold=K for K cycles.
	Held []string
	// With names the inputs that go with an output rather than decide it
	// (a handshake: ack_i takes the grant it sees): such an input is
	// aligned with that output, at its latency, not with the inputs.
	With map[string]string
	// Observe are the internal signals a design may name with --observe
	// for the properties (and, where Gold is set, the comparison) to read.
	Observe []Observable
	// New makes the checker of one run.
	New func(c PropConfig) (PropChecker, error)
	// Monitor states the same properties as a SystemVerilog monitor, for
	// occamy prove --properties on a design; nil when prove has none.
	Monitor func(c PropConfig) (Monitor, error)
	// NoMonitor says why prove has no Monitor of these properties (the
	// refusal of prove --properties quotes it); empty when it has one.
	NoMonitor string
	// RefLemmas strengthens Monitor's properties on the project's own
	// Verilog (occamy prove --properties without a design): invariants of
	// the reference's internal state that make them inductive for pdr.
	// Nil: the Monitor alone.
	RefLemmas func(c PropConfig) (Lemmas, error)
}

// Monitor is a block's properties as a SystemVerilog module occ_props that
// prove instantiates beside the design. Its ports: clk_i (when the block
// is clocked); chk, 1 in a row that is checked; rst_a, the reset of the
// row's input cycle; the contract's inputs and outputs by their names,
// aligned as PropCycle's are (the runner's prove wrapper delays them); the
// Free inputs; and bad[len(Names)-1:0], bit k set when property k fails
// in this row. Names are PropChecker.Names' names, in the same order.
type Monitor struct {
	Text  string
	Names []string
	// Free are inputs the solver chooses once (the requester a fairness
	// property watches), held in the monitor from the first cycle
	// (HoldFree writes that).
	Free []port.Port
}

// Observable is an internal signal a design may expose by its
// hierarchical path (--observe NAME=path): the runner brings it out as an
// extra output named Name of Width bits.
type Observable struct {
	Name string
	Desc string
	// Width is its width at the run's parameters.
	Width func(p map[string]int) int
	// Latency is its latency in the reference (cycles from the inputs
	// that decide it); a design declares its own with --latency NAME=N.
	Latency int
}

// PropConfig is what a checker is made for: the run's parameters, the
// contract layout (with the observed signals as extra outputs named as
// the Observable), the declared latency of every output, and the options
// of the properties.
type PropConfig struct {
	Params  map[string]int
	Layout  *port.Layout
	Latency map[string]int
	// WaitBound is the arbiter's bound (the most taken grants a held
	// requester may wait); 0 means N-1.
	WaitBound int
	// Observed lists the observable names the design exposes.
	Observed []string
	// LowestTie asks a maximum finder for the reference's tie rule (the
	// lowest index among the maximal candidates), not any maximal one.
	LowestTie bool
}

// Has reports whether the run observes the named signal.
func (c *PropConfig) Has(name string) bool {
	for _, o := range c.Observed {
		if o == name {
			return true
		}
	}
	return false
}

// PropChecker checks a block's properties cycle after cycle. It is made
// once per run and must not allocate in Step, except to describe a
// violation that Violations asks for.
type PropChecker interface {
	// Names are the properties, in the order of Violations' counters.
	Names() []PropName
	// Step checks one aligned cycle.
	Step(c *PropCycle)
	// Finish states what a run measured, once at its end (the worst wait
	// seen, and so on), through v.Stat.
	Finish(v *Violations)
}

// PropName names one property and says it in one line.
type PropName struct {
	Name string `json:"name"`
	Desc string `json:"desc"`
}

// PropCycle is one aligned cycle: the inputs of cycle Cycle and the
// outputs they decide, each output taken at its declared latency, all in
// the contract layout.
type PropCycle struct {
	Cycle uint64
	In    []uint32
	Out   []uint32
	// Reset: the reset is asserted in this input cycle. An output of
	// latency 1 or more then shows its reset value.
	Reset bool
	// Skip: this cycle is not checked (before the first reset, or its
	// outputs were cleared by a reset on the way, or an output holds x):
	// a checker forgets its history (waits, counts) and returns.
	Skip bool
	// V counts and describes the violations.
	V *Violations
}

// MaxViolations is how many violations a run describes (the first ones);
// every violation is counted.
const MaxViolations = 10

// Violation is one described violation of a property.
type Violation struct {
	Cycle    uint64 `json:"cycle"`
	Property string `json:"property"`
	What     string `json:"what"`
}

// PropCount is one property's tally over a run.
type PropCount struct {
	PropName
	// Checked counts the cycles in which the property had something to
	// check (a grant to check, a request waiting): a property checked
	// in no cycle is vacuous, and the verdict says so.
	Checked    uint64 `json:"cycles_checked"`
	Violations uint64 `json:"violations"`
	// Stat is what the run measured for it ("worst wait 7 grants,
	// requester 3, cycle 1042").
	Stat string `json:"measured,omitempty"`
}

// Violations collects a run's violations: a count per property and the
// first MaxViolations described.
type Violations struct {
	Props []PropCount
	First []Violation
}

// NewViolations makes the tally for a checker's properties.
func NewViolations(names []PropName) *Violations {
	v := &Violations{Props: make([]PropCount, len(names)), First: make([]Violation, 0, MaxViolations)}
	for i, n := range names {
		v.Props[i].PropName = n
	}
	return v
}

// Check counts a cycle in which property k had something to check.
func (v *Violations) Check(k int) { v.Props[k].Checked++ }

// Fail counts a violation of property k; it returns true when the
// violation is among the first MaxViolations, which the caller then
// describes with Describe.
func (v *Violations) Fail(k int) bool {
	v.Props[k].Violations++
	return len(v.First) < MaxViolations
}

// Describe records a violation of property k at cycle c (after Fail
// returned true).
func (v *Violations) Describe(k int, c uint64, format string, a ...any) {
	if len(v.First) < MaxViolations {
		v.First = append(v.First, Violation{Cycle: c, Property: v.Props[k].Name, What: fmt.Sprintf(format, a...)})
	}
}

// Stat sets what the run measured for property k.
func (v *Violations) Stat(k int, format string, a ...any) {
	v.Props[k].Stat = fmt.Sprintf(format, a...)
}

// Total is the number of violations of every property.
func (v *Violations) Total() uint64 {
	var n uint64
	for _, p := range v.Props {
		n += p.Violations
	}
	return n
}

// OutLatency is the reference's latency of output out at p.
func (pr *Props) OutLatency(p map[string]int, out string) int {
	if pr == nil || pr.Latency == nil {
		return 0
	}
	return pr.Latency(p, out)
}

// Observable finds an observable by name.
func (pr *Props) Observable(name string) (Observable, bool) {
	if pr != nil {
		for _, o := range pr.Observe {
			if o.Name == name {
				return o, true
			}
		}
	}
	return Observable{}, false
}

// IsUniform reports whether --constrain one_class makes input name's
// elements equal.
func (pr *Props) IsUniform(name string) bool {
	if pr == nil {
		return false
	}
	for _, u := range pr.Uniform {
		if u == name {
			return true
		}
	}
	return false
}

// Hex is a port value in hexadecimal, zero-padded to its width, as a .vec
// file writes it: for describing a violation.
func Hex(w []uint32, width int) string {
	digits := (width + 3) / 4
	b := make([]byte, digits)
	for d := 0; d < digits; d++ {
		bit := 4 * d
		if bit>>5 < len(w) {
			b[digits-1-d] = "0123456789abcdef"[w[bit>>5]>>uint(bit&31)&15]
		} else {
			b[digits-1-d] = '0'
		}
	}
	return string(b)
}

// PropNames are the names of props, in order: a Monitor's Names, which
// must be its checker's.
func PropNames(props []PropName) []string {
	names := make([]string, len(props))
	for i, p := range props {
		names[i] = p.Name
	}
	return names
}
