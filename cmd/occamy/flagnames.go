package main

import (
	"errors"
	"strings"

	"occamy/rtl"
	"occamy/testbench/field"
)

// flagNames maps the fields a library names in its errors (*field.Error
// fields, "TM."+ a tm.Config parameter of an *rtl.ParamError) to the flags
// of one command. It is the only place a field meets a flag.
type flagNames map[string]string

// rename rewrites err in the command's flag names: the part of the message
// that names a field is replaced by the same text naming the flag. Errors
// about fields the command has no flag for are left as they are.
func (n flagNames) rename(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if fe, ok := field.As(err); ok {
		if fl, ok := n[fe.Field]; ok {
			return &renamedError{msg: strings.Replace(msg, fe.Error(), fe.Named(fl), 1), err: err}
		}
	}
	var pe *rtl.ParamError
	if errors.As(err, &pe) {
		if fl, ok := n["TM."+pe.Param]; ok {
			return &renamedError{msg: strings.Replace(msg, pe.Error(), fl+": "+pe.Error(), 1), err: err}
		}
	}
	return err
}

// usage is rename then usageErr: bad input in the command's words, exit 2.
func (n flagNames) usage(err error) error { return usageErr(n.rename(err)) }

// renamedError is a library error reworded in flag names; the original
// stays in the chain.
type renamedError struct {
	msg string
	err error
}

func (e *renamedError) Error() string { return e.msg }
func (e *renamedError) Unwrap() error { return e.err }
