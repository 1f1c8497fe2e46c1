package runner

import (
	"path/filepath"

	"occamy/rtl/port"
	"occamy/testbench/design"
)

// decl is what a design file (Options.Design) changes in a run, resolved
// against the block's contract layout: the design's own port names,
// tie-offs, latencies, don't-care outputs, stimulus constraints, observed
// signals and the kind of check. A run without one (nil) is the lock-step
// equality of the project's own blocks, untouched.
type decl struct {
	f          *design.File
	props      bool // --check properties
	keepGoing  bool // count every difference
	clock      string
	reset      string // the design's reset port ("" when the block has none)
	resetHigh  bool
	rename     map[string]string // contract port -> design port
	tie        map[int]uint32    // contract input index -> value (the design lacks the port)
	uniform    []int             // contract inputs whose elements one_class makes equal
	narrow     map[string]bool   // uniform inputs the design takes at element width
	held       []int             // contract inputs the property stimulus holds
	hold       int               // --constrain hold=K
	lat, shift []int             // per contract output: declared latency, minus the reference's
	valid      []int             // per contract output: its valid output, -1 when none
	observe    []string          // observed observables' names, in order (extra outputs of canon)
	obs        []obsSig          // every observed signal, in name order
	paths      map[string]string // observed name -> hierarchical path
	noClock    bool              // a combinational design of a clocked contract: no clock port
	noReset    bool              // ... and no reset port
	ports      []port.Port       // the design's ports: renamed, ties left out (set by the contract check)
	layout     port.Layout       // their layout, clock and reset the design's
}

// applyDesign fills the options a design file gives and the flags left
// unset: the block, top, files (relative to the file), include
// directories and parameters (the flags' on top).
func applyDesign(opt *Options) error {
	f := opt.Design
	if f == nil {
		return nil
	}
	if opt.Block == "" {
		opt.Block = f.Block
	}
	dir := "."
	if f.Path != "" {
		dir = filepath.Dir(f.Path)
	}
	rel := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	if opt.Top == "" {
		opt.Top = f.Top
	}
	if len(opt.RTL) == 0 {
		for _, p := range f.Files {
			opt.RTL = append(opt.RTL, rel(p))
		}
	}
	for _, p := range f.Incdirs {
		opt.IncludeDirs = append(opt.IncludeDirs, rel(p))
	}
	if len(f.Params) > 0 {
		p := make(map[string]int, len(f.Params)+len(opt.Params))
		for k, v := range f.Params {
			p[k] = v
		}
		for k, v := range opt.Params {
			p[k] = v
		}
		opt.Params = p
	}
	return nil
}

// newDecl checks the design file against the block and resolves it on
// the contract layout; nil when it declares nothing that changes the run.
func (s *session) newDecl() (*decl, error) {
	f := s.opt.Design
	if f == nil {
		return nil, nil
	}
	if err := f.Validate(s.b, s.p); err != nil {
		return nil, &SetupError{Field: "Design", Msg: "design file", Err: err}
	}
	if f.Check == design.CheckScoreboard {
		return nil, fieldf("Design", "--check scoreboard is a traffic manager's transaction check (the tm: section), not a mode of this run")
	}
	d := &decl{f: f, props: f.Check == design.CheckProperties, keepGoing: f.KeepGoing,
		rename: map[string]string{}, tie: map[int]uint32{}, narrow: map[string]bool{}, hold: f.Constrain.Hold,
		paths: map[string]string{}}
	pr := s.b.Props
	l := &s.canon
	for dn, cn := range f.Ports {
		d.rename[cn] = dn
	}
	if s.canon.Clock != "" {
		d.clock = port.DefaultClock
		if f.Clock != "" {
			d.clock = f.Clock
			d.rename[port.DefaultClock] = f.Clock
		}
	}
	if s.rstIdx >= 0 {
		d.reset = d.name(port.DefaultReset)
		if r := f.Reset; r != nil {
			if r.Port != "" {
				d.reset, d.rename[port.DefaultReset] = r.Port, r.Port
			}
			d.resetHigh = r.Active == "high"
		}
	} else if f.Reset != nil {
		return nil, fieldf("Design", "%s has no reset to declare (reset:)", s.b.Name)
	}
	for name, v := range f.Tie {
		d.tie[l.Input(name)] = uint32(v)
	}
	if f.Constrain.OneClass {
		for _, u := range pr.Uniform {
			d.uniform = append(d.uniform, l.Input(u))
		}
	}
	if pr != nil {
		for _, h := range pr.Held {
			d.held = append(d.held, l.Input(h))
		}
	}
	d.lat, d.shift, d.valid = make([]int, len(l.Outputs)), make([]int, len(l.Outputs)), make([]int, len(l.Outputs))
	for i, o := range l.Outputs {
		ref := pr.OutLatency(s.p, o.Name)
		d.lat[i] = ref
		if n, ok := f.Latency[o.Name]; ok {
			d.lat[i] = n
		}
		d.shift[i] = d.lat[i] - ref
		d.valid[i] = -1
		if v, ok := f.DontCare[o.Name]; ok {
			d.valid[i] = l.Output(v)
		}
	}
	if len(f.Observe) > 0 {
		if err := s.observeOutputs(d); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// name is the design's name of contract port c.
func (d *decl) name(c string) string {
	if n, ok := d.rename[c]; ok {
		return n
	}
	return c
}
