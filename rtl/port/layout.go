package port

import (
	"fmt"
)

// Default port names of the clock and the reset, as in the port contracts.
const (
	DefaultClock = "clk_i"
	DefaultReset = "rst_ni"
)

// Layout maps a top's ports onto the flat arrays of 32-bit words that
// Model.Cycle and Model.Run take and fill.
//
// The clock is not in the input words: the wrapper toggles it. Every other
// input, the reset included, is an ordinary input, so a runner can pulse
// reset while other inputs are busy. A port of w bits takes WordsFor(w)
// words, least significant word first, which is Verilator's own layout
// (CData/SData/IData: one word, QData: two, VlWide: ceil(w/32)). Bits above
// the width in the top word are ignored on input and zero on output.
type Layout struct {
	Clock     string // clock input the wrapper toggles; "" for a combinational top
	Reset     string // reset input used by Model.Reset; "" when the top has none
	ResetHigh bool   // the reset is active high (default: active low, as rst_ni)
	Inputs    []Port // every input except the clock, in declaration order
	Outputs   []Port // every output, in declaration order
	InOff     []int  // InOff[i] is the first word of Inputs[i]
	OutOff    []int  // OutOff[i] is the first word of Outputs[i]
	InWords   int    // words of one cycle's inputs
	OutWords  int    // words of one cycle's outputs
}

// NewLayout builds the layout of ports with the named clock and reset.
// clock and reset may be "" (none); otherwise each must name a 1-bit input.
func NewLayout(ports []Port, clock, reset string, resetHigh bool) (Layout, error) {
	l := Layout{Clock: clock, Reset: reset, ResetHigh: resetHigh}
	seen := make(map[string]bool, len(ports))
	for _, p := range ports {
		if seen[p.Name] {
			return Layout{}, fmt.Errorf("cosim: port %s listed twice", p.Name)
		}
		seen[p.Name] = true
		if p.Width < 1 {
			return Layout{}, fmt.Errorf("cosim: port %s has width %d", p.Name, p.Width)
		}
		switch {
		case p.Dir == In && p.Name == clock:
			if p.Width != 1 {
				return Layout{}, fmt.Errorf("cosim: clock %s is %d bits wide, want 1", p.Name, p.Width)
			}
		case p.Dir == In:
			if p.Name == reset && p.Width != 1 {
				return Layout{}, fmt.Errorf("cosim: reset %s is %d bits wide, want 1", p.Name, p.Width)
			}
			l.InOff = append(l.InOff, l.InWords)
			l.Inputs = append(l.Inputs, p)
			l.InWords += p.Words()
		case p.Dir == Out:
			l.OutOff = append(l.OutOff, l.OutWords)
			l.Outputs = append(l.Outputs, p)
			l.OutWords += p.Words()
		default:
			return Layout{}, fmt.Errorf("cosim: port %s has direction %v", p.Name, p.Dir)
		}
	}
	for _, want := range []struct{ role, name string }{{"clock", clock}, {"reset", reset}} {
		if want.name == "" {
			continue
		}
		found := false
		for _, p := range ports {
			if p.Name == want.name && p.Dir == In {
				found = true
			}
		}
		if !found {
			return Layout{}, fmt.Errorf("cosim: %s input %s is not a port of the top", want.role, want.name)
		}
	}
	return l, nil
}

// Input returns the index of the named input in Inputs, or -1.
func (l *Layout) Input(name string) int { return indexOf(l.Inputs, name) }

// Output returns the index of the named output in Outputs, or -1.
func (l *Layout) Output(name string) int { return indexOf(l.Outputs, name) }

// In returns input i's words within one cycle's input array.
func (l *Layout) In(in []uint32, i int) []uint32 {
	return in[l.InOff[i] : l.InOff[i]+l.Inputs[i].Words()]
}

// Out returns output i's words within one cycle's output array.
func (l *Layout) Out(out []uint32, i int) []uint32 {
	return out[l.OutOff[i] : l.OutOff[i]+l.Outputs[i].Words()]
}

func indexOf(ps []Port, name string) int {
	for i, p := range ps {
		if p.Name == name {
			return i
		}
	}
	return -1
}
