package vcddiff

import "strings"

// Limits of the scope alignment. A relative path found under more than
// maxRelPairs pairs of candidate scopes (a leaf name such as clk_i in
// every instance) says nothing about which scopes correspond, and is
// skipped; at most maxAlignKeys distinct (scope, scope, code, code)
// agreements are counted, so a huge header cannot make alignment slow.
const (
	maxRelPairs  = 4096
	maxAlignKeys = 1 << 22
)

// relEntry is one way of reading a var: its scope prefix root (an index
// in the roots table) and its id code.
type relEntry struct {
	root int32
	code int32
}

// relTable maps every relative path of every var (the path with a scope
// prefix removed, for each prefix) to the scopes and codes it comes from.
type relTable struct {
	roots []string         // candidate scopes, "" first
	rootN map[string]int32 // index in roots
	depth []int            // scope components per root
	rels  map[string][]relEntry
	order []string // relative paths in order of first appearance
}

// newRelTable builds the table of one side. fixed, when not "", is the
// only scope allowed as a root.
func newRelTable(s *side, fixed string) *relTable {
	t := &relTable{rootN: map[string]int32{}, rels: map[string][]relEntry{}}
	for i := range s.h.Vars {
		if s.dup[i] {
			continue
		}
		parts := s.scopeParts(i)
		code := int32(s.h.Vars[i].Code)
		for k := 0; k <= len(parts); k++ {
			root := strings.Join(parts[:k], ".")
			if fixed != "" && root != fixed {
				continue
			}
			rel := s.h.Vars[i].Name
			if k < len(parts) {
				rel = strings.Join(parts[k:], ".") + "." + rel
			}
			ri, ok := t.rootN[root]
			if !ok {
				ri = int32(len(t.roots))
				t.rootN[root] = ri
				t.roots = append(t.roots, root)
				t.depth = append(t.depth, k)
			}
			if _, seen := t.rels[rel]; !seen {
				t.order = append(t.order, rel)
			}
			t.rels[rel] = append(t.rels[rel], relEntry{root: ri, code: code})
		}
	}
	return t
}

// align picks the compared scope of each file: the pair of scopes under
// which the most distinct pairs of value streams have equal relative
// paths. Ties go to the deeper pair (a design instance over the testbench
// that copies its ports), then to the lexically smaller. fixedA and fixedB,
// when not "", are taken as given. ok is false when no relative path is
// shared.
func align(a, b *side, fixedA, fixedB string) (rootA, rootB string, ok bool) {
	ta, tb := newRelTable(a, fixedA), newRelTable(b, fixedB)
	type agree struct{ ra, rb, ca, cb int32 }
	type rootPair struct{ ra, rb int32 }
	seen := map[agree]struct{}{}
	score := map[rootPair]int{}
	for _, rel := range ta.order {
		ea, eb := ta.rels[rel], tb.rels[rel]
		if len(eb) == 0 || len(ea)*len(eb) > maxRelPairs {
			continue
		}
		for _, x := range ea {
			for _, y := range eb {
				k := agree{x.root, y.root, x.code, y.code}
				if _, dup := seen[k]; dup {
					continue
				}
				if len(seen) >= maxAlignKeys {
					break
				}
				seen[k] = struct{}{}
				score[rootPair{x.root, y.root}]++
			}
		}
	}
	best, bestScore := rootPair{}, 0
	for p, n := range score {
		if better(n, bestScore, ta, tb, p.ra, p.rb, best.ra, best.rb) {
			best, bestScore = p, n
		}
	}
	if bestScore == 0 {
		return fixedA, fixedB, false
	}
	return ta.roots[best.ra], tb.roots[best.rb], true
}

// better reports whether the root pair (ra, rb) with score n beats the
// pair (qa, qb) with score m: higher score, then deeper, then lexically
// smaller, so the choice does not depend on map order.
func better(n, m int, ta, tb *relTable, ra, rb, qa, qb int32) bool {
	if n != m {
		return n > m
	}
	if d, e := ta.depth[ra]+tb.depth[rb], ta.depth[qa]+tb.depth[qb]; d != e {
		return d > e
	}
	if ta.roots[ra] != ta.roots[qa] {
		return ta.roots[ra] < ta.roots[qa]
	}
	return tb.roots[rb] < tb.roots[qb]
}
