package vcddiff

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"occamy/rtl/pack"
	"occamy/rtl/vcd"
)

// unit is one distinct pair of value streams: several compared signals may
// follow the same two (Verilator gives equal nets one id code), and are
// compared once.
type unit struct {
	va, vb int   // var indices, also sampler indices
	pairs  []int // indices in plan.pairs
	first  int   // index in Report.Divergences of its first divergence, -1
	count  int   // compared edges that differ
}

// Diff compares two VCD dumps of the same design at each rising clock edge
// after reset, as the package documentation describes. It returns an error
// (and no report) when a file cannot be read or is malformed, or when the
// clocks, resets or signals cannot be resolved; a report whose Same is
// false when the dumps differ.
func Diff(a, b io.Reader, opt Options) (*Report, error) {
	na, nb := opt.NameA, opt.NameB
	if na == "" {
		na = "A"
	}
	if nb == "" {
		nb = "B"
	}
	if opt.Max < 0 {
		return nil, fmt.Errorf("max %d: want 0 (no limit) or more", opt.Max)
	}
	ra, err := vcd.NewReader(a)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", na, err)
	}
	rb, err := vcd.NewReader(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", nb, err)
	}
	sideA, err := newSide(na, ra.Header())
	if err != nil {
		return nil, err
	}
	sideB, err := newSide(nb, rb.Header())
	if err != nil {
		return nil, err
	}
	p, err := newPlan(sideA, sideB, opt)
	if err != nil {
		return nil, err
	}
	sa, err := vcd.NewSampler(ra, vcd.SamplerOptions{Clock: p.fa.Clock})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", na, err)
	}
	sb, err := vcd.NewSampler(rb, vcd.SamplerOptions{Clock: p.fb.Clock})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", nb, err)
	}
	rep := &Report{A: p.fa, B: p.fb, Missing: p.missing, OnlyA: p.onlyA, OnlyB: p.onlyB, Warnings: p.warnings}
	for _, q := range p.pairs {
		rep.Signals = append(rep.Signals, Signal{
			Name: q.name, PathA: p.a.paths[q.va], PathB: p.b.paths[q.vb],
			WidthA: p.a.h.Vars[q.va].Width, WidthB: p.b.h.Vars[q.vb].Width, Mapped: q.mapped,
		})
	}
	if err := seekStart(sa, p.rstA, &rep.A); err != nil {
		return nil, err
	}
	if err := seekStart(sb, p.rstB, &rep.B); err != nil {
		return nil, err
	}
	units := makeUnits(p)
	if err := compare(sa, sb, units, p, opt.Max, rep); err != nil {
		return nil, err
	}
	for _, u := range units {
		if u.first >= 0 {
			for k := range u.pairs {
				rep.Divergences[u.first+k].Count = u.count
			}
		}
	}
	sort.SliceStable(rep.Divergences, func(i, j int) bool {
		di, dj := rep.Divergences[i], rep.Divergences[j]
		if di.Edge != dj.Edge {
			return di.Edge < dj.Edge
		}
		return di.Signal < dj.Signal
	})
	if opt.Max > 0 && len(rep.Divergences) > opt.Max {
		rep.Divergences = rep.Divergences[:opt.Max]
	}
	return rep, nil
}

// makeUnits groups the pairs by their two value streams.
func makeUnits(p *plan) []*unit {
	type key struct{ ca, cb int }
	byKey := map[key]*unit{}
	var units []*unit
	for i, q := range p.pairs {
		k := key{p.a.h.Vars[q.va].Code, p.b.h.Vars[q.vb].Code}
		u, ok := byKey[k]
		if !ok {
			u = &unit{va: q.va, vb: q.vb, first: -1}
			byKey[k] = u
			units = append(units, u)
		}
		u.pairs = append(u.pairs, i)
	}
	return units
}

// seekStart advances a sampler to the first rising edge at which the
// reset (var index rst, -1 for none) is released, and records it.
func seekStart(s *vcd.Sampler, rst int, f *File) error {
	for s.Next() {
		if rst < 0 || released(s.Value(rst), f.ResetLow) {
			f.Start, f.StartTime, f.Edges = s.Count(), s.Time(), 1
			return nil
		}
	}
	if err := s.Err(); err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	if rst < 0 || s.Count() == 0 {
		return fmt.Errorf("%s: %w of clock %s", f.Name, errNoEdges, f.Clock)
	}
	return fmt.Errorf("%s: reset %s is never released in %d rising edges of %s", f.Name, f.Reset, s.Count(), f.Clock)
}

// released reports whether a 1-bit reset value is known and inactive.
func released(v vcd.Value, low bool) bool {
	b := v.Bit(0)
	return (low && b == '1') || (!low && b == '0')
}

// compare walks both samplers edge by edge from their start edges,
// recording the first divergence of every unit, until one file ends (the
// other is then read to its end to count its edges) or max signals have
// diverged.
func compare(sa, sb *vcd.Sampler, units []*unit, p *plan, max int, rep *Report) error {
	diverged := 0
	for {
		for _, u := range units {
			va, vb := sa.Value(u.va), sb.Value(u.vb)
			if equalExtended(va, vb) {
				continue
			}
			u.count++
			if u.first < 0 {
				u.first = len(rep.Divergences)
				ta, tb := valueTexts(va, vb)
				for _, pi := range u.pairs {
					q := p.pairs[pi]
					rep.Divergences = append(rep.Divergences, Divergence{
						Signal: q.name, PathA: p.a.paths[q.va], PathB: p.b.paths[q.vb],
						Edge: rep.Edges, EdgeA: sa.Count(), EdgeB: sb.Count(),
						TimeA: sa.Time(), TimeB: sb.Time(), ValueA: ta, ValueB: tb,
					})
					diverged++
				}
			}
		}
		rep.Edges++
		if max > 0 && diverged >= max {
			rep.Stopped = true
			rep.A.Tail, rep.B.Tail = -1, -1
			return nil
		}
		okA, okB := sa.Next(), sb.Next()
		if okA {
			rep.A.Edges++
		}
		if okB {
			rep.B.Edges++
		}
		if !okA || !okB {
			if err := drain(sa, &rep.A, okA); err != nil {
				return err
			}
			return drain(sb, &rep.B, okB)
		}
	}
}

// drain reads the rest of a sampler, counting its edges; more says the
// last Next succeeded.
func drain(s *vcd.Sampler, f *File, more bool) error {
	for more && s.Next() {
		f.Edges++
	}
	if err := s.Err(); err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	f.LastEdge, f.End, f.Tail = s.Time(), s.End(), -1
	if per := s.Period(); per > 0 {
		f.Tail = float64(f.End-f.LastEdge) / float64(per)
	}
	return nil
}

// valueTexts writes two differing values in hexadecimal, or in binary
// when their hexadecimal forms read the same (a digit mixing x with other
// bits prints X whatever the mix).
func valueTexts(a, b vcd.Value) (string, string) {
	ha, hb := a.Hex(), b.Hex()
	if ha == hb {
		return "b" + a.String(), "b" + b.String()
	}
	return ha, hb
}

// equalExtended compares two values zero-extended to the wider width: the
// bits above a Value's width are zero in both planes, so the words a
// narrower value lacks read as zero.
func equalExtended(a, b vcd.Value) bool {
	if a.Width == b.Width {
		return a.Equal(b)
	}
	return pack.Equal64(a.Val, b.Val) && pack.Equal64(a.XZ, b.XZ)
}

// errNoEdges is returned when a file has no compared edge.
var errNoEdges = errors.New("no rising edge")
