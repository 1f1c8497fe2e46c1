package vcddiff

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Names tried, in order, when a clock or reset is not given.
var (
	autoClocks    = []string{"clk_i", "clk", "clock"}
	autoResetsLow = []string{"rst_ni", "rst_n"}
	autoResetsHi  = []string{"rst_i", "rst"}
)

// pair is one compared signal: a var in each file.
type pair struct {
	name   string
	va, vb int // var indices
	mapped bool
}

// plan is everything Diff decides from the two headers before reading the
// bodies.
type plan struct {
	a, b         *side
	fa, fb       File
	clkA, clkB   int // clock var indices
	rstA, rstB   int // reset var indices, -1 without a reset
	pairs        []pair
	missing      []Missing
	onlyA, onlyB []Unmatched
	warnings     []string
}

// newPlan aligns the scopes, resolves clocks and resets, pairs the signals
// and applies Options.Map and Options.Signals.
func newPlan(a, b *side, opt Options) (*plan, error) {
	p := &plan{a: a, b: b, rstA: -1, rstB: -1}
	for _, f := range []struct {
		s    *side
		root string
	}{{a, opt.RootA}, {b, opt.RootB}} {
		if f.root != "" && !f.s.hasScope(f.root) {
			return nil, fmt.Errorf("%s: no scope %q", f.s.name, f.root)
		}
	}
	rootA, rootB, _ := align(a, b, opt.RootA, opt.RootB)
	p.fa = File{Name: a.name, Root: rootA, Timescale: a.h.Timescale}
	p.fb = File{Name: b.name, Root: rootB, Timescale: b.h.Timescale}

	var err error
	if p.clkA, err = p.findClock(a, opt.ClockA, rootA); err != nil {
		return nil, err
	}
	if p.clkB, err = p.findClock(b, opt.ClockB, rootB); err != nil {
		return nil, err
	}
	p.fa.Clock, p.fb.Clock = a.paths[p.clkA], b.paths[p.clkB]
	if err := p.findResets(opt.ResetA, opt.ResetB); err != nil {
		return nil, err
	}

	p.pairs = pairByName(a, b, rootA, rootB)
	if err := p.applyMap(opt.Map); err != nil {
		return nil, err
	}
	p.dropClocks()
	// Signals left out by --signals have counterparts: list the unmatched
	// ones before the selection.
	p.listUnmatched()
	if err := p.applySignals(opt.Signals); err != nil {
		return nil, err
	}
	if len(p.pairs) == 0 && len(p.missing) == 0 {
		return nil, fmt.Errorf("%s and %s share no signal (scopes %s and %s): pair them with --map or pick scopes with --root",
			a.name, b.name, orTop(rootA), orTop(rootB))
	}
	for _, q := range p.pairs {
		wa, wb := a.h.Vars[q.va].Width, b.h.Vars[q.vb].Width
		if wa != wb {
			p.warnings = append(p.warnings, fmt.Sprintf("%s is %d bits in %s, %d bits in %s: compared zero-extended",
				q.name, wa, a.name, wb, b.name))
		}
	}
	return p, nil
}

// findClock resolves a file's clock, given or auto-detected, and checks it
// is one bit wide.
func (p *plan) findClock(s *side, name, root string) (int, error) {
	names := []string{name}
	if name == "" {
		names = autoClocks
	}
	for _, n := range names {
		i, err := p.lookupName(s, n, name == "", root)
		if notFound(err) && name == "" {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("%s: clock: %w", s.name, err)
		}
		if v := s.h.Vars[i]; s.h.Codes[v.Code].Width != 1 || s.h.Codes[v.Code].Real {
			return 0, fmt.Errorf("%s: clock %s is %d bits wide (%s); a clock is a 1-bit var", s.name, s.paths[i], v.Width, v.Kind)
		}
		return i, nil
	}
	return 0, fmt.Errorf("%s: no clock found (tried %s); name it with --clock", s.name, strings.Join(autoClocks, ", "))
}

// lookupName resolves a clock's or reset's name: one the user gave
// strictly (lookup), an auto-detected one by the documented rule
// (lookupAuto), whose note on a tie becomes a warning.
func (p *plan) lookupName(s *side, name string, auto bool, root string) (int, error) {
	if !auto {
		return s.lookup(name, root)
	}
	i, note, err := s.lookupAuto(name, root)
	if note != "" {
		p.warnings = append(p.warnings, note)
	}
	return i, err
}

// findResets resolves both resets. Auto-detection must find a reset in
// both files or in neither, so that the edge counts stay aligned.
func (p *plan) findResets(ra, rb Reset) error {
	ia, lowA, err := p.findReset(p.a, ra, p.fa.Root)
	if err != nil {
		return err
	}
	ib, lowB, err := p.findReset(p.b, rb, p.fb.Root)
	if err != nil {
		return err
	}
	if (ia < 0) != (ib < 0) && ra.Name == "" && !ra.Off && rb.Name == "" && !rb.Off {
		has, lacks := p.a, p.b
		if ia < 0 {
			has, lacks = p.b, p.a
		}
		return fmt.Errorf("a reset was found in %s but not in %s: name both with --reset A=NAME,B=NAME, or use --reset none",
			has.name, lacks.name)
	}
	p.rstA, p.rstB = ia, ib
	if ia >= 0 {
		p.fa.Reset, p.fa.ResetLow = p.a.paths[ia], lowA
	}
	if ib >= 0 {
		p.fb.Reset, p.fb.ResetLow = p.b.paths[ib], lowB
	}
	return nil
}

// findReset resolves one file's reset; -1 means none.
func (p *plan) findReset(s *side, r Reset, root string) (int, bool, error) {
	if r.Off {
		return -1, false, nil
	}
	type cand struct {
		name string
		low  bool
	}
	var cands []cand
	if r.Name != "" {
		cands = []cand{{r.Name, activeLowName(r.Name)}}
	} else {
		for _, n := range autoResetsLow {
			cands = append(cands, cand{n, true})
		}
		for _, n := range autoResetsHi {
			cands = append(cands, cand{n, false})
		}
	}
	for _, c := range cands {
		i, err := p.lookupName(s, c.name, r.Name == "", root)
		if notFound(err) && r.Name == "" {
			continue
		}
		if err != nil {
			return 0, false, fmt.Errorf("%s: reset: %w", s.name, err)
		}
		if v := s.h.Vars[i]; s.h.Codes[v.Code].Width != 1 || s.h.Codes[v.Code].Real {
			return 0, false, fmt.Errorf("%s: reset %s is %d bits wide; a reset is a 1-bit var", s.name, s.paths[i], v.Width)
		}
		low := c.low
		switch r.Level {
		case ActiveLow:
			low = true
		case ActiveHigh:
			low = false
		}
		return i, low, nil
	}
	return -1, false, nil
}

// activeLowName infers a reset's polarity from its leaf name.
func activeLowName(name string) bool {
	leaf := strings.ToLower(name[strings.LastIndexByte(name, '.')+1:])
	return strings.HasSuffix(leaf, "_n") || strings.HasSuffix(leaf, "_ni") ||
		strings.HasSuffix(leaf, "rstn") || strings.HasSuffix(leaf, "resetn")
}

// pairByName pairs the vars of the two compared scopes whose relative
// paths are equal, in A's declaration order.
func pairByName(a, b *side, rootA, rootB string) []pair {
	relB := map[string]int{}
	for i := range b.paths {
		if rel, ok := b.under(i, rootB); ok && !b.dup[i] {
			if _, seen := relB[rel]; !seen {
				relB[rel] = i
			}
		}
	}
	var pairs []pair
	seen := map[string]bool{}
	for i := range a.paths {
		rel, ok := a.under(i, rootA)
		if !ok || a.dup[i] || seen[rel] {
			continue
		}
		seen[rel] = true
		if j, ok := relB[rel]; ok {
			pairs = append(pairs, pair{name: rel, va: i, vb: j})
		}
	}
	return pairs
}

// resolveIn looks a user's name up in one side, returning -1 when it is
// not there and an error when it is ambiguous.
func resolveIn(s *side, name, root string) (int, error) {
	i, err := s.lookup(name, root)
	if notFound(err) {
		return -1, nil
	}
	if err != nil {
		return 0, fmt.Errorf("%s: %w", s.name, err)
	}
	return i, nil
}

// applyMap puts the hand-made pairs first and drops the name pairs they
// replace (any pair using either var).
func (p *plan) applyMap(m []Pair) error {
	if len(m) == 0 {
		return nil
	}
	var mapped []pair
	usedA, usedB := map[int]bool{}, map[int]bool{}
	for _, q := range m {
		ia, err := resolveIn(p.a, q.A, p.fa.Root)
		if err != nil {
			return fmt.Errorf("map: %w", err)
		}
		ib, err := resolveIn(p.b, q.B, p.fb.Root)
		if err != nil {
			return fmt.Errorf("map: %w", err)
		}
		switch {
		case ia < 0 && ib < 0:
			return fmt.Errorf("map: %q is not in %s and %q is not in %s", q.A, p.a.name, q.B, p.b.name)
		case ia < 0:
			p.missing = append(p.missing, Missing{Name: q.A, In: p.a.name})
			continue
		case ib < 0:
			p.missing = append(p.missing, Missing{Name: q.B, In: p.b.name})
			continue
		}
		name := q.A
		if q.A != q.B {
			name = q.A + "=" + q.B
		}
		mapped = append(mapped, pair{name: name, va: ia, vb: ib, mapped: true})
		usedA[ia], usedB[ib] = true, true
	}
	for _, q := range p.pairs {
		if !usedA[q.va] && !usedB[q.vb] {
			mapped = append(mapped, q)
		}
	}
	p.pairs = mapped
	return nil
}

// applySignals keeps only the named pairs. A name selects the pair whose
// name or either full path equals it, else the pairs of which it is a
// dotted suffix (which must be one); a name no pair has is looked up in
// each file: present in one it is missing from the other, in none it is an
// error.
func (p *plan) applySignals(names []string) error {
	if len(names) == 0 {
		return nil
	}
	keep := make([]bool, len(p.pairs))
	for _, name := range names {
		if p.isClock(name) {
			return fmt.Errorf("signals: %q is a clock; clocks are not compared", name)
		}
		sel, err := p.selectPair(name)
		if err != nil {
			return err
		}
		if sel >= 0 {
			keep[sel] = true
			continue
		}
		ia, err := resolveIn(p.a, name, p.fa.Root)
		if err != nil {
			return fmt.Errorf("signals: %w", err)
		}
		ib, err := resolveIn(p.b, name, p.fb.Root)
		if err != nil {
			return fmt.Errorf("signals: %w", err)
		}
		switch {
		case ia < 0 && ib < 0:
			return fmt.Errorf("signals: %q is in neither %s nor %s", name, p.a.name, p.b.name)
		case ia < 0:
			p.missing = append(p.missing, Missing{Name: name, In: p.a.name})
		case ib < 0:
			p.missing = append(p.missing, Missing{Name: name, In: p.b.name})
		default:
			return fmt.Errorf("signals: %q names %s in %s and %s in %s, which are not paired: pair them with --map",
				name, p.a.paths[ia], p.a.name, p.b.paths[ib], p.b.name)
		}
	}
	var kept []pair
	for i, q := range p.pairs {
		if keep[i] {
			kept = append(kept, q)
		}
	}
	p.pairs = kept
	return nil
}

// isClock reports whether a --signals name resolves to either file's
// clock stream.
func (p *plan) isClock(name string) bool {
	if i, err := p.a.lookup(name, p.fa.Root); err == nil && p.a.h.Vars[i].Code == p.a.h.Vars[p.clkA].Code {
		return true
	}
	i, err := p.b.lookup(name, p.fb.Root)
	return err == nil && p.b.h.Vars[i].Code == p.b.h.Vars[p.clkB].Code
}

// selectPair finds the pair a --signals name selects, or -1.
func (p *plan) selectPair(name string) (int, error) {
	for i, q := range p.pairs {
		if q.name == name || p.a.paths[q.va] == name || p.b.paths[q.vb] == name {
			return i, nil
		}
	}
	found := -1
	var cands []string
	for i, q := range p.pairs {
		if hasDotSuffix(q.name, name) || hasDotSuffix(p.a.paths[q.va], name) || hasDotSuffix(p.b.paths[q.vb], name) {
			if found < 0 {
				found = i
			}
			cands = append(cands, q.name)
		}
	}
	if len(cands) > 1 {
		return 0, fmt.Errorf("signals: %w", &lookupError{name: name, candidates: cands})
	}
	return found, nil
}

// hasDotSuffix reports whether name is a dotted suffix of path.
func hasDotSuffix(path, name string) bool {
	return len(path) > len(name) && path[len(path)-len(name)-1] == '.' && path[len(path)-len(name):] == name
}

// dropClocks removes pairs that compare a clock: just before each of its
// rising edges a clock is always 0.
func (p *plan) dropClocks() {
	ca, cb := p.a.h.Vars[p.clkA].Code, p.b.h.Vars[p.clkB].Code
	kept := p.pairs[:0]
	for _, q := range p.pairs {
		if p.a.h.Vars[q.va].Code != ca && p.b.h.Vars[q.vb].Code != cb {
			kept = append(kept, q)
		}
	}
	p.pairs = kept
}

// listUnmatched lists, per file, the vars that are compared with nothing:
// inside the compared scope without a counterpart, or outside it without
// sharing an id code with a compared var or the clock. Integers are
// listed as ignored.
func (p *plan) listUnmatched() {
	usedA, usedB := map[int]bool{}, map[int]bool{}
	for _, q := range p.pairs {
		usedA[q.va], usedB[q.vb] = true, true
	}
	p.onlyA = unmatched(p.a, p.fa.Root, usedA, p.clkA)
	p.onlyB = unmatched(p.b, p.fb.Root, usedB, p.clkB)
}

// unmatched lists one side's vars compared with nothing.
func unmatched(s *side, root string, used map[int]bool, clk int) []Unmatched {
	codes := map[int]bool{s.h.Vars[clk].Code: true}
	for i := range used {
		codes[s.h.Vars[i].Code] = true
	}
	var out []Unmatched
	for i, v := range s.h.Vars {
		if used[i] || s.dup[i] || codes[v.Code] {
			continue
		}
		u := Unmatched{Path: s.paths[i], Kind: v.Kind, Width: v.Width, Reason: ReasonNoPeer}
		if _, in := s.under(i, root); !in {
			u.Reason = ReasonOutside
		}
		if v.Kind == "integer" {
			u.Reason = ReasonInteger
		}
		out = append(out, u)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// errNoEdges is returned when a file has no compared edge.
var errNoEdges = errors.New("no rising edge")
