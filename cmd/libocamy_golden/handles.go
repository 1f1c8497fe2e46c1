//go:build cgo

package main

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import (
	"fmt"
	"runtime/debug"
	"sync"
	"unsafe"

	"occamy/cosim/dpi"
)

// entry is one handle: its model (nil when creation failed: the handle is
// then dead and every call returns its error), a lock serialising the
// calls made on it from any thread, and the C strings it has handed out.
type entry struct {
	mu   sync.Mutex
	m    *dpi.Model
	dead error
	err  string        // the last call's error, "" when it succeeded
	strs [nStr]*C.char // handed-out strings, freed when replaced or at free
}

// Kinds of handed-out strings: each stays valid until the next call that
// returns the same kind on the same handle, or until free.
const (
	strErr = iota
	strDescribe
	strMismatch
	strVerdict
	strPort
	nStr
)

var (
	mu      sync.Mutex
	handles = map[uintptr]*entry{}
	// badHandle is the error string of calls on a handle that is not live.
	badHandle *C.char
)

// cstr keeps s as the handle's string of kind k and returns it.
func (e *entry) cstr(k int, s string) *C.char {
	if e.strs[k] != nil {
		C.free(unsafe.Pointer(e.strs[k]))
	}
	e.strs[k] = C.CString(s)
	return e.strs[k]
}

func (e *entry) release() {
	for i, s := range e.strs {
		if s != nil {
			C.free(unsafe.Pointer(s))
			e.strs[i] = nil
		}
	}
}

// lookup returns the live entry of h, locked, or nil.
func lookup(h unsafe.Pointer) *entry {
	mu.Lock()
	e := handles[uintptr(h)]
	mu.Unlock()
	if e != nil {
		e.mu.Lock()
	}
	return e
}

// setBad records the error of a call on a handle that is not live; it is
// what occamy_golden_error returns for that handle.
func setBad(call string, h unsafe.Pointer) {
	msg := fmt.Sprintf("%s: handle %#x is not a live handle (NULL, freed, or never returned by occamy_golden_new)", call, uintptr(h))
	mu.Lock()
	if badHandle != nil {
		C.free(unsafe.Pointer(badHandle))
	}
	badHandle = C.CString(msg)
	mu.Unlock()
}

// Return codes of the int entry points.
const (
	rcOK        = 0
	rcMismatch  = 1
	rcError     = -1
	rcBadHandle = -2
)

// call runs f on h's model under its lock, with faults on bad pointers
// and panics turned into the handle's error: nothing a C caller passes
// crashes the process through Go (a pointer into unmapped memory becomes
// an error; one into the caller's own live memory cannot be told apart).
func call(name string, h unsafe.Pointer, f func(m *dpi.Model) (int, error)) (rc int) {
	e := lookup(h)
	if e == nil {
		setBad(name, h)
		return rcBadHandle
	}
	defer e.mu.Unlock()
	if e.dead != nil {
		e.err = e.dead.Error()
		return rcError
	}
	old := debug.SetPanicOnFault(true)
	defer debug.SetPanicOnFault(old)
	defer func() {
		if r := recover(); r != nil {
			e.dead = fmt.Errorf("%s: internal error, the handle is unusable from now on: %v", name, r)
			e.err = e.dead.Error()
			rc = rcError
		}
	}()
	e.err = ""
	rc, err := f(e.m)
	if err != nil {
		e.err = name + ": " + err.Error()
		return rcError
	}
	return rc
}

// words views n 32-bit words at p (svBitVecVal*), nil with an error when
// p is NULL or n is negative.
func words(field string, p *C.uint32_t, n C.int) ([]uint32, error) {
	if n < 0 {
		return nil, fmt.Errorf("%s: negative word count %d", field, int(n))
	}
	if p == nil {
		if n == 0 {
			return []uint32{}, nil
		}
		return nil, fmt.Errorf("%s: NULL pointer for %d words", field, int(n))
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(p)), int(n)), nil
}
