package vcd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Version is the text of the $version section the Writer emits.
const Version = "occamy rtl/vcd writer"

// Kind is the kind of a var the Writer declares.
type Kind uint8

const (
	// Wire declares a net: "$var wire ...".
	Wire Kind = iota
	// Reg declares a variable, the register of a block: "$var reg ...".
	Reg
)

// String returns the VCD keyword of the kind.
func (k Kind) String() string {
	if k == Reg {
		return "reg"
	}
	return "wire"
}

// ID names a var declared on a Writer: its index in declaration order.
type ID int

// Code returns the identifier code the Writer uses for the var in the file.
func (id ID) Code() string { return idCode(int(id)) }

// WriterOptions configures a Writer. The zero value is valid.
type WriterOptions struct {
	// Timescale is the unit of the timestamps, e.g. "1ps" or "10 ns";
	// "" means "1ps".
	Timescale string
}

// Writer is a streaming VCD writer. Declare vars with Var, write the header
// with WriteHeader, then alternate Time and Change calls, and end with
// Close. A Writer is not safe for concurrent use.
//
// Output rules, all deterministic:
//   - the header is $version (the fixed text Version), $timescale, the
//     scopes as "module" scopes with each scope's vars before its
//     sub-scopes, in declaration order, then $enddefinitions; no $date;
//   - vars wider than one bit carry the range [width-1:0];
//   - the first timestamp is written with a $dumpvars block giving every
//     var's value, x for a var without a Change at that time;
//   - after that a Change is written only when the value differs from the
//     last one written, and a timestamp only when something changes at it
//     (or at Close, which writes the last timestamp given);
//   - scalars are written as "0!", vectors as "b101 !" without leading
//     zeros.
type Writer struct {
	bw    *bufio.Writer
	ts    Timescale
	root  scopeNode
	vars  []wvar
	last  []uint64 // last written value of every var, flat
	set   []bool   // var has a value in the $dumpvars block
	buf   []byte   // reusable line buffer
	state wstate
	time  uint64
	timed bool // "#time" of the current time is written
	err   error
}

type wstate uint8

const (
	wDeclaring wstate = iota // vars may be declared
	wHeader                  // header written, no Time yet
	wDump                    // first timestamp open: collecting $dumpvars
	wRunning                 // writing changes
	wClosed
)

type wvar struct {
	name  string
	width int
	kind  Kind
	code  string
	off   int // offset in Writer.last
	n     int // words
}

type scopeNode struct {
	name     string
	vars     []int
	children []*scopeNode
}

// NewWriter returns a Writer to w. It returns an error if the timescale is
// malformed.
func NewWriter(w io.Writer, opt WriterOptions) (*Writer, error) {
	tsText := opt.Timescale
	if tsText == "" {
		tsText = "1ps"
	}
	ts, err := ParseTimescale(tsText)
	if err != nil {
		return nil, fmt.Errorf("vcd: %w", err)
	}
	return &Writer{bw: bufio.NewWriterSize(w, 64<<10), ts: ts}, nil
}

// validName reports whether s is a non-empty run of printable ASCII other
// than space and '.', the characters the Writer accepts in names.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c > '~' || c == '.' {
			return false
		}
	}
	return true
}

// scope returns the node of a dotted scope path, creating it as needed.
func (w *Writer) scope(path string) (*scopeNode, error) {
	n := &w.root
	for _, part := range strings.Split(path, ".") {
		if !validName(part) {
			return nil, fmt.Errorf("vcd: bad scope path %q: want dot-separated names of printable ASCII without spaces", path)
		}
		var next *scopeNode
		for _, c := range n.children {
			if c.name == part {
				next = c
				break
			}
		}
		if next == nil {
			next = &scopeNode{name: part}
			n.children = append(n.children, next)
		}
		n = next
	}
	return n, nil
}

// Scope declares a scope, given as a dotted path such as "top.u_arb" that
// means nested scopes. Scopes are also declared by Var; declaring one
// first only fixes its place in the header.
func (w *Writer) Scope(path string) error {
	if w.state != wDeclaring {
		return errors.New("vcd: Scope after WriteHeader")
	}
	_, err := w.scope(path)
	return err
}

// Var declares a var of the given width (1 or more bits) in the scope with
// the given dotted path and returns its ID. Names are printable ASCII
// without spaces or dots, and unique within their scope.
func (w *Writer) Var(scope, name string, width int, kind Kind) (ID, error) {
	if w.state != wDeclaring {
		return 0, errors.New("vcd: Var after WriteHeader")
	}
	if !validName(name) {
		return 0, fmt.Errorf("vcd: bad var name %q: want printable ASCII without spaces or dots", name)
	}
	if width < 1 || width > MaxWidth {
		return 0, fmt.Errorf("vcd: var %s.%s: width %d out of range, allowed 1..%d", scope, name, width, MaxWidth)
	}
	if kind != Wire && kind != Reg {
		return 0, fmt.Errorf("vcd: var %s.%s: unknown kind %d", scope, name, kind)
	}
	n, err := w.scope(scope)
	if err != nil {
		return 0, err
	}
	for _, v := range n.vars {
		if w.vars[v].name == name {
			return 0, fmt.Errorf("vcd: var %s.%s declared twice", scope, name)
		}
	}
	id := len(w.vars)
	nw := words(width)
	w.vars = append(w.vars, wvar{name: name, width: width, kind: kind, code: idCode(id), off: len(w.last), n: nw})
	w.last = append(w.last, make([]uint64, nw)...)
	w.set = append(w.set, false)
	n.vars = append(n.vars, id)
	return ID(id), nil
}

// WriteHeader writes the header. No var may be declared after it.
func (w *Writer) WriteHeader() error {
	if w.state != wDeclaring {
		return errors.New("vcd: WriteHeader called twice")
	}
	w.state = wHeader
	w.ws("$version " + Version + " $end\n")
	w.ws("$timescale " + w.ts.String() + " $end\n")
	for _, c := range w.root.children {
		w.writeScope(c)
	}
	w.ws("$enddefinitions $end\n")
	return w.err
}

// Time moves the current time to t, which may not be less than the
// current time; an equal time is a no-op. The first Time opens the
// $dumpvars block, closed by the next Time or by Close.
func (w *Writer) Time(t uint64) error {
	if w.err != nil {
		return w.err
	}
	switch w.state {
	case wDeclaring:
		return errors.New("vcd: Time before WriteHeader")
	case wClosed:
		return errors.New("vcd: Time after Close")
	case wHeader:
		w.state, w.time = wDump, t
		return nil
	}
	if t < w.time {
		return fmt.Errorf("vcd: time %d is before the current time %d", t, w.time)
	}
	if t == w.time {
		return nil
	}
	if w.state == wDump {
		w.writeDump()
	}
	w.time, w.timed = t, false
	return w.err
}

// Change sets var id to the value of words (little-endian, at least
// ceil(width/64) words; bits beyond the width are ignored). It writes a
// line only when the value differs from the last one written. It does not
// allocate.
func (w *Writer) Change(id ID, words []uint64) error {
	if w.err != nil {
		return w.err
	}
	if w.state != wDump && w.state != wRunning {
		return errors.New("vcd: Change before the first Time or after Close")
	}
	if id < 0 || int(id) >= len(w.vars) {
		return fmt.Errorf("vcd: unknown var id %d", id)
	}
	v := &w.vars[id]
	if len(words) < v.n {
		return fmt.Errorf("vcd: var %s: %d words given, %d needed for %d bits", v.name, len(words), v.n, v.width)
	}
	last := w.last[v.off : v.off+v.n]
	top := topMask(v.width)
	same := true
	for i := range last {
		x := words[i]
		if i == v.n-1 {
			x &= top
		}
		if last[i] != x {
			same = false
			last[i] = x
		}
	}
	if w.state == wDump {
		w.set[id] = true
		return nil
	}
	if same {
		return nil
	}
	if !w.timed {
		w.writeTime()
	}
	w.writeValue(v, last)
	return w.err
}

// Flush writes buffered output to the underlying writer.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	if err := w.bw.Flush(); err != nil {
		w.err = &WriteError{Err: err}
	}
	return w.err
}

// Close ends the dump: it writes the header if not yet written, the
// $dumpvars block if the first timestamp is still open, and otherwise the
// current timestamp if nothing was written at it, so the file ends at the
// last time given. It then flushes. It does not close the underlying
// writer.
func (w *Writer) Close() error {
	if w.err != nil {
		return w.err
	}
	switch w.state {
	case wClosed:
		return nil
	case wDeclaring:
		if err := w.WriteHeader(); err != nil {
			return err
		}
	case wDump:
		w.writeDump()
	case wRunning:
		if !w.timed {
			w.writeTime()
		}
	}
	w.state = wClosed
	return w.Flush()
}
