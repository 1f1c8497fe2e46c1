//go:build !verilator || !cgo

package verilator

// Supported reports whether this binary can load Verilated models (built
// with -tags verilator and cgo).
func Supported() bool { return false }

// Open loads a built library and creates one model instance. This binary
// was built without the verilator tag, so it always returns
// ErrNoVerilatorSupport.
func Open(lib *Library) (Model, error) { return nil, ErrNoVerilatorSupport }

// OpenArgs is Open with runtime arguments for the model; this binary was
// built without the verilator tag, so it always returns
// ErrNoVerilatorSupport.
func OpenArgs(lib *Library, args []string) (Model, error) { return nil, ErrNoVerilatorSupport }
