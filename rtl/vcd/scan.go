package vcd

import (
	"bufio"
	"errors"
	"io"
)

// MaxToken is the longest whitespace-separated token the reader accepts,
// in bytes: a vector of MaxWidth bits with its 'b' fits.
const MaxToken = MaxWidth + 1

// scanner splits a stream into whitespace-separated tokens and counts
// lines. The token is a view into a reused buffer, valid until the next
// call.
type scanner struct {
	r    *bufio.Reader
	line int    // line of the next unread byte
	tok  []byte // current token
	at   int    // line of the current token
	err  error  // sticky read error other than io.EOF
}

func newScanner(r io.Reader) *scanner {
	return &scanner{r: bufio.NewReaderSize(r, 64<<10), line: 1}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// next reads the next token. It returns false at the end of input or on an
// error, which s.err then holds (nil at a clean end).
func (s *scanner) next() bool {
	if s.err != nil {
		return false
	}
	s.tok = s.tok[:0]
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			return s.fail(err)
		}
		if c == '\n' {
			s.line++
		}
		if !isSpace(c) {
			s.tok = append(s.tok, c)
			break
		}
	}
	s.at = s.line
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			if err == io.EOF {
				return true
			}
			return s.fail(err)
		}
		if isSpace(c) {
			if c == '\n' {
				s.line++
			}
			return true
		}
		if len(s.tok) >= MaxToken {
			s.err = errAt(s.at, "token longer than %d bytes", MaxToken)
			return false
		}
		s.tok = append(s.tok, c)
	}
}

func (s *scanner) fail(err error) bool {
	if !errors.Is(err, io.EOF) {
		s.err = &ParseError{Line: s.line, Msg: "read: " + err.Error(), Err: err}
	}
	return false
}
