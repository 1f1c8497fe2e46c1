package vcddiff

import (
	"fmt"
	"sort"
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
