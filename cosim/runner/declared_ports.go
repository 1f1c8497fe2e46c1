package runner

import (
	"occamy/cosim"
	"occamy/rtl/port"
)

// A declared run's ports: the design's own, as its file renames, ties,
// narrows and drops them, checked against the elaborated design, and
// mapped onto the built model's layout.

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

// portMap maps the contract layout onto the built model's: by name, or
// through the declarations.
func (s *session) portMap(r *port.Layout) (*portMap, error) {
	if s.decl == nil {
		return newPortMap(&s.canon, r)
	}
	return s.decl.portMap(s, &s.canon, r)
}
