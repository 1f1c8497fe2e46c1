//go:build cgo

// Command liboccamy_golden is the golden-model library for SystemVerilog
// testbenches: built with -buildmode=c-shared (make golden-lib) it is
// liboccamy_golden.so, whose C entry points (verilog/tb/dpi/occamy_golden.h,
// imported by verilog/tb/dpi/occamy_golden_pkg.sv) map onto cosim/dpi.
// docs/dpi.md is the ABI. Every entry point is safe to call from any
// thread; calls on one handle are serialised by its lock.
package main

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import (
	"errors"
	"fmt"
	_ "occamy/testbench/blocks/all"
	"unsafe"

	"occamy/cosim/dpi"
)

func main() {}

// ABIVersion is the version occamy_golden_abi reports; it changes with any
// incompatible change of an entry point.
const ABIVersion = 1

var abiText = C.CString(fmt.Sprintf("liboccamy_golden %d", ABIVersion))

//export occamy_golden_abi
func occamy_golden_abi() *C.char { return abiText }

//export occamy_golden_new
func occamy_golden_new(block, params *C.char) unsafe.Pointer {
	e := &entry{}
	func() {
		defer func() {
			if r := recover(); r != nil {
				e.dead = fmt.Errorf("occamy_golden_new: internal error: %v", r)
			}
		}()
		switch {
		case block == nil:
			e.dead = errors.New("occamy_golden_new: block: NULL string (give a block name, e.g. \"arbiter\")")
		default:
			ps := ""
			if params != nil {
				ps = C.GoString(params)
			}
			p, err := dpi.ParseParams(ps)
			if err == nil {
				e.m, err = dpi.New(C.GoString(block), p)
			}
			if err != nil {
				e.dead = fmt.Errorf("occamy_golden_new: %w", err)
			}
		}
	}()
	if e.dead != nil {
		e.err = e.dead.Error()
	}
	// The handle is the address of one byte of C memory that is never
	// freed, so it is unique for the life of the process: a stale handle
	// is never taken for a newer one.
	h := C.malloc(1)
	if h == nil {
		return nil
	}
	handles.Store(uintptr(h), e)
	return h
}

//export occamy_golden_error
func occamy_golden_error(h unsafe.Pointer) *C.char {
	e := lookup(h)
	if e == nil {
		mu.Lock()
		defer mu.Unlock()
		if badHandle == nil {
			badHandle = C.CString(fmt.Sprintf("handle %#x is not a live handle (NULL, freed, or never returned by occamy_golden_new)", uintptr(h)))
		}
		return badHandle
	}
	defer e.mu.Unlock()
	return e.cstr(strErr, e.err)
}

//export occamy_golden_free
func occamy_golden_free(h unsafe.Pointer) {
	if v, ok := handles.LoadAndDelete(uintptr(h)); ok {
		e := v.(*entry)
		e.mu.Lock()
		e.release()
		e.m = nil
		e.mu.Unlock()
	}
}

// text runs f for a string result of kind k; "" on error (the error is
// then set).
func text(name string, h unsafe.Pointer, k int, f func(m *dpi.Model) (string, error)) *C.char {
	var s string
	rc := call(name, h, func(_ *entry, m *dpi.Model) (int, error) {
		var err error
		s, err = f(m)
		return rcOK, err
	})
	if rc == rcBadHandle {
		return emptyStr
	}
	e := lookup(h)
	if e == nil {
		return emptyStr
	}
	defer e.mu.Unlock()
	if rc != rcOK {
		s = ""
	}
	return e.cstr(k, s)
}

var emptyStr = C.CString("")

//export occamy_golden_reset
func occamy_golden_reset(h unsafe.Pointer, cycles C.int) C.int {
	return C.int(call("occamy_golden_reset", h, func(e *entry, m *dpi.Model) (int, error) { return rcOK, m.Reset(int(cycles)) }))
}

//export occamy_golden_set_inputs
func occamy_golden_set_inputs(h unsafe.Pointer, in *C.uint32_t, n C.int) C.int {
	return C.int(call("occamy_golden_set_inputs", h, func(e *entry, m *dpi.Model) (int, error) {
		w, err := readWords("in", in, n, &e.inBuf)
		if err != nil {
			return rcError, err
		}
		return rcOK, m.SetInputs(w)
	}))
}

//export occamy_golden_set_input
func occamy_golden_set_input(h unsafe.Pointer, port C.int, v *C.uint32_t, bits C.int) C.int {
	return C.int(call("occamy_golden_set_input", h, func(e *entry, m *dpi.Model) (int, error) {
		if bits < 1 {
			return rcError, fmt.Errorf("bits: %d, want the port's width", int(bits))
		}
		w, err := readWords("v", v, (bits+31)/32, &e.portBuf)
		if err != nil {
			return rcError, err
		}
		return rcOK, m.SetInput(int(port), w, int(bits))
	}))
}

//export occamy_golden_eval
func occamy_golden_eval(h unsafe.Pointer) C.int {
	return C.int(call("occamy_golden_eval", h, func(e *entry, m *dpi.Model) (int, error) { return rcOK, m.Eval() }))
}

//export occamy_golden_commit
func occamy_golden_commit(h unsafe.Pointer) C.int {
	return C.int(call("occamy_golden_commit", h, func(e *entry, m *dpi.Model) (int, error) { return rcOK, m.Commit() }))
}

//export occamy_golden_step
func occamy_golden_step(h unsafe.Pointer) C.int {
	return C.int(call("occamy_golden_step", h, func(e *entry, m *dpi.Model) (int, error) { return rcOK, m.Step() }))
}

//export occamy_golden_get_outputs
func occamy_golden_get_outputs(h unsafe.Pointer, out *C.uint32_t, n C.int) C.int {
	return C.int(call("occamy_golden_get_outputs", h, func(e *entry, m *dpi.Model) (int, error) {
		if int(n) != m.Layout.OutWords {
			return rcError, &dpi.WordsError{Field: "out", Got: int(n), Want: m.Layout.OutWords, Unit: "words"}
		}
		return rcOK, writeWords("out", out, m.Outputs())
	}))
}

//export occamy_golden_get_output
func occamy_golden_get_output(h unsafe.Pointer, port C.int, v *C.uint32_t, bits C.int) C.int {
	return C.int(call("occamy_golden_get_output", h, func(e *entry, m *dpi.Model) (int, error) {
		if bits < 1 {
			return rcError, fmt.Errorf("bits: %d, want the port's width", int(bits))
		}
		n := int(bits+31) / 32
		if cap(e.portBuf) < n {
			e.portBuf = make([]uint32, n)
		}
		if err := m.GetOutput(int(port), e.portBuf[:n], int(bits)); err != nil {
			return rcError, err
		}
		return rcOK, writeWords("v", v, e.portBuf[:n])
	}))
}

//export occamy_golden_check
func occamy_golden_check(h unsafe.Pointer, in *C.uint32_t, nin C.int, dut *C.uint32_t, nout C.int) C.int {
	return C.int(call("occamy_golden_check", h, func(e *entry, m *dpi.Model) (int, error) {
		wi, err := readWords("in", in, nin, &e.inBuf)
		if err != nil {
			return rcError, err
		}
		wo, err := readWords("dut", dut, nout, &e.outBuf)
		if err != nil {
			return rcError, err
		}
		mm, err := m.Check(wi, wo)
		if err != nil || mm == nil {
			return rcOK, err
		}
		return rcMismatch, nil
	}))
}

//export occamy_golden_compare
func occamy_golden_compare(h unsafe.Pointer, dut *C.uint32_t, nout C.int) C.int {
	return C.int(call("occamy_golden_compare", h, func(e *entry, m *dpi.Model) (int, error) {
		wo, err := readWords("dut", dut, nout, &e.outBuf)
		if err != nil {
			return rcError, err
		}
		mm, err := m.Compare(wo)
		if err != nil || mm == nil {
			return rcOK, err
		}
		return rcMismatch, nil
	}))
}

//export occamy_golden_mismatch
func occamy_golden_mismatch(h unsafe.Pointer) *C.char {
	return text("occamy_golden_mismatch", h, strMismatch, func(m *dpi.Model) (string, error) {
		if mm := m.Last(); mm != nil {
			return mm.String(), nil
		}
		return "", nil
	})
}

//export occamy_golden_cycle
func occamy_golden_cycle(h unsafe.Pointer) C.longlong {
	var v uint64
	if call("occamy_golden_cycle", h, func(e *entry, m *dpi.Model) (int, error) { v = m.Cycle(); return rcOK, nil }) != rcOK {
		return -1
	}
	return C.longlong(v)
}

//export occamy_golden_compared
func occamy_golden_compared(h unsafe.Pointer) C.longlong {
	var v uint64
	if call("occamy_golden_compared", h, func(e *entry, m *dpi.Model) (int, error) { v = m.Compared(); return rcOK, nil }) != rcOK {
		return -1
	}
	return C.longlong(v)
}

//export occamy_golden_mismatches
func occamy_golden_mismatches(h unsafe.Pointer) C.longlong {
	var v uint64
	if call("occamy_golden_mismatches", h, func(e *entry, m *dpi.Model) (int, error) { v = m.Mismatches(); return rcOK, nil }) != rcOK {
		return -1
	}
	return C.longlong(v)
}

//export occamy_golden_verdict
func occamy_golden_verdict(h unsafe.Pointer, top *C.char, seed C.longlong) *C.char {
	return text("occamy_golden_verdict", h, strVerdict, func(m *dpi.Model) (string, error) {
		t := ""
		if top != nil {
			t = C.GoString(top)
		}
		return m.Verdict(t, int64(seed))
	})
}

//export occamy_golden_seed
func occamy_golden_seed(h unsafe.Pointer, seed C.longlong) C.int {
	return C.int(call("occamy_golden_seed", h, func(_ *entry, m *dpi.Model) (int, error) { return rcOK, m.SetSeed(int64(seed)) }))
}

//export occamy_golden_stimulus
func occamy_golden_stimulus(h unsafe.Pointer, in *C.uint32_t, n C.int) C.int {
	return C.int(call("occamy_golden_stimulus", h, func(e *entry, m *dpi.Model) (int, error) {
		if int(n) != m.Layout.InWords {
			return rcError, &dpi.WordsError{Field: "in", Got: int(n), Want: m.Layout.InWords, Unit: "words"}
		}
		if cap(e.inBuf) < int(n) {
			e.inBuf = make([]uint32, n)
		}
		w := e.inBuf[:n]
		if err := m.Stimulus(w); err != nil {
			return rcError, err
		}
		return rcOK, writeWords("in", in, w)
	}))
}
