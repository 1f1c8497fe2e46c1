package blocks

import (
	"fmt"
	"sort"
	"strings"

	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/coverage"
	"occamy/testbench/stimulus"
)

// Param is one block parameter: its Verilog name, default and allowed
// range as the Go model's Validate states them at the other defaults.
type Param struct {
	Name    string `json:"name"`
	Default int    `json:"default"`
	Min     int    `json:"min"`
	Max     int    `json:"max"`
	Note    string `json:"note,omitempty"` // an extra constraint, e.g. "1, 2, 4 or 8"
	// Names, when set, names the values: Names[v] is value v's name
	// (POLICY: dt, occamy, ...), which a command takes for the number.
	Names []string `json:"names,omitempty"`
}

// Coverpoint is one named corner case of a block's contract; its golden
// adapter counts the cycles that witness it.
type Coverpoint struct {
	Name string `json:"name"`
	Desc string `json:"desc"`
	// NA, when set, says why the coverpoint cannot be reached at the
	// given parameters ("" when it can): such a point is reported n/a,
	// never as a zero-hit hole.
	NA func(p map[string]int) string `json:"-"`
}

// Golden is a block's Go golden model behind word arrays in the block's
// contract layout.
type Golden interface {
	// Step runs one cycle: inputs from in, Eval, outputs into out (all
	// OutWords of them), Commit.
	Step(in, out []uint32)
}

// Sides is what Build makes for one run: the golden model, its random
// source (closed loop through the model where needed), its directed
// sequence (nil when the block has none), the coverpoint hit counters the
// golden model increments (one per Block.Coverpoints, in order) and, when
// the model checks its own input contract, the first violation.
type Sides struct {
	Golden   Golden
	Random   stimulus.Source
	Directed stimulus.Finite
	Hits     []uint64
	Err      func() error
	// Signals are the model's traced signals (its ports, then internal
	// counters such as link_reads), and OnEval, when the golden adapter
	// supports it, points to a hook it calls every cycle after Eval and
	// before Commit, where Signals hold that cycle's values. Vector
	// generation (verilog/tb/gen) records rows there.
	Signals []rtl.Signal
	OnEval  *func()
}

// Block is one block the project checks: its face.
type Block struct {
	Name    string   // command-line name: threshold, selector, ...
	Aliases []string // other names accepted on input (the module name is always accepted)
	Module  string   // Verilog module of the project's version
	Summary string   // one line
	Doc     string   // the page of docs/ that holds the port contract
	Sources []string // the project's Verilog, relative to the repository root, in compile order
	// Order places the block in listings and in `--block all` (lowest
	// first; ties by name): the leaf blocks from 10, the memories from 50,
	// the composites from 90. A face picks its own number.
	Order int
	// Hidden blocks (benchmark tops) are not listed by All.
	Hidden bool
	// Parent names the block this one is a sub-module of (the TM's
	// sub-blocks: "tm"), "" for none. Listings show it under its parent;
	// its parameters' range ends are the parent's to check (the module
	// has no checks of its own for parameters its parent derives), so
	// lint runs it at its defaults, small set and Lint sets only.
	Parent string
	Params []Param // in the Go model's Params order
	// Run is the run-time configuration of a block whose Verilog takes it
	// on cfg_* inputs held from reset on (the TM's policy, free mode, ...):
	// like Params these are set with --param and validated by Validate,
	// but the stimulus drives them, so they are never Verilog parameters
	// and one build serves every value of them.
	Run []Param
	// Small is a second parameter set, small enough that every corner
	// (lists running empty, indices past N) is reached in the default
	// budget; the regressions and `--block all` run it besides Defaults.
	Small map[string]int
	// Matrix is the block's regression, what `occamy cosim --block B`
	// runs by default (Regression); nil: its defaults and its small set.
	Matrix      *Matrix
	Coverpoints []Coverpoint
	// Subs are the sub-modules a user may replace with their own
	// (occamy cosim --replace); see Sub.
	Subs []Sub

	Contract Contract // ports, parameter rules, golden model and stimulus
	Checks   Checks   // mutants, lint and testbench sets, .vec adapters
	// Props are the block's properties (occamy cosim --check
	// properties), nil for a block without them.
	Props *Props
}

// Contract is a block's behaviour at its ports, as functions of its
// resolved parameters.
type Contract struct {
	// Validate checks resolved parameters with the Go model's rules.
	Validate func(p map[string]int) error
	// Derive fills parameters whose default follows another's (the TM's
	// QUANTUM follows MAXPKT) when they were not given; nil for none.
	Derive func(given, p map[string]int)
	// Ports gives the contract ports, clock first, in declaration order.
	Ports func(p map[string]int) []port.Port
	// Elem gives the element width of a packed port (qlen_o: QW), 0 for a
	// plain vector, to name the differing element of a mismatch; nil for
	// none.
	Elem func(p map[string]int, port string) int
	// Integrity names the output port that carries data integrity (the
	// TM's egress tags), "" for none: after a first mismatch on another
	// signal the runner also reports the first difference on this one.
	Integrity string
	// Build makes the golden model and its stimulus for a layout of Ports.
	Build func(p map[string]int, l *port.Layout, seed int64) (Sides, error)
}

// Validate checks resolved parameters with the Go model's rules.
func (b *Block) Validate(p map[string]int) error { return b.Contract.Validate(p) }

// Ports are the contract ports at resolved parameters p.
func (b *Block) Ports(p map[string]int) []port.Port { return b.Contract.Ports(p) }

// Elem is the element width of a packed port, 0 for a plain vector.
func (b *Block) Elem(p map[string]int, name string) int {
	if b.Contract.Elem == nil {
		return 0
	}
	return b.Contract.Elem(p, name)
}

// Build makes the golden model and its stimulus for a layout of Ports.
func (b *Block) Build(p map[string]int, l *port.Layout, seed int64) (Sides, error) {
	return b.Contract.Build(p, l, seed)
}

// Defaults returns the block's default parameters (the Verilog ones:
// Resolve and Fill also fill the run-time configuration, Run).
func (b *Block) Defaults() map[string]int {
	p := make(map[string]int, len(b.Params))
	for _, q := range b.Params {
		p[q.Name] = q.Default
	}
	if b.Contract.Derive != nil {
		b.Contract.Derive(nil, p)
	}
	for _, q := range b.Run {
		delete(p, q.Name)
	}
	return p
}

// Verilog returns the entries of resolved parameters p that are Verilog
// parameters (Params), leaving out the run-time configuration (Run).
func (b *Block) Verilog(p map[string]int) map[string]int {
	v := make(map[string]int, len(b.Params))
	for _, q := range b.Params {
		if x, ok := p[q.Name]; ok {
			v[q.Name] = x
		}
	}
	return v
}

// SmallParams returns the small parameter set, every parameter filled.
func (b *Block) SmallParams() map[string]int {
	p, err := b.Resolve(b.Small)
	if err != nil {
		panic(fmt.Sprintf("blocks: %s: small set: %v", b.Name, err))
	}
	return p
}

// ParamNames lists the parameter names in the Go model's order, then the
// run-time configuration's.
func (b *Block) ParamNames() []string {
	s := make([]string, 0, len(b.Params)+len(b.Run))
	for _, q := range b.all() {
		s = append(s, q.Name)
	}
	return s
}

// all is Params then Run.
func (b *Block) all() []Param {
	if len(b.Run) == 0 {
		return b.Params
	}
	return append(append([]Param(nil), b.Params...), b.Run...)
}

// ParamError is a parameter a block does not have.
type ParamError struct {
	Block, Param string
	Known        []string
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("%s has no parameter %s (parameters: %s)", e.Block, e.Param, strings.Join(e.Known, ", "))
}

// Resolve fills the defaults around the given parameters and validates
// them with the Go model's rules (a *rtl.ParamError names the parameter
// and its range); a name the block does not have is a *ParamError.
func (b *Block) Resolve(given map[string]int) (map[string]int, error) {
	p, err := b.Fill(given)
	if err != nil {
		return nil, err
	}
	if err := b.Validate(p); err != nil {
		return nil, err
	}
	return p, nil
}

// Fill is Resolve without the validation: defaults and derived defaults
// around the given parameters, a *ParamError for a name the block does not
// have.
func (b *Block) Fill(given map[string]int) (map[string]int, error) {
	p := make(map[string]int, len(b.Params)+len(b.Run))
	for _, q := range b.all() {
		p[q.Name] = q.Default
	}
	names := make([]string, 0, len(given))
	for k := range given {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if _, ok := p[k]; !ok {
			return nil, &ParamError{Block: b.Name, Param: k, Known: b.ParamNames()}
		}
		p[k] = given[k]
	}
	if b.Contract.Derive != nil {
		b.Contract.Derive(given, p)
	}
	return p, nil
}

// ParamText is "N=64 QW=16" in the block's parameter order (then the
// run-time configuration's, where p has them).
func (b *Block) ParamText(p map[string]int) string {
	s := make([]string, 0, len(b.Params)+len(b.Run))
	for i, q := range b.all() {
		v, ok := p[q.Name]
		if i >= len(b.Params) && !ok {
			continue
		}
		s = append(s, fmt.Sprintf("%s=%d", q.Name, v))
	}
	return strings.Join(s, " ")
}

// Report is a coverage report of the block from its hit counters.
func (b *Block) Report(p map[string]int, hits []uint64) *coverage.Report {
	if len(b.Coverpoints) == 0 {
		return nil
	}
	r := &coverage.Report{Block: b.Name, Params: p, Points: make([]coverage.Point, len(b.Coverpoints))}
	for i, c := range b.Coverpoints {
		r.Points[i] = coverage.Point{Name: c.Name, Desc: c.Desc}
		if c.NA != nil {
			r.Points[i].NA = c.NA(p)
		}
		if i < len(hits) {
			r.Points[i].Hits = hits[i]
		}
	}
	return r
}

// Names returns the block's name, aliases and module.
func (b *Block) Names() []string {
	return append(append([]string{b.Name}, b.Aliases...), b.Module)
}
