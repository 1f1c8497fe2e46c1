package blocks

import (
	"errors"
	"math"

	"occamy/rtl"
)

// Binding ties a block's Verilog parameter names to the int fields of its
// Go Params struct, so that the defaults are the model's and the ranges are
// what its Validate reports: each is written once, in the model.
type Binding[P any] struct {
	Def      P                 // the model's default Params
	Names    []string          // Verilog names, in the order of Fields
	Fields   func(p *P) []*int // the fields of p, in the order of Names
	Validate func(P) error
}

// Decode makes the Params from resolved parameters.
func (b Binding[P]) Decode(m map[string]int) P {
	p := b.Def
	for i, f := range b.Fields(&p) {
		if v, ok := m[b.Names[i]]; ok {
			*f = v
		}
	}
	return p
}

// Check validates resolved parameters.
func (b Binding[P]) Check(m map[string]int) error { return b.Validate(b.Decode(m)) }

// Params lists the parameters with the model's defaults and the range its
// Validate reports for each when the others are at their defaults: the
// value is set far below and far above the range and the *rtl.ParamError
// read.
func (b Binding[P]) Params() []Param {
	p := b.Def
	fs := b.Fields(&p)
	out := make([]Param, len(fs))
	for i, f := range fs {
		q := Param{Name: b.Names[i], Default: *f, Min: *f, Max: *f}
		for _, probe := range []int{math.MinInt32, math.MaxInt32} {
			t := b.Def
			*b.Fields(&t)[i] = probe
			var pe *rtl.ParamError
			if err := b.Validate(t); errors.As(err, &pe) && pe.Param == b.Names[i] {
				q.Min, q.Max, q.Note = int(pe.Min), int(pe.Max), pe.Note
			}
		}
		// A range another parameter narrows (QW must hold B) is the
		// stated one cut to what validates at the other defaults.
		ok := func(v int) bool {
			t := b.Def
			*b.Fields(&t)[i] = v
			return b.Validate(t) == nil
		}
		q.Min = Edge(q.Min, q.Default, ok)
		q.Max = Edge(q.Max, q.Default, ok)
		out[i] = q
	}
	return out
}

// Edge moves from, a stated range end, toward def (which validates) to the
// first value that validates, by bisection (validity is an interval).
func Edge(from, def int, ok func(int) bool) int {
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
