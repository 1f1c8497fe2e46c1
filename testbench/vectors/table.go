package vectors

import (
	"fmt"
	"sort"
	"strings"
)

// Table is one vector file in memory.
type Table struct {
	// Comments are the comment lines that carry no parameters, without the
	// leading '#' and surrounding blanks, in file order.
	Comments []string
	// Params are the key=value words of parameter comment lines, such as
	// block=hd_selector N=2 QW=4 seed=1.
	Params map[string]string
	// Ports are the column names after "cycle".
	Ports []string
	// Widths are the port widths in bits, parallel to Ports. A file does not
	// carry widths, so Parse leaves Widths nil; Generate fills it. Write pads
	// each value to ceil(width/4) digits where a width is known (> 0).
	Widths []int
	// Rows are the cycles, in order.
	Rows []Row
}

// Row is one cycle of a table.
type Row struct {
	// Cycle is the decimal cycle number of the row.
	Cycle uint64
	// Values holds one value per port, as little-endian 64-bit words (bit 0
	// is bit 0 of word 0). Parse gives each value ceil(4*digits/64) words.
	Values [][]uint64
}

// IsInput reports whether a column name is an input port: it ends in _i or
// _ni. Every other column is observed and compared.
func IsInput(port string) bool {
	return strings.HasSuffix(port, "_i") || strings.HasSuffix(port, "_ni")
}

// PortIndex returns the column of a port, or -1.
func (t *Table) PortIndex(port string) int {
	for i, p := range t.Ports {
		if p == port {
			return i
		}
	}
	return -1
}

// Width returns the known width of column i, or 0.
func (t *Table) Width(i int) int {
	if i < len(t.Widths) {
		return t.Widths[i]
	}
	return 0
}

// validName reports whether s is a Verilog-style identifier, the only kind
// of column name a testbench can match.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '$'):
		default:
			return false
		}
	}
	return true
}

// validKey reports whether s can be a parameter key: letters, digits, '_',
// '.', '-'.
func validKey(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '.' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// paramWords splits a comment's text into key=value pairs when every word is
// one; ok is false for an ordinary comment.
func paramWords(text string) (kv [][2]string, ok bool) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return nil, false
	}
	for _, w := range words {
		k, v, found := strings.Cut(w, "=")
		if !found || !validKey(k) {
			return nil, false
		}
		kv = append(kv, [2]string{k, v})
	}
	return kv, true
}

// paramKeys returns the keys of m with "block" first, then sorted.
func paramKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		if k != "block" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if _, ok := m["block"]; ok {
		keys = append([]string{"block"}, keys...)
	}
	return keys
}

// checkHeader validates the column names.
func checkHeader(ports []string) error {
	if len(ports) == 0 {
		return fmt.Errorf("header names no ports after \"cycle\"")
	}
	seen := make(map[string]bool, len(ports))
	for _, p := range ports {
		if !validName(p) || p == "cycle" {
			return fmt.Errorf("bad port name %q (want a Verilog identifier)", p)
		}
		if seen[p] {
			return fmt.Errorf("port %s named twice", p)
		}
		seen[p] = true
	}
	return nil
}
