package runner

import (
	"occamy/rtl/pack"
	"occamy/testbench/stimulus"
)

// constrained is a block's stimulus under a design's declarations, for
// both sides: tied inputs at their value, the elements of a uniform input
// (thr_i under one_class) all equal to element 0, held inputs steady for
// hold cycles; and, checking properties, phases in which the request maps
// and lengths stay put for 4N to 8N cycles, half of them thinned to a
// pair of requesters, between phases that change every cycle, so that a
// rotation that starves a requester shows without the user asking.
type constrained struct {
	src     stimulus.Source
	ties    []tieWord
	uniform []elemField
	held    []elemField
	hold    int  // declared: hold every held input this many cycles
	phases  bool // property stimulus: held phases between free ones
	n       int  // elements of the widest held input (N)
	rng     *stimulus.RNG
	saved   []uint32 // held inputs' words, in held order
	left    int      // cycles left in the current held (or, phases, free) stretch
	holding bool
}

// tieWord is one tied input: its value in its words.
type tieWord struct {
	f stimulus.Field
	v uint64
}

// elemField is an input port and its element width.
type elemField struct {
	f    stimulus.Field
	elem int // element width, 0 when the port is one value
}

// constrain wraps src as the declarations say; src itself when nothing
// applies. A replay (a counterexample's inputs) is held as declared, as
// prove's miter holds them, but gets no phases of its own.
func (s *session) constrain(src stimulus.Source, replay bool) stimulus.Source {
	d := s.decl
	if d == nil {
		return src
	}
	l := &s.canon
	field := func(i int) elemField {
		p := l.Inputs[i]
		return elemField{f: stimulus.Field{Off: l.InOff[i], Words: p.Words(), Width: p.Width}, elem: s.b.Elem(s.p, p.Name)}
	}
	c := &constrained{src: src, hold: d.hold, phases: d.props && d.hold == 0 && !replay, rng: stimulus.NewRNG(s.opt.Seed ^ 0x401d)}
	for i, v := range d.tie {
		c.ties = append(c.ties, tieWord{f: field(i).f, v: uint64(v)})
	}
	for _, i := range d.uniform {
		c.uniform = append(c.uniform, field(i))
	}
	if c.hold > 0 || c.phases {
		words := 0
		for _, i := range d.held {
			e := field(i)
			c.held = append(c.held, e)
			words += e.f.Words
			if e.elem > 0 {
				c.n = max(c.n, e.f.Width/e.elem)
			}
		}
		c.n = max(c.n, 1)
		c.saved = make([]uint32, words)
	}
	if len(c.ties) == 0 && len(c.uniform) == 0 && len(c.held) == 0 {
		return src
	}
	return c
}

// Next implements stimulus.Source.
func (c *constrained) Next(cyc uint64, in []uint32) {
	c.src.Next(cyc, in)
	if len(c.held) > 0 {
		c.holdInputs(in)
	}
	for _, u := range c.uniform {
		if u.elem <= 0 || u.elem > 32 {
			continue
		}
		w := in[u.f.Off : u.f.Off+u.f.Words]
		v := pack.Get(w, 0, u.elem)
		for i := 1; i*u.elem < u.f.Width; i++ {
			pack.Put(w, i, u.elem, v)
		}
	}
	for _, t := range c.ties {
		t.f.Put(in, t.v)
	}
}

// holdInputs keeps the held inputs at the values they had when the
// stretch began.
func (c *constrained) holdInputs(in []uint32) {
	if c.left > 0 {
		c.left--
		if c.holding {
			k := 0
			for _, h := range c.held {
				copy(in[h.f.Off:h.f.Off+h.f.Words], c.saved[k:k+h.f.Words])
				k += h.f.Words
			}
		}
		return
	}
	switch {
	case c.hold > 0:
		c.holding, c.left = true, c.hold-1
	case c.holding: // a free stretch: every cycle new values
		c.holding, c.left = false, c.rng.Between(c.n, 2*c.n)
		return
	default:
		c.holding, c.left = true, c.rng.Between(4*c.n, 8*c.n)-1
		if c.rng.OneIn(2) {
			c.thin(in)
		}
	}
	k := 0
	for _, h := range c.held {
		copy(c.saved[k:k+h.f.Words], in[h.f.Off:h.f.Off+h.f.Words])
		k += h.f.Words
	}
}

// thin leaves two random requesters of each held request map (element
// width 1), the pattern a starving rotation needs to show.
func (c *constrained) thin(in []uint32) {
	for _, h := range c.held {
		if h.elem != 1 {
			continue
		}
		w := in[h.f.Off : h.f.Off+h.f.Words]
		for k := range w {
			w[k] = 0
		}
		n := h.f.Width
		for k := 0; k < 2; k++ {
			i := c.rng.Intn(n)
			w[i>>5] |= 1 << uint(i&31)
		}
	}
}
