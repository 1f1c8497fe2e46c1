package blocks

import (
	"fmt"

	"occamy/rtl/port"
)

// ClockReset are the two ports every clocked block starts with.
func ClockReset() []port.Port {
	return []port.Port{port.Input(port.DefaultClock, 1), port.Input(port.DefaultReset, 1)}
}

// Slot finds port word offsets by name in a contract layout; a name the
// layout lacks is a programming error (the layout was made from the same
// face's Ports).
type Slot struct{ L *port.Layout }

// In is the first word of an input.
func (s Slot) In(name string) int {
	i := s.L.Input(name)
	if i < 0 {
		panic(fmt.Sprintf("blocks: contract layout has no input %s", name))
	}
	return s.L.InOff[i]
}

// Out is the first word of an output.
func (s Slot) Out(name string) int {
	i := s.L.Output(name)
	if i < 0 {
		panic(fmt.Sprintf("blocks: contract layout has no output %s", name))
	}
	return s.L.OutOff[i]
}

// InSpan is an input's words [off, off+words).
func (s Slot) InSpan(name string) [2]int {
	i := s.L.Input(name)
	if i < 0 {
		panic(fmt.Sprintf("blocks: contract layout has no input %s", name))
	}
	return [2]int{s.L.InOff[i], s.L.InOff[i] + s.L.Inputs[i].Words()}
}

// OutSpan is an output's words [off, off+words).
func (s Slot) OutSpan(name string) [2]int {
	i := s.L.Output(name)
	if i < 0 {
		panic(fmt.Sprintf("blocks: contract layout has no output %s", name))
	}
	return [2]int{s.L.OutOff[i], s.L.OutOff[i] + s.L.Outputs[i].Words()}
}

// Bit reads a 1-bit port.
func Bit(w uint32) bool { return w&1 != 0 }

// B2W is a 1-bit port value.
func B2W(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// Hit counts coverpoint i when cond holds (no allocation, no branch on the
// counter slice's length: it has one counter per coverpoint).
func Hit(h []uint64, i int, cond bool) {
	if cond {
		h[i]++
	}
}

// NAPow2Of says a corner needs the named parameter not to be a power of
// two (Coverpoint.NA).
func NAPow2Of(name string) func(p map[string]int) string {
	return func(p map[string]int) string {
		if n := p[name]; n&(n-1) == 0 {
			return name + " is a power of two: every index is in range"
		}
		return ""
	}
}

// NAOne says a corner needs the named parameter above 1 (Coverpoint.NA).
func NAOne(name string) func(p map[string]int) string {
	return func(p map[string]int) string {
		if p[name] <= 1 {
			return "needs " + name + " > 1"
		}
		return ""
	}
}
