package vcddiff

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"occamy/rtl/vcd"
)

// side is one file's header as the differ sees it: every var's full path
// and scope components. A var that repeats an earlier var's full path with
// the same id code is the same value stream declared twice, and is left
// out (dup); with another id code the file is refused (newSide), since
// which of the two a name means cannot be told.
type side struct {
	name   string      // "A", "B" or the file name, for messages
	h      *vcd.Header //
	paths  []string    // full dotted path per var
	dup    []bool      // var repeats an earlier var's path and id code
	byPath map[string]int
}

// newSide indexes a header.
func newSide(name string, h *vcd.Header) (*side, error) {
	s := &side{
		name:   name,
		h:      h,
		paths:  make([]string, len(h.Vars)),
		dup:    make([]bool, len(h.Vars)),
		byPath: make(map[string]int, len(h.Vars)),
	}
	for i := range h.Vars {
		p := h.Vars[i].Path()
		s.paths[i] = p
		if j, ok := s.byPath[p]; ok {
			if h.Vars[j].Code != h.Vars[i].Code {
				return nil, fmt.Errorf("%s: %s is declared twice, with id codes %q and %q: a dump must name each signal once",
					name, p, h.Vars[j].ID, h.Vars[i].ID)
			}
			s.dup[i] = true
			continue
		}
		s.byPath[p] = i
	}
	return s, nil
}

// scopeParts returns var i's scope components (empty outside any scope).
func (s *side) scopeParts(i int) []string {
	sc := s.h.Vars[i].Scope
	if sc == "" {
		return nil
	}
	return strings.Split(sc, ".")
}

// under reports whether var i lies in scope root ("" is the whole file),
// and returns its path relative to root.
func (s *side) under(i int, root string) (string, bool) {
	p := s.paths[i]
	if root == "" {
		return p, true
	}
	if len(p) > len(root)+1 && p[len(root)] == '.' && p[:len(root)] == root {
		return p[len(root)+1:], true
	}
	return "", false
}

// hasScope reports whether some var lies in scope root.
func (s *side) hasScope(root string) bool {
	for i := range s.paths {
		if _, ok := s.under(i, root); ok {
			return true
		}
	}
	return false
}

// lookupError says why a name did not resolve.
type lookupError struct {
	name       string
	candidates []string // several value streams matched; empty: none did
}

func (e *lookupError) Error() string {
	if len(e.candidates) == 0 {
		return fmt.Sprintf("no signal named %q", e.name)
	}
	c := e.candidates
	more := ""
	if len(c) > 6 {
		more = fmt.Sprintf(" (+%d more)", len(c)-6)
		c = c[:6]
	}
	return fmt.Sprintf("signal name %q is ambiguous: %s%s; give more of its path", e.name, strings.Join(c, ", "), more)
}

// notFound reports whether err is a lookup that matched nothing.
func notFound(err error) bool {
	e, ok := err.(*lookupError)
	return ok && len(e.candidates) == 0
}

// lookup resolves a user's name to a var index: first as a path relative
// to root, then as a full path, then as a dotted suffix of full paths that
// matches a single value stream (vars sharing an id code count once; the
// first is returned). It returns a *lookupError otherwise.
func (s *side) lookup(name, root string) (int, error) {
	if name == "" {
		return 0, &lookupError{name: name}
	}
	if root != "" {
		if i, ok := s.byPath[root+"."+name]; ok {
			return i, nil
		}
	}
	if i, ok := s.byPath[name]; ok {
		return i, nil
	}
	found := -1
	var others []string
	for i, p := range s.paths {
		if s.dup[i] || len(p) <= len(name) || p[len(p)-len(name)-1] != '.' || p[len(p)-len(name):] != name {
			continue
		}
		switch {
		case found < 0:
			found = i
		case s.h.Vars[found].Code != s.h.Vars[i].Code:
			others = append(others, p)
		}
	}
	if found < 0 {
		return 0, &lookupError{name: name}
	}
	if len(others) > 0 {
		c := append([]string{s.paths[found]}, others...)
		sort.Strings(c)
		return 0, &lookupError{name: name, candidates: c}
	}
	return found, nil
}

// lookupAuto resolves an auto-detected clock or reset name (clk_i,
// rst_ni, ...) by the documented rule: as lookup does, and when the name
// is a dotted suffix of several value streams, the one of them in a top
// scope of the file, else the one with the shortest path (fewest scopes);
// when several share the shortest, the first declared, and note says so.
func (s *side) lookupAuto(name, root string) (i int, note string, err error) {
	i, err = s.lookup(name, root)
	var le *lookupError
	if err == nil || !errors.As(err, &le) || len(le.candidates) == 0 {
		return i, "", err
	}
	var cands []int
	seen := map[int]bool{}
	for j, p := range s.paths {
		if s.dup[j] || !hasDotSuffix(p, name) || seen[s.h.Vars[j].Code] {
			continue
		}
		seen[s.h.Vars[j].Code] = true
		cands = append(cands, j)
	}
	depth := func(j int) int { return strings.Count(s.paths[j], ".") }
	var top []int
	for _, j := range cands {
		if depth(j) == 1 {
			top = append(top, j)
		}
	}
	if len(top) == 1 {
		return top[0], "", nil
	}
	best := cands[0]
	for _, j := range cands {
		if depth(j) < depth(best) {
			best = j
		}
	}
	var tied []string
	for _, j := range cands {
		if depth(j) == depth(best) {
			tied = append(tied, s.paths[j])
		}
	}
	if len(tied) > 1 {
		note = fmt.Sprintf("%s: %q matches %d signals at the same depth (%s): the first declared, %s, is used; name another to use it",
			s.name, name, len(tied), strings.Join(tied, ", "), s.paths[best])
	}
	return best, note, nil
}
