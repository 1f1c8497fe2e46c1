package runner

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"occamy/cosim"
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
	obs        []obsSig          // every observed signal, in name order (observe.go)
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

// lines say what the run declares, for the verdict and the JSON.
func (d *decl) lines(l *port.Layout) []string {
	var s []string
	var ren []string
	for c, n := range d.rename {
		if n != ObservePrefix+c { // an observed signal says so below
			ren = append(ren, n+"="+c)
		}
	}
	sort.Strings(ren)
	if len(ren) > 0 {
		s = append(s, "ports "+strings.Join(ren, " "))
	}
	if d.resetHigh {
		s = append(s, "reset "+d.reset+" active high")
	}
	var ties []string
	for i, v := range d.tie {
		ties = append(ties, fmt.Sprintf("%s=%d", l.Inputs[i].Name, v))
	}
	sort.Strings(ties)
	if len(ties) > 0 {
		s = append(s, "tie "+strings.Join(ties, " "))
	}
	var lat, dc []string
	for i, o := range l.Outputs[:len(d.lat)] {
		if d.shift[i] != 0 || d.f.Latency[o.Name] != 0 {
			lat = append(lat, fmt.Sprintf("%s=%d", o.Name, d.lat[i]))
		}
		if v := d.valid[i]; v >= 0 {
			dc = append(dc, o.Name+":"+l.Outputs[v].Name)
		}
	}
	if len(lat) > 0 {
		s = append(s, "latency "+strings.Join(lat, " "))
	}
	if len(dc) > 0 {
		s = append(s, "dont-care "+strings.Join(dc, " "))
	}
	if len(d.uniform) > 0 {
		s = append(s, "constrain one-class")
	}
	if d.hold > 0 {
		s = append(s, fmt.Sprintf("constrain hold=%d", d.hold))
	}
	for _, o := range d.obs {
		s = append(s, "observe "+o.name+"="+o.path)
	}
	return s
}

// wantPorts are the ports the design must have: the contract's, renamed,
// without the tied inputs, a uniform input at element width when the
// design declares it so (got: the design's ports, from elaboration).
func (d *decl) wantPorts(s *session, got []port.Port) []port.Port {
	gotW := map[string]int{}
	for _, p := range got {
		gotW[p.Name] = p.Width
	}
	d.combinational(got)
	var want []port.Port
	for _, p := range s.ports {
		if p.Dir == port.In && d.tied(s, p.Name) || d.dropped(p.Name) {
			continue
		}
		q := p
		q.Name = d.name(p.Name)
		if d.isUniform(s, p.Name) {
			if e := s.b.Elem(s.p, p.Name); e > 0 && gotW[q.Name] == e {
				q.Width = e
				d.narrow[p.Name] = true
			}
		}
		want = append(want, q)
	}
	return want
}

// combinational notes a design without the contract's clock whose
// outputs are all declared at latency 0: a combinational design of a
// clocked contract (a selector's bitmap without its register). It is
// built without a clock, and without a reset when it has none; the reset
// still drives the golden side.
func (d *decl) combinational(got []port.Port) {
	if got == nil || d.clock == "" {
		return
	}
	for _, l := range d.lat {
		if l != 0 {
			return
		}
	}
	has := func(n string) bool {
		for _, p := range got {
			if p.Name == n {
				return true
			}
		}
		return false
	}
	if has(d.clock) {
		return
	}
	d.noClock, d.clock = true, ""
	if d.reset != "" && !has(d.reset) {
		d.noReset, d.reset = true, ""
	}
}

// dropped reports whether contract port c is left out of a combinational
// design (its clock, its reset).
func (d *decl) dropped(c string) bool {
	return d.noClock && c == port.DefaultClock || d.noReset && c == port.DefaultReset
}

func (d *decl) tied(s *session, name string) bool {
	i := s.canon.Input(name)
	_, ok := d.tie[i]
	return i >= 0 && ok
}

func (d *decl) isUniform(s *session, name string) bool {
	i := s.canon.Input(name)
	for _, u := range d.uniform {
		if u == i {
			return true
		}
	}
	return false
}

// setPorts fixes the design's ports and their layout after the contract
// check.
func (d *decl) setPorts(want []port.Port) error {
	d.ports = want
	l, err := port.NewLayout(want, d.clock, d.reset, d.resetHigh)
	if err != nil {
		return setupf("design ports: %v", err)
	}
	d.layout = l
	return nil
}

// portMap maps the contract layout (c) onto the built design's (r) through
// the declarations: renamed ports, no tied inputs, a narrowed uniform
// input's low element, an active-high reset inverted.
func (d *decl) portMap(s *session, c, r *port.Layout) (*portMap, error) {
	m := &portMap{}
	for i, p := range c.Inputs {
		if _, ok := d.tie[i]; ok || d.dropped(p.Name) {
			continue
		}
		n := d.name(p.Name)
		j := r.Input(n)
		if j < 0 {
			return nil, setupf("the built model has no input %s (the contract's %s)", n, p.Name)
		}
		w := r.Inputs[j].Width
		m.in = append(m.in, [3]int{c.InOff[i], r.InOff[j], port.WordsFor(w)})
		fx := fixup{off: r.InOff[j] + port.WordsFor(w) - 1, mask: ^uint32(0)}
		if w%32 != 0 {
			fx.mask = 1<<uint(w%32) - 1
		}
		if p.Name == port.DefaultReset && d.resetHigh {
			fx.xor = 1
		}
		if fx.mask != ^uint32(0) || fx.xor != 0 {
			m.fix = append(m.fix, fx)
		}
	}
	for i, p := range c.Outputs {
		n := d.name(p.Name)
		j := r.Output(n)
		if j < 0 || r.Outputs[j].Width != p.Width {
			return nil, setupf("the built model has no %d-bit output %s (the contract's %s)", p.Width, n, p.Name)
		}
		m.out = append(m.out, [3]int{c.OutOff[i], r.OutOff[j], p.Words()})
	}
	return m, nil
}

// fixup is applied to a design input word after the copy: a mask for a
// narrower port, an inversion for an active-high reset.
type fixup struct {
	off       int
	mask, xor uint32
}

// ObservePrefix starts the name of an observed signal's output on the
// generated wrapper around a design (observe.go).
const ObservePrefix = "occ_obs_"

// obsSig is one observed internal signal: the contract output (or the
// face's observable) it stands for, its path in the design and its width.
type obsSig struct {
	name, path string
	width      int
}

// observeOutputs resolves the observed signals: a contract output the
// design has no port for, read from its path; or one of the face's
// observables, added to the contract layout as an extra output after the
// contract's (whose offsets stay the same).
func (s *session) observeOutputs(d *decl) error {
	var names []string
	for n := range d.f.Observe {
		names = append(names, n)
	}
	sort.Strings(names)
	extra := false
	for _, n := range names {
		w := 0
		if i := s.canon.Output(n); i >= 0 {
			w = s.canon.Outputs[i].Width
		} else {
			o, _ := s.b.Props.Observable(n)
			w = o.Width(s.p)
			s.ports = append(s.ports, port.Output(n, w))
			d.observe = append(d.observe, n)
			extra = true
		}
		d.rename[n] = ObservePrefix + n
		d.paths[n] = d.f.Observe[n]
		d.obs = append(d.obs, obsSig{name: n, path: d.f.Observe[n], width: w})
	}
	if !extra {
		return nil
	}
	l, err := port.NewLayout(s.ports, s.canon.Clock, s.canon.Reset, false)
	if err != nil {
		return setupf("observed signals: %v", err)
	}
	s.canon = l
	return nil
}

// apply puts the design's own ports, clock and reset into the simulator's
// design (nothing for a run without declarations, or before the contract
// check has fixed the ports).
func (d *decl) apply(cd *cosim.Design) {
	if d == nil || d.ports == nil {
		return
	}
	cd.Ports, cd.Layout = d.ports, &d.layout
	if d.clock != port.DefaultClock {
		cd.Clock = d.clock
	}
	if d.reset != port.DefaultReset {
		cd.Reset = d.reset
	}
	if d.noClock {
		cd.Clock = ""
	}
	cd.ResetHigh = d.resetHigh
}

// wantPorts are the ports the design must have: the contract's, or, under
// a design file, the declared ones (got: the design's, from elaboration).
func (s *session) wantPorts(got []port.Port) []port.Port {
	if s.decl == nil {
		return s.ports
	}
	return s.decl.wantPorts(s, got)
}

// fixPorts fixes the design's ports of a declared run once the contract
// check has passed (got nil: no elaboration, the declared widths).
func (s *session) fixPorts(got []port.Port) error {
	if s.decl == nil {
		return nil
	}
	return s.decl.setPorts(s.decl.wantPorts(s, got))
}

// obsLatency is an observed signal's latency: declared, else the
// reference's.
func (d *decl) obsLatency(s *session, name string) int {
	if n, ok := d.f.Latency[name]; ok {
		return n
	}
	o, _ := s.b.Props.Observable(name)
	return o.Latency
}

// portMap maps the contract layout onto the built model's: by name, or
// through the declarations.
func (s *session) portMap(r *port.Layout) (*portMap, error) {
	if s.decl == nil {
		return newPortMap(&s.canon, r)
	}
	return s.decl.portMap(s, &s.canon, r)
}

// declaredResult fills what a run under a design file reports besides
// its check: the declarations and the kind of check.
func (s *session) declaredResult(res *Result) {
	res.Declared = s.decl.lines(&s.canon)
	res.Check = design.CheckEquivalence
	if s.decl.props {
		res.Check = design.CheckProperties
	}
}
