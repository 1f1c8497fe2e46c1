package registry

import (
	"errors"
	"fmt"
	"math"

	"occamy/rtl"
	"occamy/rtl/port"
)

// binding ties a block's Verilog parameter names to the int fields of its
// Go Params struct, so that the defaults are the model's and the ranges are
// what its Validate reports: each is written once, in the model.
type binding[P any] struct {
	def      P                 // the model's default Params
	names    []string          // Verilog names, in the order of fields
	fields   func(p *P) []*int // the fields of p, in the order of names
	validate func(P) error
}

// decode makes the Params from resolved parameters.
func (b binding[P]) decode(m map[string]int) P {
	p := b.def
	for i, f := range b.fields(&p) {
		if v, ok := m[b.names[i]]; ok {
			*f = v
		}
	}
	return p
}

// check validates resolved parameters.
func (b binding[P]) check(m map[string]int) error { return b.validate(b.decode(m)) }

// params lists the parameters with the model's defaults and the range its
// Validate reports for each when the others are at their defaults: the
// value is set far below and far above the range and the *rtl.ParamError
// read.
func (b binding[P]) params() []Param {
	p := b.def
	fs := b.fields(&p)
	out := make([]Param, len(fs))
	for i, f := range fs {
		q := Param{Name: b.names[i], Default: *f, Min: *f, Max: *f}
		for _, probe := range []int{math.MinInt32, math.MaxInt32} {
			t := b.def
			*b.fields(&t)[i] = probe
			var pe *rtl.ParamError
			if err := b.validate(t); errors.As(err, &pe) && pe.Param == b.names[i] {
				q.Min, q.Max, q.Note = int(pe.Min), int(pe.Max), pe.Note
			}
		}
		// A range another parameter narrows (QW must hold B) is the
		// stated one cut to what validates at the other defaults.
		ok := func(v int) bool {
			t := b.def
			*b.fields(&t)[i] = v
			return b.validate(t) == nil
		}
		q.Min = edge(q.Min, q.Default, ok)
		q.Max = edge(q.Max, q.Default, ok)
		out[i] = q
	}
	return out
}

// clockReset are the two ports every clocked block starts with.
func clockReset() []port.Port {
	return []port.Port{port.Input("clk_i", 1), port.Input("rst_ni", 1)}
}

// slot finds port word offsets by name in a layout.
type slot struct{ l *port.Layout }

func (s slot) in(name string) int {
	i := s.l.Input(name)
	if i < 0 {
		panic(fmt.Sprintf("registry: contract layout has no input %s", name))
	}
	return s.l.InOff[i]
}

func (s slot) out(name string) int {
	i := s.l.Output(name)
	if i < 0 {
		panic(fmt.Sprintf("registry: contract layout has no output %s", name))
	}
	return s.l.OutOff[i]
}

// inSpan and outSpan are a port's words [off, off+words).
func (s slot) inSpan(name string) [2]int {
	i := s.l.Input(name)
	if i < 0 {
		panic(fmt.Sprintf("registry: contract layout has no input %s", name))
	}
	return [2]int{s.l.InOff[i], s.l.InOff[i] + s.l.Inputs[i].Words()}
}

func (s slot) outSpan(name string) [2]int {
	i := s.l.Output(name)
	if i < 0 {
		panic(fmt.Sprintf("registry: contract layout has no output %s", name))
	}
	return [2]int{s.l.OutOff[i], s.l.OutOff[i] + s.l.Outputs[i].Words()}
}

// bit reads a 1-bit port.
func bit(w uint32) bool { return w&1 != 0 }

// b2w is a 1-bit port value.
func b2w(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// hit counts coverpoint i when cond holds (no allocation, no branch on the
// counter slice's length: it has one counter per coverpoint).
func hit(h []uint64, i int, cond bool) {
	if cond {
		h[i]++
	}
}

// edge moves from, a stated range end, toward def (which validates) to the
// first value that validates, by bisection (validity is an interval).
func edge(from, def int, ok func(int) bool) int {
	if ok(from) {
		return from
	}
	bad, good := from, def
	for bad-good > 1 || good-bad > 1 {
		mid := good + (bad-good)/2
		if ok(mid) {
			good = mid
		} else {
			bad = mid
		}
	}
	return good
}
