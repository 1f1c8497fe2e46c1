package executor

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// This file holds a small local reader for the .vec format of
// docs/architecture.md (testbench/vectors did not exist yet when it was
// written) and the runner that drives an Executor from a table.
//
// One extension: a value written as all 'x' (any length) is a don't-care,
// used for outputs before the first reset, where the Verilog holds X.

// vecValue is one cell of a vector table.
type vecValue struct {
	words    []uint64 // little-endian 64-bit words
	digits   int      // hex digits as written
	dontCare bool
}

// vecRow is one cycle of a vector table.
type vecRow struct {
	line  int
	cycle uint64
	vals  []vecValue
}

// vecTable is a parsed vector file.
type vecTable struct {
	meta map[string]string // key=value words of the leading comments
	cols []string          // port names after "cycle"
	rows []vecRow
}

// parseVec reads a vector table; errors name the line.
func parseVec(text string) (*vecTable, error) {
	t := &vecTable{meta: map[string]string{}}
	for i, raw := range strings.Split(text, "\n") {
		line := i + 1
		s := strings.TrimSpace(raw)
		if s == "" {
			continue
		}
		if strings.HasPrefix(s, "#") {
			if t.cols == nil {
				for _, f := range strings.Fields(s[1:]) {
					if k, v, ok := strings.Cut(f, "="); ok && k != "" {
						t.meta[k] = v
					}
				}
			}
			continue
		}
		f := strings.Fields(s)
		if t.cols == nil {
			if f[0] != "cycle" {
				return nil, fmt.Errorf("line %d: header must start with \"cycle\", got %q", line, f[0])
			}
			if len(f) < 2 {
				return nil, fmt.Errorf("line %d: header names no ports", line)
			}
			seen := map[string]bool{}
			for _, c := range f[1:] {
				if seen[c] {
					return nil, fmt.Errorf("line %d: port %s named twice", line, c)
				}
				seen[c] = true
			}
			t.cols = f[1:]
			continue
		}
		if len(f) != len(t.cols)+1 {
			return nil, fmt.Errorf("line %d: %d fields, header has %d", line, len(f), len(t.cols)+1)
		}
		cyc, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: cycle %q is not a decimal number", line, f[0])
		}
		row := vecRow{line: line, cycle: cyc, vals: make([]vecValue, len(t.cols))}
		for j, v := range f[1:] {
			val, err := parseHex(v)
			if err != nil {
				return nil, fmt.Errorf("line %d: port %s: %v", line, t.cols[j], err)
			}
			row.vals[j] = val
		}
		t.rows = append(t.rows, row)
	}
	if t.cols == nil {
		return nil, fmt.Errorf("no header row")
	}
	return t, nil
}

// parseHex reads a hex value of any length, or an all-'x' don't-care.
func parseHex(s string) (vecValue, error) {
	if strings.Trim(s, "xX") == "" {
		return vecValue{digits: len(s), dontCare: true}, nil
	}
	v := vecValue{digits: len(s), words: make([]uint64, (len(s)*4+63)/64)}
	for k := 0; k < len(s); k++ {
		ch := s[len(s)-1-k]
		var d uint64
		switch {
		case ch >= '0' && ch <= '9':
			d = uint64(ch - '0')
		case ch >= 'a' && ch <= 'f':
			d = uint64(ch-'a') + 10
		case ch >= 'A' && ch <= 'F':
			d = uint64(ch-'A') + 10
		default:
			return vecValue{}, fmt.Errorf("%q is not hexadecimal", s)
		}
		bit := 4 * k
		v.words[bit/64] |= d << uint(bit%64)
	}
	return v, nil
}

// inputSetters maps each input port name to a setter on e.
func inputSetters(e *Executor) map[string]func(v uint64) {
	return map[string]func(v uint64){
		"rst_ni":       func(v uint64) { e.RstNI = v != 0 },
		"enq_valid_i":  func(v uint64) { e.EnqValidI = v != 0 },
		"enq_qid_i":    func(v uint64) { e.EnqQidI = uint16(v) },
		"enq_eop_i":    func(v uint64) { e.EnqEopI = v != 0 },
		"drop_valid_i": func(v uint64) { e.DropValidI = v != 0 },
		"drop_qid_i":   func(v uint64) { e.DropQidI = uint16(v) },
	}
}

// runVec drives e through the table, cycle by cycle: inputs set, Eval,
// outputs compared, Commit. Any failure names the vector, the line, the
// cycle, the signal, the expected and the actual value.
func runVec(t *testing.T, name string, e *Executor, text string) {
	t.Helper()
	tab, err := parseVec(text)
	require.NoError(t, err, "vector %s", name)
	sigs := map[string]int{}
	all := e.Signals()
	for i, s := range all {
		sigs[s.Name] = i
	}
	set := inputSetters(e)
	for _, c := range tab.cols {
		_, ok := sigs[c]
		require.True(t, ok, "vector %s: unknown port %s", name, c)
		if strings.HasSuffix(c, "_i") || strings.HasSuffix(c, "_ni") {
			require.Contains(t, set, c, "vector %s: %s is not an input", name, c)
		}
	}
	for k, row := range tab.rows {
		require.Equal(t, uint64(k), row.cycle, "vector %s line %d: cycles must count from 0", name, row.line)
		for j, c := range tab.cols {
			sg := all[sigs[c]]
			v := row.vals[j]
			require.Equal(t, (sg.Width+3)/4, v.digits, "vector %s line %d cycle %d: %s has %d digits, want %d",
				name, row.line, row.cycle, c, v.digits, (sg.Width+3)/4)
			if f, ok := set[c]; ok {
				require.False(t, v.dontCare, "vector %s line %d: input %s cannot be x", name, row.line, c)
				f(v.words[0])
			}
		}
		e.Eval()
		for j, c := range tab.cols {
			if _, ok := set[c]; ok || row.vals[j].dontCare {
				continue
			}
			sg := all[sigs[c]]
			got := make([]uint64, len(row.vals[j].words))
			sg.Read(got)
			require.Equal(t, hexWords(row.vals[j].words), hexWords(got),
				"vector %s line %d cycle %d: signal %s expected %s actual %s",
				name, row.line, row.cycle, c, hexWords(row.vals[j].words), hexWords(got))
		}
		e.Commit()
		require.NoError(t, e.Check(), "vector %s cycle %d: store inconsistent after the edge", name, row.cycle)
	}
}

// hexWords formats little-endian words as one hex number.
func hexWords(w []uint64) string {
	var b strings.Builder
	for i := len(w) - 1; i >= 0; i-- {
		if i == len(w)-1 {
			fmt.Fprintf(&b, "%x", w[i])
		} else {
			fmt.Fprintf(&b, "%016x", w[i])
		}
	}
	return b.String()
}

func TestParseVecErrors(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"no header", "# only a comment\n", "no header"},
		{"bad header", "cyc a_i\n", "must start with"},
		{"no ports", "cycle\n", "names no ports"},
		{"dup port", "cycle a_i a_i\n", "named twice"},
		{"short row", "cycle a_i b_o\n0 1\n", "2 fields"},
		{"bad cycle", "cycle a_i\nz 1\n", "not a decimal"},
		{"bad hex", "cycle a_i\n0 g\n", "not hexadecimal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseVec(c.text)
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
		})
	}
	tab, err := parseVec("# block=hd_executor N=2\ncycle a_i b_o\n0 1 x\n1 0 1f\n")
	require.NoError(t, err)
	require.Equal(t, "hd_executor", tab.meta["block"])
	require.Equal(t, "2", tab.meta["N"])
	require.True(t, tab.rows[0].vals[1].dontCare)
	require.Equal(t, uint64(0x1f), tab.rows[1].vals[1].words[0])
}

func FuzzParseVec(f *testing.F) {
	f.Add("# block=hd_executor N=2\ncycle a_i b_o\n0 1 x\n1 0 1f\n")
	f.Add("cycle a_i\n0 123456789abcdef0123\n")
	f.Fuzz(func(t *testing.T, text string) {
		tab, err := parseVec(text)
		if err != nil {
			return
		}
		for _, r := range tab.rows {
			if len(r.vals) != len(tab.cols) {
				t.Fatalf("row at line %d has %d values for %d ports", r.line, len(r.vals), len(tab.cols))
			}
		}
	})
}
