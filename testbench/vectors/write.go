package vectors

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// Write writes the table in the .vec format: the parameters on one comment
// line (block first, then the other keys sorted), the other comments, the
// header and one line per row. It checks first that what it writes will
// parse back to the same table, and writes nothing if not.
func (t *Table) Write(w io.Writer) error {
	if err := t.validate(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if len(t.Params) > 0 {
		bw.WriteString("#")
		for _, k := range paramKeys(t.Params) {
			bw.WriteString(" " + k + "=" + t.Params[k])
		}
		bw.WriteString("\n")
	}
	for _, c := range t.Comments {
		if c == "" {
			bw.WriteString("#\n")
			continue
		}
		bw.WriteString("# " + c + "\n")
	}
	bw.WriteString("cycle " + strings.Join(t.Ports, " ") + "\n")
	var buf []byte
	for _, r := range t.Rows {
		buf = strconv.AppendUint(buf[:0], r.Cycle, 10)
		for i, v := range r.Values {
			buf = append(buf, ' ')
			buf = append(buf, FormatHex(v, t.Width(i))...)
		}
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// validate reports anything Write could not write faithfully.
func (t *Table) validate() error {
	if err := checkHeader(t.Ports); err != nil {
		return fmt.Errorf("vectors: %w", err)
	}
	if len(t.Widths) != 0 && len(t.Widths) != len(t.Ports) {
		return fmt.Errorf("vectors: %d widths for %d ports", len(t.Widths), len(t.Ports))
	}
	for k, v := range t.Params {
		if !validKey(k) || strings.IndexFunc(v, unicode.IsSpace) >= 0 {
			return fmt.Errorf("vectors: parameter %q=%q cannot be written (key: letters, digits, _ . -; value: no blanks)", k, v)
		}
	}
	for _, c := range t.Comments {
		if strings.Contains(c, "\n") || c != strings.TrimSpace(c) {
			return fmt.Errorf("vectors: comment %q has a line break or edge blanks", c)
		}
		if _, ok := paramWords(c); ok {
			return fmt.Errorf("vectors: comment %q would read back as parameters", c)
		}
	}
	for ri, r := range t.Rows {
		if len(r.Values) != len(t.Ports) {
			return fmt.Errorf("vectors: cycle %d has %d values for %d ports", r.Cycle, len(r.Values), len(t.Ports))
		}
		if ri > 0 && (t.Rows[ri-1].Cycle == ^uint64(0) || r.Cycle != t.Rows[ri-1].Cycle+1) {
			return fmt.Errorf("vectors: cycle %d follows cycle %d: cycles must go up by one", r.Cycle, t.Rows[ri-1].Cycle)
		}
		for i, v := range r.Values {
			if w := t.Width(i); w > 0 && !Fits(v, w) {
				return fmt.Errorf("vectors: cycle %d, port %s: value %s wider than %d bits", r.Cycle, t.Ports[i], FormatHex(v, 0), w)
			}
		}
	}
	return nil
}
