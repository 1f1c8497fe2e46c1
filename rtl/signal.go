package rtl

import "occamy/rtl/pack"

// Signal describes one traced port or register of a block. Name is the
// Verilog name (for example "gnt_idx_o"); Width is its width in bits, which
// may exceed 64. Read fills dst, which has Words(Width) elements, with the
// current value as little-endian 64-bit words (bit 0 is bit 0 of dst[0]).
// Read is called only when tracing is on.
type Signal struct {
	Name  string
	Width int
	Read  func(dst []uint64)
}

// Words returns the number of 64-bit words that hold width bits.
func Words(width int) int { return (width + 63) / 64 }

// Scalar is a Signal of up to 64 bits read from a function returning uint64.
func Scalar(name string, width int, get func() uint64) Signal {
	return Signal{Name: name, Width: width, Read: func(dst []uint64) { dst[0] = get() }}
}

// Flag is a 1-bit Signal read from a bool.
func Flag(name string, get func() bool) Signal {
	return Signal{Name: name, Width: 1, Read: func(dst []uint64) {
		dst[0] = 0
		if get() {
			dst[0] = 1
		}
	}}
}

// Packed is a Signal that packs a slice of n fields of w bits each, field i
// at bits [i*w +: w], as a Verilog packed array port such as qlen_i.
func Packed(name string, n, w int, get func(i int) uint64) Signal {
	return Signal{Name: name, Width: n * w, Read: func(dst []uint64) {
		for i := range dst {
			dst[i] = 0
		}
		for i := 0; i < n; i++ {
			pack.Or64(dst, i, w, get(i))
		}
	}}
}

// Traceable is implemented by blocks that expose signals for tracing.
type Traceable interface {
	Signals() []Signal
}

// Hierarchical is implemented by a block built from sub-blocks. Each of
// its scopes is declared under the block's own scope name joined with ".",
// so a top's selector appears as "top.u_sel" in a waveform.
type Hierarchical interface {
	Scopes() []Scope
}

// Tracer receives the value of every traced signal once per cycle, after
// all Evals and before the rising edge that ends the cycle. A nil Tracer in
// the simulator means tracing is off and costs one nil check per cycle.
type Tracer interface {
	// Declare is called once, before the first Sample, with the scopes in
	// simulator order and the signals of each.
	Declare(scopes []Scope) error
	// Sample records the values of cycle c. Values are read through the
	// Signal.Read functions given to Declare.
	Sample(c uint64) error
	// Close flushes and ends the trace.
	Close() error
}

// Scope is a named group of signals, one per traced component.
type Scope struct {
	Name    string
	Signals []Signal
}
