//go:build cgo

package main

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import (
	"fmt"
	"math"
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
	// scratch copies of the caller's word arrays
	inBuf, outBuf, portBuf []uint32
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
	mu      sync.Mutex // guards badHandle
	handles sync.Map   // uintptr(handle) -> *entry; read lock-free on every call
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
	v, ok := handles.Load(uintptr(h))
	if !ok {
		return nil
	}
	e := v.(*entry)
	e.mu.Lock()
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
func call(name string, h unsafe.Pointer, f func(e *entry, m *dpi.Model) (int, error)) (rc int) {
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
	defer func() {
		if r := recover(); r != nil {
			e.dead = fmt.Errorf("%s: internal error, the handle is unusable from now on: %v", name, r)
			e.err = e.dead.Error()
			rc = rcError
		}
	}()
	e.err = ""
	rc, err := f(e, e.m)
	if err != nil {
		e.err = name + ": " + err.Error()
		return rcError
	}
	return rc
}

// readWords copies n 32-bit words at p (svBitVecVal*) into buf (grown as
// needed) and returns them. A NULL pointer, a negative count or memory
// that cannot be read is an error naming field; the model never touches
// the caller's memory itself, so a bad pointer leaves the handle usable.
func readWords(field string, p *C.uint32_t, n C.int, buf *[]uint32) (w []uint32, err error) {
	if n == math.MinInt32 {
		return nil, fmt.Errorf("%s: the open array cannot be read: NULL, or the simulator gives no svGetArrayPtr/svSize (is the library loaded by a DPI simulator?)", field)
	}
	if n < 0 {
		return nil, fmt.Errorf("%s: negative word count %d", field, int(n))
	}
	if p == nil && n > 0 {
		return nil, fmt.Errorf("%s: NULL pointer for %d words", field, int(n))
	}
	if cap(*buf) < int(n) {
		*buf = make([]uint32, n)
	}
	w = (*buf)[:n]
	if n == 0 {
		return w, nil
	}
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			w, err = nil, fmt.Errorf("%s: %d words at %p cannot be read (%v)", field, int(n), p, r)
		}
	}()
	copy(w, unsafe.Slice((*uint32)(unsafe.Pointer(p)), int(n)))
	return w, nil
}

// writeWords copies w to the caller's memory at p, with the errors of
// readWords.
func writeWords(field string, p *C.uint32_t, w []uint32) (err error) {
	if p == nil && len(w) > 0 {
		return fmt.Errorf("%s: NULL pointer for %d words", field, len(w))
	}
	if len(w) == 0 {
		return nil
	}
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: %d words at %p cannot be written (%v)", field, len(w), p, r)
		}
	}()
	copy(unsafe.Slice((*uint32)(unsafe.Pointer(p)), len(w)), w)
	return nil
}
