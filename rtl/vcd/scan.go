package vcd

import (
	"errors"
	"io"
)

// MaxToken is the longest whitespace-separated token the reader accepts,
// in bytes: a vector of MaxWidth bits with its 'b' fits.
const MaxToken = MaxWidth + 1

// scanBuf is the size of the scanner's read window.
const scanBuf = 64 << 10

// scanner splits a stream into whitespace-separated tokens and counts
// lines, reading through a fixed window. The token is a view into the
// window (or into a spill buffer when it straddles two reads), valid until
// the next call.
type scanner struct {
	r     io.Reader
	buf   []byte // read window
	pos   int    // next unread byte in buf
	end   int    // end of valid data in buf
	eof   bool   // r is exhausted
	spill []byte // a token that straddles refills
	line  int    // line of the next unread byte
	tok   []byte // current token
	at    int    // line of the current token
	err   error  // sticky read error (a *ParseError)
}

func newScanner(r io.Reader) *scanner {
	return &scanner{r: r, buf: make([]byte, scanBuf), line: 1}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// fill reads more input into an empty window. It returns false at the end
// of input or on a read error.
func (s *scanner) fill() bool {
	s.pos, s.end = 0, 0
	for !s.eof && s.err == nil {
		n, err := s.r.Read(s.buf)
		s.end = n
		if err != nil {
			if errors.Is(err, io.EOF) {
				s.eof = true
			} else {
				s.err = &ParseError{Line: s.line, Msg: "read: " + err.Error(), Err: err}
			}
		}
		if n > 0 {
			return true
		}
	}
	return false
}

// next reads the next token. It returns false at the end of input or on an
// error, which s.err then holds (nil at a clean end).
func (s *scanner) next() bool {
	if s.err != nil {
		return false
	}
	// Skip white space.
	for {
		for s.pos < s.end && isSpace(s.buf[s.pos]) {
			if s.buf[s.pos] == '\n' {
				s.line++
			}
			s.pos++
		}
		if s.pos < s.end {
			break
		}
		if !s.fill() {
			return false
		}
	}
	s.at = s.line
	start := s.pos
	for s.pos < s.end && !isSpace(s.buf[s.pos]) {
		s.pos++
	}
	if s.pos < s.end || s.eof {
		s.tok = s.buf[start:s.pos]
		return s.checkLen()
	}
	// The token runs past the window: gather it in the spill buffer.
	s.spill = append(s.spill[:0], s.buf[start:s.pos]...)
	for {
		if len(s.spill) > MaxToken {
			return s.tooLong()
		}
		if !s.fill() {
			break // end of input or read error: the token ends here
		}
		i := 0
		for i < s.end && !isSpace(s.buf[i]) {
			i++
		}
		s.spill = append(s.spill, s.buf[:i]...)
		s.pos = i
		if i < s.end {
			break
		}
	}
	if s.err != nil {
		return false
	}
	s.tok = s.spill
	return s.checkLen()
}

func (s *scanner) checkLen() bool {
	if len(s.tok) > MaxToken {
		return s.tooLong()
	}
	return true
}

func (s *scanner) tooLong() bool {
	s.err = errAt(s.at, "token longer than %d bytes", MaxToken)
	return false
}
