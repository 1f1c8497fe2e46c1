package cosim

import (
	"errors"
	"fmt"
)

// MaxSourceBytes is the largest Verilog source file accepted.
const MaxSourceBytes = 256 << 20

// ErrToolMissing is wrapped by the error a simulator returns when a program
// it needs (verilator, make, a C++ compiler) is not installed.
var ErrToolMissing = errors.New("tool missing")

// ToolError names a missing program and the package that provides it.
type ToolError struct {
	Tool    string // program looked for, e.g. "verilator"
	Install string // how to get it, e.g. "apt-get install verilator"
	Err     error
}

// Error is one line: what is missing and what to install.
func (e *ToolError) Error() string {
	return fmt.Sprintf("cosim: %s not found (%v); install it with: %s", e.Tool, e.Err, e.Install)
}

// Unwrap makes errors.Is(err, ErrToolMissing) true.
func (e *ToolError) Unwrap() error { return ErrToolMissing }
