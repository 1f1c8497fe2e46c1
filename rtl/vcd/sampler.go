package vcd

import "fmt"

// SamplerOptions chooses the clock and the signals a Sampler reports.
type SamplerOptions struct {
	// Clock names the 1-bit clock var, by full path or by a dotted suffix
	// that matches one value stream (see Header.Find).
	Clock string
	// Signals names the vars to report, matched the same way; nil or
	// empty reports every var of the header, in declaration order.
	Signals []string
	// XEdges also counts x→1 and z→1 as rising edges, as Verilog's posedge
	// does. By default only 0→1 is a rising edge, so a clock that starts
	// at 1 or comes out of x gives no edge before every signal has been
	// dumped once.
	XEdges bool
}

// Sampler reads a VCD body and stops once per rising edge of a clock,
// reporting the edge's timestamp and the values the chosen signals held
// just before it: the state after every change at earlier timestamps, none
// of the changes at the edge's own timestamp. That is what a flip-flop
// clocked by the edge samples, and it does not depend on the order a
// simulator writes the changes of one timestamp in.
//
// A timestamp is a rising edge when the clock is 0 before it and 1 after
// all of its changes (a glitch inside one timestamp does not count).
// Values not yet dumped read as x. The Sampler allocates nothing per edge.
type Sampler struct {
	r     *Reader
	clk   int     // clock code
	vars  []Var   // reported vars
	codes []int   // code of each reported var
	prev  []Value // per tracked code: value before the open timestamp
	track []bool  // code is the clock or reported
	dirty []bool  // tracked code changed in the open timestamp
	list  []int   // dirty codes
	open  uint64  // time of the open timestamp
	edge  uint64  // time of the current edge
	pedge uint64  // time of the edge before it
	count int     // edges so far
	hold  bool    // an edge was reported: commit before reading on
	done  bool
	xedge bool
	err   error
}

// NewSampler returns a Sampler over r, which must not have read any event
// yet. It fails when a name matches no var or several value streams, or
// when the clock is not a 1-bit var.
func NewSampler(r *Reader, opt SamplerOptions) (*Sampler, error) {
	h := r.Header()
	ci, err := h.Find(opt.Clock)
	if err != nil {
		return nil, fmt.Errorf("clock: %w", err)
	}
	cv := h.Vars[ci]
	if c := h.Codes[cv.Code]; c.Width != 1 || c.Real {
		return nil, fmt.Errorf("vcd: clock %s is %d bits wide (%s); a clock must be a 1-bit var", cv.Path(), cv.Width, cv.Kind)
	}
	s := &Sampler{
		r: r, clk: cv.Code, xedge: opt.XEdges, open: r.Time(),
		prev:  make([]Value, len(h.Codes)),
		track: make([]bool, len(h.Codes)),
		dirty: make([]bool, len(h.Codes)),
		list:  make([]int, 0, len(h.Codes)),
	}
	if len(opt.Signals) == 0 {
		s.vars = append(s.vars, h.Vars...)
	}
	for _, name := range opt.Signals {
		i, err := h.Find(name)
		if err != nil {
			return nil, err
		}
		s.vars = append(s.vars, h.Vars[i])
	}
	s.codes = make([]int, len(s.vars))
	for i, v := range s.vars {
		s.codes[i] = v.Code
		s.track[v.Code] = true
	}
	s.track[s.clk] = true
	for c, t := range s.track {
		if t {
			s.prev[c] = r.Value(c).Clone()
		}
	}
	return s, nil
}

// Vars returns the reported vars; Value(i) is the value of Vars()[i].
func (s *Sampler) Vars() []Var { return s.vars }

// Index returns the position in Vars of the reported var called name (full
// path or a suffix matching one value stream), or -1.
func (s *Sampler) Index(name string) int {
	for i := range s.vars {
		if s.vars[i].Path() == name {
			return i
		}
	}
	found := -1
	for i := range s.vars {
		p := s.vars[i].Path()
		if len(p) > len(name) && p[len(p)-len(name)-1] == '.' && p[len(p)-len(name):] == name {
			if found >= 0 && s.vars[found].Code != s.vars[i].Code {
				return -1
			}
			if found < 0 {
				found = i
			}
		}
	}
	return found
}

// Next advances to the next rising edge of the clock. It returns false at
// the end of the input or at the first error, which Err then returns.
func (s *Sampler) Next() bool {
	if s.err != nil || s.done {
		return false
	}
	if s.hold {
		s.commit()
		s.hold = false
	}
	for s.r.Next() {
		ev := s.r.Event()
		switch ev.Kind {
		case ChangeEvent:
			if c := ev.Code; s.track[c] && !s.dirty[c] {
				s.dirty[c] = true
				s.list = append(s.list, c)
			}
		case TimeEvent:
			if ev.Time == s.open {
				continue
			}
			t := s.open
			s.open = ev.Time
			if s.rose() {
				s.pedge, s.edge, s.hold = s.edge, t, true
				s.count++
				return true
			}
			s.commit()
		}
	}
	if err := s.r.Err(); err != nil {
		s.err = err
		return false
	}
	s.done = true // the last timestamp ends with the input
	if s.rose() {
		s.pedge, s.edge = s.edge, s.open
		s.count++
		return true
	}
	return false
}

// rose reports whether the open timestamp is a rising edge of the clock.
func (s *Sampler) rose() bool {
	before, after := s.prev[s.clk].Bit(0), s.r.Value(s.clk).Bit(0)
	if after != '1' {
		return false
	}
	return before == '0' || (s.xedge && before != '1')
}

// commit makes the open timestamp's changes part of the "before" state.
func (s *Sampler) commit() {
	for _, c := range s.list {
		s.prev[c].CopyFrom(s.r.Value(c))
		s.dirty[c] = false
	}
	s.list = s.list[:0]
}

// Time returns the timestamp of the current edge.
func (s *Sampler) Time() uint64 { return s.edge }

// Period returns the time from the previous edge to the current one, 0
// before the second edge.
func (s *Sampler) Period() uint64 {
	if s.count < 2 {
		return 0
	}
	return s.edge - s.pedge
}

// End returns the last timestamp read; once Next has returned false at a
// clean end of input, it is where the file ends.
func (s *Sampler) End() uint64 { return s.r.Time() }

// Count returns the number of edges read so far: 1 at the first edge.
func (s *Sampler) Count() int { return s.count }

// Value returns the value of Vars()[i] just before the current edge. It is
// a view, valid until the next call to Next; i must be in [0, len(Vars())).
func (s *Sampler) Value(i int) Value { return s.prev[s.codes[i]] }

// Err returns the first error met by Next, or nil at a clean end of input.
func (s *Sampler) Err() error { return s.err }
