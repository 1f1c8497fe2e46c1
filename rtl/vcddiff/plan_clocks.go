package vcddiff

import (
	"fmt"
	"strings"
)

// Clocks and resets: found by name (given, or tried from the usual
// names), checked, and kept out of the compared pairs.

// Names tried, in order, when a clock or reset is not given.
var (
	autoClocks    = []string{"clk_i", "clk", "clock"}
	autoResetsLow = []string{"rst_ni", "rst_n"}
	autoResetsHi  = []string{"rst_i", "rst"}
)

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

// isClock reports whether a --signals name resolves to either file's
// clock stream.
func (p *plan) isClock(name string) bool {
	if i, err := p.a.lookup(name, p.fa.Root); err == nil && p.a.h.Vars[i].Code == p.a.h.Vars[p.clkA].Code {
		return true
	}
	i, err := p.b.lookup(name, p.fb.Root)
	return err == nil && p.b.h.Vars[i].Code == p.b.h.Vars[p.clkB].Code
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
