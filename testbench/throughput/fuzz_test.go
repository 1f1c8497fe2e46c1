package throughput

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzParseSizeFile: no input panics; an accepted list is non-empty, within
// the limits, and parses the same when written back.
func FuzzParseSizeFile(f *testing.F) {
	for _, s := range []string{"64 1\n1500 1\n", "# c\n64\n", "64,2\n", "", "x", "64 1 1", "1500 1e308\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ws, err := ParseSizeFile(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if len(ws) == 0 || len(ws) > MaxSizeEntries {
			t.Fatalf("accepted %d entries", len(ws))
		}
		var b strings.Builder
		for _, w := range ws {
			if w.Bytes < 1 || !(w.Weight > 0) {
				t.Fatalf("accepted %+v", w)
			}
			b.WriteString(strings.TrimSpace(strings.Join([]string{itoa(w.Bytes), ftoa(w.Weight)}, " ")) + "\n")
		}
		again, err := ParseSizeFile([]byte(b.String()))
		if err != nil || len(again) != len(ws) {
			t.Fatalf("written back %q: %v", b.String(), err)
		}
	})
}

// FuzzParseSize: no input panics and errors are one line.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"fixed:1500", "bimodal:64:1500:0.5", "uniform:64:1500", "file:", "fixed:", "bimodal:::", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.HasPrefix(s, "file:") && len(s) > 5 {
			return // do not read arbitrary paths
		}
		sz, err := ParseSize(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if len(sz.Cells(256)) == 0 {
			t.Fatalf("%q accepted with no sizes", s)
		}
	})
}

// FuzzParseLoads: no input panics; accepted loads are in 0..100.
func FuzzParseLoads(f *testing.F) {
	for _, s := range []string{"0:100:10", "0,50,90", "50:10:10", "", "1e309", "0:100:0", "0:100:1e-9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ls, err := ParseLoads(s)
		if err != nil {
			return
		}
		if len(ls) == 0 || len(ls) > 1000 {
			t.Fatalf("%q: %d loads", s, len(ls))
		}
		for _, l := range ls {
			if !(l >= 0 && l <= 100) {
				t.Fatalf("%q: load %g accepted", s, l)
			}
		}
	})
}

// FuzzParseMem: no input panics; accepted budgets are auto or in range.
func FuzzParseMem(f *testing.F) {
	for _, s := range []string{"auto", "2/1", "0/1", "/", "65/1", "1/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMem("CP", s)
		if err != nil {
			return
		}
		if !m.Auto() && (m.Reads < 1 || m.Writes < 1) {
			t.Fatalf("%q accepted as %+v", s, m)
		}
	})
}

func itoa(v int) string     { return strconv.Itoa(v) }
func ftoa(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// FuzzParseLists: the integer and free-mode list parsers never panic and
// never accept an empty list or a value outside their range.
func FuzzParseLists(f *testing.F) {
	for _, s := range []string{"1,2,4,8", "", ",", "3", "cell,chain", "9999999999999999999999", " 4 , 8 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ks, err := ParseInts("K", s, 1, 8, []int{1, 2, 4, 8}); err == nil {
			if len(ks) == 0 {
				t.Fatalf("%q: empty list accepted", s)
			}
			for _, k := range ks {
				if k != 1 && k != 2 && k != 4 && k != 8 {
					t.Fatalf("%q: k=%d accepted", s, k)
				}
			}
		}
		if ms, err := ParseFreeModes(s); err == nil {
			for _, m := range ms {
				if !m.Valid() {
					t.Fatalf("%q: mode %q accepted", s, m)
				}
			}
		}
	})
}
