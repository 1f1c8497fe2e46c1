package vectors

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxLine is the longest line Parse accepts, in bytes. The widest contract
// port (qlen_i at N=256, QW=32) takes 2048 digits, far below it.
const MaxLine = 1 << 20

// Parse reads a vector table. Errors name the line ("line 7: ...").
func Parse(r io.Reader) (*Table, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	t := &Table{Params: map[string]string{}}
	header := false
	for lineNo := 1; ; lineNo++ {
		line, err := readLine(br)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		if err := t.parseLine(strings.TrimSpace(line), &header); err != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
	}
	if !header {
		return nil, errors.New("no header row: want a line \"cycle <port> <port> ...\"")
	}
	return t, nil
}

// readLine returns the next line without its line ending, io.EOF at the end.
func readLine(br *bufio.Reader) (string, error) {
	var b []byte
	for {
		frag, err := br.ReadSlice('\n')
		b = append(b, frag...)
		if len(b) > MaxLine {
			return "", fmt.Errorf("line longer than %d bytes", MaxLine)
		}
		switch err {
		case nil:
			return strings.TrimRight(string(b), "\r\n"), nil
		case bufio.ErrBufferFull:
			continue
		case io.EOF:
			if len(b) == 0 {
				return "", io.EOF
			}
			return strings.TrimRight(string(b), "\r\n"), nil
		default:
			return "", err
		}
	}
}

// parseLine adds one trimmed line to t.
func (t *Table) parseLine(line string, header *bool) error {
	switch {
	case line == "":
		return nil
	case line[0] == '#':
		return t.parseComment(strings.TrimSpace(line[1:]))
	case !*header:
		f := strings.Fields(line)
		if f[0] != "cycle" {
			return fmt.Errorf("header must start with \"cycle\", got %q", f[0])
		}
		if err := checkHeader(f[1:]); err != nil {
			return err
		}
		t.Ports = f[1:]
		*header = true
		return nil
	default:
		return t.parseRow(strings.Fields(line))
	}
}

// parseComment files a comment as parameters or as text.
func (t *Table) parseComment(text string) error {
	kv, ok := paramWords(text)
	if !ok {
		t.Comments = append(t.Comments, text)
		return nil
	}
	for _, p := range kv {
		if _, dup := t.Params[p[0]]; dup {
			return fmt.Errorf("parameter %s given twice", p[0])
		}
		t.Params[p[0]] = p[1]
	}
	return nil
}

// parseRow reads one cycle.
func (t *Table) parseRow(f []string) error {
	if len(f) != len(t.Ports)+1 {
		return fmt.Errorf("%d values, want %d (cycle and %d ports)", len(f), len(t.Ports)+1, len(t.Ports))
	}
	c, err := strconv.ParseUint(f[0], 10, 64)
	if err != nil {
		return fmt.Errorf("bad cycle number %q: want a decimal integer", f[0])
	}
	if n := len(t.Rows); n > 0 {
		if prev := t.Rows[n-1].Cycle; prev == ^uint64(0) || c != prev+1 {
			return fmt.Errorf("cycle %d follows cycle %d: cycles must go up by one", c, prev)
		}
	}
	row := Row{Cycle: c, Values: make([][]uint64, len(t.Ports))}
	for i, s := range f[1:] {
		v, err := parseHex(s)
		if err != nil {
			return fmt.Errorf("cycle %d, port %s: %w", c, t.Ports[i], err)
		}
		row.Values[i] = v
	}
	t.Rows = append(t.Rows, row)
	return nil
}
