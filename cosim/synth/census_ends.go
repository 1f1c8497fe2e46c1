package synth

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// EndKind is what a census endpoint is: where its path ends.
type EndKind string

// The kinds of endpoint CensusOf counts.
const (
	EndRegister EndKind = "register"        // a flip-flop's input, named by its output
	EndOutput   EndKind = "output"          // a bit of the module's output port
	EndBlackBox EndKind = "black-box input" // a net only a deleted black box read: a memory's address, data or enable
)

// CensusEnd is one name's endpoints over budget in a census group: a
// vector's bits, or a register array's elements, are one name.
type CensusEnd struct {
	Name  string  // the endpoints' name without its bit or element index (EndName)
	Kind  EndKind // what they are
	Array bool    // whether they are a register array's elements, nets of their own (u_pdl.head_q[0], ...)
	Count int     // endpoint bits over budget
	Max   int     // the deepest one's levels
	From  string  // the deepest one's start
	To    string  // and the deepest one
}

// HasEnds says whether the group has its endpoints by name: a census
// saved before they were counted has none, and every group of a census
// since has at least one.
func (g CensusGroup) HasEnds() bool { return len(g.Ends) > 0 }

// bitIndex is a flat name's trailing bit or element indices: [720],
// [0][0].
var bitIndex = regexp.MustCompile(`(\[[0-9]+\])+$`)

// EndName is an endpoint's name without its trailing bit and element
// indices (u_sched.def_q[720] -> u_sched.def_q, u_pdl.head_q[0][3] ->
// u_pdl.head_q) and whether it had any.
func EndName(endpoint string) (name string, indexed bool) {
	name = bitIndex.ReplaceAllString(endpoint, "")
	return name, name != endpoint
}

// Cone is the cone pattern of the name's endpoints: a [ or ] left in the
// name (a generate block's, u_egress.g_port[1].isv_q) is a ?, where Yosys
// would read [1] as a character class; an array's name gets a * so that
// it matches the elements (u_pdl.head_q*), a glob; any other name is the
// one net's (a vector's, u_sched.def_q), so that the cut takes its
// aliases as well (TMJob.ConeScript): a memory's input or an output port
// by a sub-block's name for it.
func (e CensusEnd) Cone() string {
	p := strings.NewReplacer("[", "?", "]", "?").Replace(e.Name)
	if e.Array {
		return p + "*"
	}
	return p
}

// Cuttable says whether the name can be cut as a cone: a public net's
// name. An internal net (Yosys's $-names, the census's "net N") is not.
func (e CensusEnd) Cuttable() bool { return coneEnds.MatchString(e.Cone()) }

// endTally gathers a group's endpoints by name.
type endTally struct {
	ends []CensusEnd
	at   map[string]int
}

// add counts one endpoint, of the given kind and levels, and its start.
func (t *endTally) add(from string, to netRef, kind EndKind, level int) {
	name, array := EndName(to.name) // the net's own index: an array's element
	if t.at == nil {
		t.at = map[string]int{}
	}
	i, ok := t.at[name]
	if !ok {
		i = len(t.ends)
		t.at[name] = i
		t.ends = append(t.ends, CensusEnd{Name: name, Kind: kind, Max: -1})
	}
	e := &t.ends[i]
	e.Count++
	e.Array = e.Array || array
	if level > e.Max {
		e.Max, e.From, e.To = level, from, to.String()
	}
}

// sorted is the names deepest first, then the most endpoints, then by name.
func (t *endTally) sorted() []CensusEnd {
	slices.SortStableFunc(t.ends, func(a, b CensusEnd) int {
		return cmp.Or(cmp.Compare(b.Max, a.Max), cmp.Compare(b.Count, a.Count), cmp.Compare(a.Name, b.Name))
	})
	return t.ends
}

// nameEnd is the census's deepest endpoint of a name over all its rows;
// ok is false when no endpoint of that name is over the census's budget.
func (c Census) nameEnd(name string) (deepest CensusEnd, ok bool) {
	for _, g := range c.Groups {
		for _, e := range g.Ends {
			if e.Name == name && (!ok || e.Max > deepest.Max) {
				deepest, ok = e, true
			}
		}
	}
	return deepest, ok
}
