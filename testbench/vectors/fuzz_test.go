package vectors

import (
	"bytes"
	"strings"
	"testing"

	"occamy/rtl/pack"
)

// FuzzParse feeds arbitrary text to Parse. It must never panic; whatever it
// accepts, Write must write, and Parse must read back as the same table.
func FuzzParse(f *testing.F) {
	f.Add(sample)
	f.Add("cycle a_i b_o\n0 1 2\n1 ff 0\n")
	f.Add("# k=v\n#\ncycle a_i\n# comment after header\n18446744073709551614 0\n18446744073709551615 0\n")
	f.Fuzz(func(t *testing.T, in string) {
		tb, err := Parse(strings.NewReader(in))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") && !strings.HasPrefix(err.Error(), "no header row") {
				t.Fatalf("error without a line number: %v", err)
			}
			return
		}
		var b bytes.Buffer
		if err := tb.Write(&b); err != nil {
			t.Fatalf("Parse accepted what Write refuses: %v\ninput %q", err, in)
		}
		back, err := Parse(&b)
		if err != nil {
			t.Fatalf("Write produced what Parse refuses: %v\nwritten %q", err, b.String())
		}
		if !sameTable(tb, back) {
			t.Fatalf("round trip changed the table\ninput   %q\nwritten %q", in, b.String())
		}
	})
}

// sameTable compares two tables, values as numbers.
func sameTable(a, b *Table) bool {
	if len(a.Params) != len(b.Params) || len(a.Comments) != len(b.Comments) ||
		strings.Join(a.Ports, " ") != strings.Join(b.Ports, " ") || len(a.Rows) != len(b.Rows) {
		return false
	}
	for k, v := range a.Params {
		if b.Params[k] != v {
			return false
		}
	}
	for i := range a.Comments {
		if a.Comments[i] != b.Comments[i] {
			return false
		}
	}
	for r := range a.Rows {
		if a.Rows[r].Cycle != b.Rows[r].Cycle || len(a.Rows[r].Values) != len(b.Rows[r].Values) {
			return false
		}
		for i := range a.Rows[r].Values {
			if !pack.Equal64(a.Rows[r].Values[i], b.Rows[r].Values[i]) {
				return false
			}
		}
	}
	return true
}
