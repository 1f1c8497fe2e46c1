package vcd

import (
	"fmt"
	"strings"
)

// MaxWidth is the widest var the package reads or writes, in bits. It
// bounds the memory a hostile header can make a reader allocate per var.
const MaxWidth = 1 << 20

// Var is one $var declaration.
type Var struct {
	Scope    string // dotted path of the enclosing scopes, e.g. "TOP.counter"; "" outside any scope
	Name     string // the reference name as written, e.g. "cnt_q" or "mem[3]"
	Kind     string // as declared: wire, reg, integer, real, parameter, logic, event, ...
	Width    int    // declared width in bits
	ID       string // identifier code, e.g. "!" or "%$"
	HasRange bool   // a [MSB:LSB] or [MSB] range followed the name
	MSB, LSB int    // the range, when HasRange
	Code     int    // index in Header.Codes; vars that share an id code share it
}

// Path returns the var's full dotted name, e.g. "TOP.counter.cnt_q".
func (v Var) Path() string {
	if v.Scope == "" {
		return v.Name
	}
	return v.Scope + "." + v.Name
}

// Code is one distinct identifier code: the value stream that one or more
// vars (Verilator lists top-level ports twice under one code) follow.
type Code struct {
	ID    string
	Width int  // declared width in bits
	Real  bool // declared real or realtime: its value is held as the 64 bits of a float64
	Vars  []int
}

// valueWidth is the width of the Value holding the code's state.
func (c Code) valueWidth() int {
	if c.Real {
		return 64
	}
	return c.Width
}

// MaxText is the longest text kept from one $comment, $date or $version
// section, in bytes; the rest is skipped.
const MaxText = 4096

// Header is the declaration part of a VCD file.
type Header struct {
	Timescale Timescale // zero when the file has no $timescale
	Version   string    // text of $version, spaces collapsed
	Date      string    // text of $date, spaces collapsed
	Comments  []string  // text of each $comment in the header
	Vars      []Var     // in declaration order
	Codes     []Code    // distinct id codes in order of first declaration
}

// Find returns the index in Vars of the var called name: either its full
// dotted path, or a dotted suffix of it (a leaf name such as "clk_i", or
// "dut.clk_i") that only one value stream matches. Several vars sharing
// one id code count as one match, and the first of them is returned.
//
// A full path declared twice with two id codes is an error: which stream
// the name means cannot be told.
func (h *Header) Find(name string) (int, error) {
	exact := -1
	for i := range h.Vars {
		if h.Vars[i].Path() != name {
			continue
		}
		if exact < 0 {
			exact = i
		} else if h.Vars[exact].Code != h.Vars[i].Code {
			return 0, fmt.Errorf("vcd: var %s is declared twice, with id codes %q and %q", name, h.Vars[exact].ID, h.Vars[i].ID)
		}
	}
	if exact >= 0 {
		return exact, nil
	}
	found := -1
	var others []string
	for i := range h.Vars {
		p := h.Vars[i].Path()
		if !strings.HasSuffix(p, "."+name) {
			continue
		}
		switch {
		case found < 0:
			found = i
		case h.Vars[found].Code != h.Vars[i].Code:
			others = append(others, p)
		}
	}
	if found < 0 {
		return 0, fmt.Errorf("vcd: no var named %q", name)
	}
	if len(others) > 0 {
		return 0, fmt.Errorf("vcd: var name %q is ambiguous: %s, %s; give more of its path", name, h.Vars[found].Path(), strings.Join(others, ", "))
	}
	return found, nil
}
