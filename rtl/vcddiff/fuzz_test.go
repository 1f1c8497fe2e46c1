package vcddiff

import (
	"bytes"
	"strings"
	"testing"
)

// fuzzOptions picks one of a few option sets, so the fuzzer also runs the
// signal selection, the map, the reset choices and the stop.
func fuzzOptions(sel uint8) Options {
	switch sel % 6 {
	case 1:
		return Options{Signals: []string{"over_o", "rst_ni"}}
	case 2:
		return Options{Map: []Pair{{"over_o", "over_o"}, {"rst_ni", "x"}}}
	case 3:
		return Options{ResetA: Reset{Off: true}, ResetB: Reset{Off: true}}
	case 4:
		return Options{Max: 1, ClockA: "clk", ClockB: "clk_i"}
	case 5:
		return Options{RootA: "occamy", ResetA: Reset{Name: "rst_ni", Level: ActiveHigh}}
	}
	return Options{}
}

// FuzzDiff: no input pair makes Diff panic, and a report it returns is
// consistent with itself.
//
//	go test -run '^$' -fuzz '^FuzzDiff$' -fuzztime 15s ./rtl/vcddiff/
func FuzzDiff(f *testing.F) {
	f.Add([]byte(goDump), []byte(icarusDump), uint8(0))
	f.Add([]byte(verilatorDump), []byte(icarusDump), uint8(1))
	f.Add([]byte(goDump), []byte(strings.Replace(icarusDump, "b101 #", "b111 #", 1)), uint8(4))
	f.Add([]byte(goDump), []byte(goDump[:len(goDump)/2]), uint8(3))
	f.Fuzz(func(t *testing.T, a, b []byte, sel uint8) {
		opt := fuzzOptions(sel)
		rep, err := Diff(bytes.NewReader(a), bytes.NewReader(b), opt)
		if err != nil {
			if rep != nil {
				t.Fatalf("a report with an error: %v", err)
			}
			return
		}
		if rep.Edges < 1 || (!rep.Stopped && (rep.Edges > rep.A.Edges || rep.Edges > rep.B.Edges)) {
			t.Fatalf("edges compared %d, after reset A %d, B %d", rep.Edges, rep.A.Edges, rep.B.Edges)
		}
		if len(rep.Divergences) > len(rep.Signals) || (opt.Max > 0 && len(rep.Divergences) > opt.Max) {
			t.Fatalf("%d divergences for %d signals (max %d)", len(rep.Divergences), len(rep.Signals), opt.Max)
		}
		for _, d := range rep.Divergences {
			if d.Edge < 0 || d.Edge >= rep.Edges || d.Count < 1 || d.ValueA == d.ValueB {
				t.Fatalf("inconsistent divergence %+v", d)
			}
		}
		if rep.Same() != (len(rep.Divergences) == 0 && len(rep.Missing) == 0 && !rep.LengthDiffers()) {
			t.Fatal("Same disagrees with the report")
		}
		var out strings.Builder
		if err := rep.Write(&out); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzParseMap: no map file makes ParseMap panic, and every pair it
// returns has two non-empty names without blanks.
//
//	go test -run '^$' -fuzz '^FuzzParseMap$' -fuzztime 15s ./rtl/vcddiff/
func FuzzParseMap(f *testing.F) {
	f.Add("# A B\nover_o u_sel.over_q\n\n gnt_idx_o\tgnt_o\r\n")
	f.Add("a b c\n")
	f.Fuzz(func(t *testing.T, s string) {
		pairs, err := ParseMap(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, p := range pairs {
			if p.A == "" || p.B == "" || strings.ContainsAny(p.A+p.B, " \t\n") {
				t.Fatalf("bad pair %q", p)
			}
		}
	})
}

// FuzzParseSides: per-file option values never panic, and a plain name
// applies to both files.
//
//	go test -run '^$' -fuzz '^FuzzParseSides$' -fuzztime 15s ./rtl/vcddiff/
func FuzzParseSides(f *testing.F) {
	for _, s := range []string{"clk", "A=clk,B=clk_i", "B=x", "A=,B", "rst:low"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, b, err := ParseSides(s)
		if err != nil {
			return
		}
		if strings.ContainsAny(a+b, " \t") {
			t.Fatalf("%q gave names with blanks %q, %q", s, a, b)
		}
		if _, err := ParseReset(a); err != nil {
			return
		}
	})
}
