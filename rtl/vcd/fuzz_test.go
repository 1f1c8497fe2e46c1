package vcd

import (
	"bytes"
	"strings"
	"testing"
)

// checkValue fails when v breaks the Value invariants: the width its code
// declares and zero bits above the width in both planes.
func checkValue(t *testing.T, v Value, width int) {
	if v.Width != width || len(v.Val) != words(width) || len(v.XZ) != len(v.Val) {
		t.Fatalf("value of width %d with %d/%d words, want width %d", v.Width, len(v.Val), len(v.XZ), width)
	}
	if n := len(v.Val); n > 0 && (v.Val[n-1]|v.XZ[n-1])&^topMask(width) != 0 {
		t.Fatalf("value of width %d has bits set above its width", width)
	}
	_ = v.Hex()
	_, _ = v.Uint64()
}

// FuzzReader feeds arbitrary bytes to the Reader: it must return events or
// a *ParseError, never panic, and every value it reports must keep the
// Value invariants.
func FuzzReader(f *testing.F) {
	f.Add([]byte(hdr1 + "#0 1! b1x \" #5 s! r1 \""))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewReader(bytes.NewReader(data))
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("header error %v is not a *ParseError", err)
			}
			return
		}
		h := r.Header()
		for _, v := range h.Vars {
			if _, err := h.Find(v.Path()); err != nil && !strings.Contains(err.Error(), "declared twice") {
				t.Fatalf("Find(%q) of a declared var: %v", v.Path(), err)
			}
		}
		last := uint64(0)
		for r.Next() {
			ev := r.Event()
			if ev.Line < 1 || ev.Time < last {
				t.Fatalf("event at line %d time %d after time %d", ev.Line, ev.Time, last)
			}
			last = ev.Time
			if ev.Kind == ChangeEvent {
				checkValue(t, ev.Value, h.Codes[ev.Code].valueWidth())
			}
		}
		if err := r.Err(); err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("body error %v is not a *ParseError", err)
			}
		}
	})
}

// FuzzSampler runs the edge sampler over arbitrary bytes, clocked by the
// first 1-bit var: it must never panic, edges must come in increasing
// time, and the clock must read 0 (or x/z with XEdges) just before each.
func FuzzSampler(f *testing.F) {
	f.Add([]byte(hdrCV+"#0 0c #10 1c b1 v #15 0c #20 1c"), false)
	f.Fuzz(func(t *testing.T, data []byte, xedges bool) {
		r, err := NewReader(bytes.NewReader(data))
		if err != nil {
			return
		}
		h := r.Header()
		clock := ""
		for _, v := range h.Vars {
			if c := h.Codes[v.Code]; c.Width == 1 && !c.Real {
				clock = v.Path()
				break
			}
		}
		if clock == "" {
			return
		}
		s, err := NewSampler(r, SamplerOptions{Clock: clock, XEdges: xedges})
		if err != nil {
			return // an ambiguous name, e.g. duplicated paths
		}
		ci := s.Index(clock)
		n := 0
		var prev uint64
		for s.Next() {
			if n > 0 && s.Time() <= prev {
				t.Fatalf("edge %d at time %d after an edge at %d", n, s.Time(), prev)
			}
			prev = s.Time()
			n++
			if ci >= 0 {
				if b := s.Value(ci).Bit(0); b == '1' || (!xedges && b != '0') {
					t.Fatalf("edge %d at time %d: clock was %c before it", n, s.Time(), b)
				}
			}
			for i, v := range s.Vars() {
				checkValue(t, s.Value(i), h.Codes[v.Code].valueWidth())
			}
		}
		if s.Count() != n {
			t.Fatalf("Count %d after %d edges", s.Count(), n)
		}
	})
}
