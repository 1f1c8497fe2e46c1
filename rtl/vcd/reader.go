package vcd

import (
	"io"
	"math"
	"strconv"
)

// EventKind says what an Event reports.
type EventKind uint8

const (
	// TimeEvent is a "#<time>" line: Event.Time is the new current time.
	TimeEvent EventKind = iota + 1
	// ChangeEvent is a value change: Event.Code's value is now Event.Value.
	ChangeEvent
	// StringEvent is an "s<text> <id>" change, which a Reader reports but
	// does not keep: Event.Text is the text.
	StringEvent
)

// Event is one item of a VCD body. Its Value and Text are views into the
// Reader, valid until the next call to Next.
type Event struct {
	Kind  EventKind
	Time  uint64 // current time: the last "#<time>", 0 before the first
	Line  int    // line of the event's first token
	Code  int    // ChangeEvent, StringEvent: index in Header.Codes
	Value Value  // ChangeEvent: the code's value after the change
	Text  []byte // StringEvent: the text after 's'
}

// Reader reads a VCD file as a stream. NewReader parses the header; each
// Next then reads one event of the body. A Reader holds the current value
// of every id code and a bounded token buffer, whatever the file's length.
//
// Tolerated body forms: scalars "0!", "1!", "x!", "z!" (upper case too, and
// the VHDL states u, w, - as x and l, h as 0, 1); vectors "b<bits> <id>",
// left-extended when shorter than the var (a leading 0 or 1 extends with
// 0, x with x, z with z) and accepted when longer only by leading zeros;
// "r<real> <id>" for real vars; "s<text> <id>"; the keywords $dumpvars,
// $dumpall, $dumpon, $dumpoff and $end, which are skipped (their value
// changes count as ordinary changes); and $comment or any other unknown
// $keyword section, skipped up to its $end. Time may stay or move forward,
// never back.
type Reader struct {
	s     *scanner
	h     Header
	ids   map[string]int // id code -> index in h.Codes
	cur   []Value        // current value per code
	time  uint64
	timed bool // a "#<time>" was read
	ev    Event
	bits  []byte // copy of a vector or string token
	err   error
}

// NewReader reads the header of a VCD file from r and returns a Reader
// positioned at the start of the body. A malformed header gives a
// *ParseError naming the line.
func NewReader(r io.Reader) (*Reader, error) {
	rd := &Reader{s: newScanner(r), ids: map[string]int{}}
	if err := rd.readHeader(); err != nil {
		return nil, err
	}
	rd.cur = make([]Value, len(rd.h.Codes))
	for i, c := range rd.h.Codes {
		rd.cur[i] = NewUnknown(c.valueWidth())
	}
	return rd, nil
}

// Header returns the parsed header.
func (r *Reader) Header() *Header { return &r.h }

// Time returns the current time: the last "#<time>" read, 0 before any.
func (r *Reader) Time() uint64 { return r.time }

// Value returns the current value of id code c (an index in
// Header().Codes): x until the body sets it. It is a view, valid until the
// next call to Next.
func (r *Reader) Value(c int) Value { return r.cur[c] }

// Event returns the event read by the last successful Next.
func (r *Reader) Event() *Event { return &r.ev }

// Err returns the first error met by Next, or nil at a clean end of input.
func (r *Reader) Err() error { return r.err }

// short quotes a token for an error message, cutting long ones.
func short(tok []byte) string {
	if len(tok) > 40 {
		return strconv.Quote(string(tok[:40])) + "..."
	}
	return strconv.Quote(string(tok))
}

// parseTime reads a decimal timestamp without allocating.
func parseTime(b []byte) (uint64, bool) {
	if len(b) == 0 {
		return 0, false
	}
	var t uint64
	for _, c := range b {
		if c < '0' || c > '9' || t > (math.MaxUint64-uint64(c-'0'))/10 {
			return 0, false
		}
		t = t*10 + uint64(c-'0')
	}
	return t, true
}

// bitCode maps a value character to its (Val, XZ) plane bits plus a valid
// flag in bit 2.
var bitCode = func() (t [256]uint8) {
	const ok = 4
	for _, c := range "0lL" {
		t[c] = ok
	}
	for _, c := range "1hH" {
		t[c] = ok | 1
	}
	for _, c := range "zZ" {
		t[c] = ok | 2
	}
	for _, c := range "xXuUwW-" {
		t[c] = ok | 3
	}
	return t
}()

// Next reads the next event of the body. It returns false at the end of
// input or at the first error, which Err then returns.
func (r *Reader) Next() bool {
	if r.err != nil {
		return false
	}
	for r.s.next() {
		tok, line := r.s.tok, r.s.at
		switch c := tok[0]; {
		case c == '#':
			t, ok := parseTime(tok[1:])
			if !ok {
				return r.fail(errAt(line, "bad timestamp %s", short(tok)))
			}
			if r.timed && t < r.time {
				return r.fail(errAt(line, "time %d goes back from %d", t, r.time))
			}
			r.time, r.timed = t, true
			r.ev = Event{Kind: TimeEvent, Time: t, Line: line}
			return true
		case bitCode[c] != 0:
			if len(tok) == 1 {
				return r.fail(errAt(line, "value %s has no id code", short(tok)))
			}
			r.bits = append(r.bits[:0], c)
			return r.change(tok[1:], line)
		case c == 'b' || c == 'B' || c == 'r' || c == 'R' || c == 's' || c == 'S':
			r.bits = append(r.bits[:0], tok[1:]...)
			if !r.s.next() {
				if r.s.err != nil {
					return r.fail(r.s.err)
				}
				return r.fail(errAt(line, "value %s has no id code", short(tok)))
			}
			switch c | 0x20 {
			case 'b':
				return r.change(r.s.tok, line)
			case 'r':
				return r.real(r.s.tok, line)
			default:
				return r.str(r.s.tok, line)
			}
		case c == '$':
			switch string(tok) {
			case "$dumpvars", "$dumpall", "$dumpon", "$dumpoff", "$end":
			case "$var", "$scope", "$upscope", "$enddefinitions", "$timescale":
				return r.fail(errAt(line, "%s after $enddefinitions", tok))
			default: // $comment or an unknown section
				kw := string(tok)
				if _, err := r.text(kw, line); err != nil {
					return r.fail(err)
				}
			}
		default:
			return r.fail(errAt(line, "unexpected %s", short(tok)))
		}
	}
	if r.s.err != nil {
		r.err = r.s.err
	}
	return false
}

// badBit reports the first character of b that is not a bit value.
func (r *Reader) badBit(b, id []byte, line int) bool {
	for _, x := range b {
		if bitCode[x] == 0 {
			return r.fail(errAt(line, "bad bit %q in the value of id code %s", x, short(id)))
		}
	}
	return r.fail(errAt(line, "bad value for id code %s", short(id)))
}

func (r *Reader) fail(err error) bool {
	r.err = err
	return false
}

// code looks up an id code.
func (r *Reader) code(id []byte, line int) (int, bool) {
	c, ok := r.ids[string(id)]
	if !ok {
		r.err = errAt(line, "unknown id code %s", short(id))
	}
	return c, ok
}

// change applies the bits in r.bits to the code named id.
func (r *Reader) change(id []byte, line int) bool {
	c, ok := r.code(id, line)
	if !ok {
		return false
	}
	v := r.cur[c]
	b := r.bits
	if len(b) == 0 {
		return r.fail(errAt(line, "empty vector for id code %s", short(id)))
	}
	if len(b) > v.Width {
		extra := b[:len(b)-v.Width]
		for _, x := range extra {
			if x != '0' {
				return r.fail(errAt(line, "vector of %d bits for the %d-bit id code %s", len(b), v.Width, short(id)))
			}
		}
		b = b[len(extra):]
	}
	// Left-extend: 0 and 1 extend with 0, x with x, z with z.
	e := bitCode[b[0]] & 3
	if e == 1 {
		e = 0
	}
	fillA, fillB := -(uint64(e) & 1), -(uint64(e) >> 1)
	n := len(b)
	for w := range v.Val {
		lo := w * 64
		if lo >= n {
			v.Val[w], v.XZ[w] = fillA, fillB
			continue
		}
		hi := min(64, n-lo)
		var a, z uint64
		valid := uint8(4)
		for k := 0; k < hi; k++ {
			c := bitCode[b[n-1-lo-k]]
			valid &= c
			a |= uint64(c&1) << uint(k)
			z |= uint64(c>>1&1) << uint(k)
		}
		if valid == 0 {
			return r.badBit(b, id, line)
		}
		if hi < 64 {
			a |= fillA << uint(hi)
			z |= fillB << uint(hi)
		}
		v.Val[w], v.XZ[w] = a, z
	}
	v.mask()
	r.ev = Event{Kind: ChangeEvent, Time: r.time, Line: line, Code: c, Value: v}
	return true
}

// real applies the real number in r.bits to the code named id.
func (r *Reader) real(id []byte, line int) bool {
	c, ok := r.code(id, line)
	if !ok {
		return false
	}
	if !r.h.Codes[c].Real {
		return r.fail(errAt(line, "real value for the non-real id code %s", short(id)))
	}
	f, err := strconv.ParseFloat(string(r.bits), 64)
	if err != nil && !isRangeErr(err) {
		return r.fail(errAt(line, "bad real %s for id code %s", short(r.bits), short(id)))
	}
	v := r.cur[c]
	v.Val[0], v.XZ[0] = math.Float64bits(f), 0
	r.ev = Event{Kind: ChangeEvent, Time: r.time, Line: line, Code: c, Value: v}
	return true
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// str reports the string in r.bits for the code named id.
func (r *Reader) str(id []byte, line int) bool {
	c, ok := r.code(id, line)
	if !ok {
		return false
	}
	r.ev = Event{Kind: StringEvent, Time: r.time, Line: line, Code: c, Text: r.bits}
	return true
}
