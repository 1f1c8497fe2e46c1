// Package field is the typed error the testbench libraries return for bad
// input: it names the option field that is wrong, never a command-line
// flag. The command line maps fields to its flags (cmd/occamy); the
// libraries know nothing of it.
package field

import (
	"errors"
	"fmt"
)

// Error is bad input in one field of a library's options.
type Error struct {
	// Field is the options field as the Go struct names it: "Alpha",
	// "Cycles", "TM.B" (a tm.Config field), "Params" (a scenario
	// parameter), "Size", "Load".
	Field string
	// Key, when not empty, is the element of the field at fault as the
	// user wrote it, e.g. "senders=0" for a parameter or `"zipf:1.2"`
	// for one size of a list.
	Key string
	// Err says what was wrong and what is allowed, without the field.
	Err error
}

// Errorf returns an *Error for field with a formatted message.
func Errorf(field, format string, a ...any) *Error {
	return &Error{Field: field, Err: fmt.Errorf(format, a...)}
}

// KeyErrorf returns an *Error for one element key of field.
func KeyErrorf(field, key, format string, a ...any) *Error {
	return &Error{Field: field, Key: key, Err: fmt.Errorf(format, a...)}
}

// Error is "Field Key: what is wrong" in the options' own names.
func (e *Error) Error() string { return e.Named(e.Field) }

// Named is the message with the field called name (a flag, a file key).
func (e *Error) Named(name string) string {
	if e.Key != "" {
		name += " " + e.Key
	}
	return name + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// As returns the first *Error in err's chain.
func As(err error) (*Error, bool) {
	var fe *Error
	ok := errors.As(err, &fe)
	return fe, ok
}
