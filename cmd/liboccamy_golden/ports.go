//go:build cgo

package main

/*
#include <stdint.h>
*/
import "C"

import (
	"errors"
	"unsafe"

	"occamy/cosim/dpi"
)

//export occamy_golden_describe
func occamy_golden_describe(h unsafe.Pointer) *C.char {
	return text("occamy_golden_describe", h, strDescribe, func(m *dpi.Model) (string, error) { return m.Describe(), nil })
}

//export occamy_golden_in_words
func occamy_golden_in_words(h unsafe.Pointer) C.int {
	return C.int(call("occamy_golden_in_words", h, func(e *entry, m *dpi.Model) (int, error) { return m.Layout.InWords, nil }))
}

//export occamy_golden_out_words
func occamy_golden_out_words(h unsafe.Pointer) C.int {
	return C.int(call("occamy_golden_out_words", h, func(e *entry, m *dpi.Model) (int, error) { return m.Layout.OutWords, nil }))
}

//export occamy_golden_port
func occamy_golden_port(h unsafe.Pointer, name *C.char) C.int {
	return C.int(call("occamy_golden_port", h, func(e *entry, m *dpi.Model) (int, error) {
		if name == nil {
			return rcError, errors.New("name: NULL string")
		}
		return m.Port(C.GoString(name))
	}))
}

//export occamy_golden_port_name
func occamy_golden_port_name(h unsafe.Pointer, idx C.int) *C.char {
	return text("occamy_golden_port_name", h, strPort, func(m *dpi.Model) (string, error) {
		n, dir, _, _, err := m.PortInfo(int(idx))
		return dir + " " + n, err
	})
}

//export occamy_golden_port_width
func occamy_golden_port_width(h unsafe.Pointer, idx C.int) C.int {
	return C.int(call("occamy_golden_port_width", h, func(e *entry, m *dpi.Model) (int, error) {
		_, _, w, _, err := m.PortInfo(int(idx))
		return w, err
	}))
}

//export occamy_golden_port_offset
func occamy_golden_port_offset(h unsafe.Pointer, idx C.int) C.int {
	return C.int(call("occamy_golden_port_offset", h, func(e *entry, m *dpi.Model) (int, error) {
		_, _, _, off, err := m.PortInfo(int(idx))
		return off, err
	}))
}
