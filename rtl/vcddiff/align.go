package vcddiff

import (
	"sort"
	"strings"
)

// Limits of the scope alignment. A relative path found under more than
// maxRelPairs pairs of candidate scopes (a leaf name such as clk_i in
// every instance) says nothing about which scopes correspond, and is
// skipped; at most maxAlignKeys distinct (scope, scope, code, code)
// agreements are counted, so a huge header cannot make alignment slow.
const (
	maxRelPairs  = 4096
	maxAlignKeys = 1 << 22
)

// The alignment works on interned names, never on joined strings, so that
// its time and memory are linear in the header (the sum of the vars' scope
// depths): a var d scopes deep has d+1 candidate roots and d+1 relative
// paths, each an integer id built from the previous one in O(1). (Joining
// the strings, as a first version did, is quadratic: a 0.8 MB file with
// 20 000 nested scopes took 27 s and 8 GB.)

// scopeTree interns one side's scopes: node 0 is the file's top (""),
// every other node a scope with its parent and name.
type scopeTree struct {
	parent []int32
	name   []string
	depth  []int
	child  map[nameKey]int32
	rank   []int32 // order of the dotted paths, component by component
}

// nameKey is a name under a parent id.
type nameKey struct {
	parent int32
	name   string
}

func newScopeTree() *scopeTree {
	return &scopeTree{parent: []int32{-1}, name: []string{""}, depth: []int{0}, child: map[nameKey]int32{}}
}

// node returns the id of parent's child called name, adding it.
func (t *scopeTree) node(parent int32, name string) int32 {
	k := nameKey{parent, name}
	if n, ok := t.child[k]; ok {
		return n
	}
	n := int32(len(t.parent))
	t.child[k] = n
	t.parent = append(t.parent, parent)
	t.name = append(t.name, name)
	t.depth = append(t.depth, t.depth[parent]+1)
	return n
}

// find returns the node of a dotted scope path, or -1.
func (t *scopeTree) find(path string) int32 {
	if path == "" {
		return 0
	}
	n := int32(0)
	for _, part := range strings.Split(path, ".") {
		c, ok := t.child[nameKey{n, part}]
		if !ok {
			return -1
		}
		n = c
	}
	return n
}

// path is the dotted path of node n.
func (t *scopeTree) path(n int32) string {
	parts := make([]string, t.depth[n])
	for i := len(parts) - 1; n > 0; i, n = i-1, t.parent[n] {
		parts[i] = t.name[n]
	}
	return strings.Join(parts, ".")
}

// rankNodes numbers the nodes in depth-first order with children sorted by
// name, so that comparing ranks orders the paths component by component.
func (t *scopeTree) rankNodes() {
	kids := make([][]int32, len(t.parent))
	for n := 1; n < len(t.parent); n++ {
		kids[t.parent[n]] = append(kids[t.parent[n]], int32(n))
	}
	t.rank = make([]int32, len(t.parent))
	next := int32(0)
	stack := []int32{0}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t.rank[n] = next
		next++
		k := kids[n]
		sort.Slice(k, func(i, j int) bool { return t.name[k[i]] > t.name[k[j]] }) // popped in increasing order
		stack = append(stack, k...)
	}
}

// relNames interns relative paths, shared by both sides so that equal
// paths get equal ids: a path is its first component under the id of the
// rest (-1 under a var's own name).
type relNames map[nameKey]int32

func (r relNames) id(rest int32, name string) int32 {
	k := nameKey{rest, name}
	if n, ok := r[k]; ok {
		return n
	}
	n := int32(len(r))
	r[k] = n
	return n
}

// relEntry is one way of reading a var: its scope prefix root (a node of
// the side's scope tree) and its id code.
type relEntry struct {
	root int32
	code int32
}

// relTable maps every relative path of every var (the path with a scope
// prefix removed, for each prefix) to the scopes and codes it comes from.
type relTable struct {
	scopes *scopeTree
	rels   map[int32][]relEntry
	order  []int32 // relative paths in order of first appearance
}

// newRelTable builds the table of one side. fixed, when not "", is the
// only scope allowed as a root.
func newRelTable(s *side, names relNames, fixed string) *relTable {
	t := &relTable{scopes: newScopeTree(), rels: map[int32][]relEntry{}}
	var nodes []int32 // scope node per prefix length of the current var
	var rels []int32  // relative-path id per prefix length
	for i := range s.h.Vars {
		if s.dup[i] {
			continue
		}
		parts := s.scopeParts(i)
		nodes = append(nodes[:0], 0)
		for _, p := range parts {
			nodes = append(nodes, t.scopes.node(nodes[len(nodes)-1], p))
		}
		rels = rels[:0]
		rel := names.id(-1, s.h.Vars[i].Name)
		for k := len(parts); ; k-- {
			rels = append(rels, rel)
			if k == 0 {
				break
			}
			rel = names.id(rel, parts[k-1])
		}
		code := int32(s.h.Vars[i].Code)
		for k := 0; k <= len(parts); k++ {
			rel := rels[len(parts)-k]
			if _, seen := t.rels[rel]; !seen {
				t.order = append(t.order, rel)
			}
			t.rels[rel] = append(t.rels[rel], relEntry{root: nodes[k], code: code})
		}
	}
	if fixed != "" {
		t.keepRoot(t.scopes.find(fixed))
	}
	t.scopes.rankNodes()
	return t
}

// keepRoot drops every entry whose root is not root (-1: drops them all).
func (t *relTable) keepRoot(root int32) {
	for rel, es := range t.rels {
		kept := es[:0]
		for _, e := range es {
			if e.root == root {
				kept = append(kept, e)
			}
		}
		if len(kept) == 0 {
			delete(t.rels, rel)
		} else {
			t.rels[rel] = kept
		}
	}
}

// align picks the compared scope of each file: the pair of scopes under
// which the most distinct pairs of value streams have equal relative
// paths. Ties go to the deeper pair (a design instance over the testbench
// that copies its ports), then to the smaller paths (compared component by
// component). fixedA and fixedB, when not "", are taken as given. ok is
// false when no relative path is shared.
func align(a, b *side, fixedA, fixedB string) (rootA, rootB string, ok bool) {
	names := relNames{}
	ta, tb := newRelTable(a, names, fixedA), newRelTable(b, names, fixedB)
	type agree struct{ ra, rb, ca, cb int32 }
	type rootPair struct{ ra, rb int32 }
	seen := map[agree]struct{}{}
	score := map[rootPair]int{}
	for _, rel := range ta.order {
		ea, eb := ta.rels[rel], tb.rels[rel]
		if len(ea) == 0 || len(eb) == 0 || len(ea)*len(eb) > maxRelPairs {
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
	return ta.scopes.path(best.ra), tb.scopes.path(best.rb), true
}

// better reports whether the root pair (ra, rb) with score n beats the
// pair (qa, qb) with score m: higher score, then deeper, then smaller
// paths, so the choice does not depend on map order.
func better(n, m int, ta, tb *relTable, ra, rb, qa, qb int32) bool {
	if n != m {
		return n > m
	}
	sa, sb := ta.scopes, tb.scopes
	if d, e := sa.depth[ra]+sb.depth[rb], sa.depth[qa]+sb.depth[qb]; d != e {
		return d > e
	}
	if ra != qa {
		return sa.rank[ra] < sa.rank[qa]
	}
	return sb.rank[rb] < sb.rank[qb]
}
