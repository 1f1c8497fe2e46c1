//go:build !verilator || !cgo

package verilator

import "occamy/cosim"

// Supported reports whether this binary can load Verilated models (built
// with -tags verilator and cgo).
func Supported() bool { return false }

// Open loads a built library and creates one model instance. This binary
// was built without the verilator tag, so it always returns
// ErrNoVerilatorSupport.
func Open(lib *Library) (cosim.Model, error) { return nil, cosim.ErrNoVerilatorSupport }

// OpenArgs is Open with runtime arguments for the model; this binary was
// built without the verilator tag, so it always returns
// ErrNoVerilatorSupport.
func OpenArgs(lib *Library, args []string) (cosim.Model, error) {
	return nil, cosim.ErrNoVerilatorSupport
}
