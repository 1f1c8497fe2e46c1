package vcd

import "fmt"

// ParseError is a malformed-input or read error found while reading a VCD
// file. It prints as `vcd: line 12: unknown id code "%$"`.
type ParseError struct {
	Line int    // 1-based line of the offending token
	Msg  string // what is wrong
	Err  error  // the underlying read error, if any
}

// Error implements error.
func (e *ParseError) Error() string { return fmt.Sprintf("vcd: line %d: %s", e.Line, e.Msg) }

// Unwrap returns the underlying read error, if any.
func (e *ParseError) Unwrap() error { return e.Err }

func errAt(line int, format string, args ...any) error {
	return &ParseError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// WriteError is a failure to write a dump to its destination (a full
// disk, a closed pipe): an output problem, not a fault of the run traced.
type WriteError struct{ Err error }

// Error implements error.
func (e *WriteError) Error() string { return "vcd: writing the dump: " + e.Err.Error() }

// Unwrap returns the underlying write error.
func (e *WriteError) Unwrap() error { return e.Err }
