package synth

import (
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
)

// Census is every endpoint of a flat netlist deeper than a budget, from
// the same netlist `ltp -noff` measures, with the levels counted as ltp
// counts them: a start (a register's output, a module input, a net no
// cell drives such as a deleted black box's read data) is level 0, and
// every other cell on the way adds one. Max is therefore ltp's length.
type Census struct {
	Budget    int           // endpoints deeper than this are counted
	Endpoints int           // all endpoints: register bits, output port bits, nets a deleted black box read
	Over      int           // endpoints deeper than Budget
	Max       int           // the deepest endpoint's levels
	MaxFrom   string        // its start
	MaxTo     string        // and its end
	Groups    []CensusGroup // the endpoints over Budget by start and end block, deepest first
}

// CensusGroup is the endpoints over budget whose paths start in one
// sub-block (the first instance of the start's hierarchical name, "(top)"
// for the module's own nets) and end in another.
type CensusGroup struct {
	FromBlock string
	ToBlock   string
	Count     int         // endpoints
	Max       int         // the deepest one's levels
	From      string      // the deepest one's start
	To        string      // and end
	Ends      []CensusEnd // its endpoints by name, deepest first (none in a census saved before: HasEnds)
}

// ffType are the cell types `ltp -noff` does not go through (Yosys's
// CellTypes setup_internals_mem and setup_stdcells_mem): flip-flops,
// latches, memories, FSMs. Their inputs end paths, their outputs start them.
var ffType = regexp.MustCompile(`^\$(_(SR|FF|DFF|DFFE|ALDFF|ALDFFE|DFFSR|DFFSRE|SDFF|SDFFE|SDFFCE|DLATCH|DLATCHSR)_([NP01]+_)?` +
	`|sr|ff|dff|dffe|dffsr|dffsre|adff|adffe|aldff|aldffe|sdff|sdffe|sdffce|dlatch|adlatch|dlatchsr` +
	`|memrd|memrd_v2|memwr|memwr_v2|meminit|meminit_v2|mem|mem_v2|fsm)$`)

// CombLoopError is a combinational loop: its levels are not defined.
type CombLoopError struct{ Net string }

// Error implements error.
func (e *CombLoopError) Error() string { return "combinational loop through " + e.Net }

// levels is the longest path to every bit of a netlist, with the
// arg-max predecessor kept as the bit the path starts at.
type levels struct {
	idx   map[NetBit]int32 // bit -> node
	bits  []NetBit         // node -> bit
	level []int32
	start []int32 // node the longest path to this node starts at
	// comb cells: inputs and outputs as node lists (CSR)
	readers  [][]int32 // node -> comb cells reading it
	cellIn   [][]int32
	cellOut  [][]int32
	ffIn     map[int32]bool
	ends     []endpoint
	hasDrive []bool
}

// endpoint is a register bit (the deepest of its input pins), an output
// port bit or a net whose only reader was deleted (no reader left).
type endpoint struct {
	node  int32 // the deepest input
	name  int32 // the node named as the end: the register's output, else node
	level int32
	kind  EndKind
}

// node returns b's node, adding it.
func (l *levels) node(b NetBit) int32 {
	if i, ok := l.idx[b]; ok {
		return i
	}
	i := int32(len(l.bits))
	l.idx[b] = i
	l.bits = append(l.bits, b)
	return i
}

// CensusOf measures every endpoint of n and counts those deeper than
// budget. It fails with a *CombLoopError on a combinational loop.
func CensusOf(n *Netlist, budget int) (Census, error) {
	l := &levels{idx: map[NetBit]int32{}, ffIn: map[int32]bool{}}
	names := slices.Sorted(maps.Keys(n.Netnames))
	// ltp's nodes: every bit of every wire (a constant only when a wire
	// is tied to it), then every cell's non-constant bits.
	for _, nm := range names {
		for _, b := range n.Netnames[nm].Bits {
			l.node(b)
		}
	}
	type ff struct{ ins, outs []int32 }
	var ffs []ff
	for _, cn := range slices.Sorted(maps.Keys(n.Cells)) {
		c := n.Cells[cn]
		var ins, outs []int32
		for _, p := range slices.Sorted(maps.Keys(c.Connections)) {
			dir := c.PortDirections[p]
			for _, b := range c.Connections[p] {
				if _, ok := l.idx[b]; !ok && b.Const() {
					continue // a constant no wire is tied to: not one of ltp's nodes
				}
				i := l.node(b)
				if dir == "input" || dir == "inout" {
					ins = append(ins, i)
				}
				if dir == "output" || dir == "inout" {
					outs = append(outs, i)
				}
			}
		}
		ins, outs = uniq(ins), uniq(outs)
		if ffType.MatchString(c.Type) {
			ffs = append(ffs, ff{ins, outs})
			for _, i := range ins {
				l.ffIn[i] = true
			}
			continue
		}
		l.cellIn = append(l.cellIn, ins)
		l.cellOut = append(l.cellOut, outs)
	}
	if err := l.run(); err != nil {
		return Census{}, err
	}
	// Endpoints: each register bit at its deepest input, each output
	// port bit, each driven net nothing reads (a deleted black box's input).
	for _, f := range ffs {
		if len(f.ins) == 0 {
			continue
		}
		e := endpoint{node: f.ins[0], name: f.ins[0], kind: EndRegister}
		for _, i := range f.ins {
			if l.level[i] > l.level[e.node] {
				e.node = i
			}
		}
		if len(f.outs) > 0 {
			e.name = f.outs[0]
		}
		e.level = l.level[e.node]
		l.ends = append(l.ends, e)
	}
	isOut := map[int32]bool{}
	for _, p := range slices.Sorted(maps.Keys(n.Ports)) {
		if d := n.Ports[p].Direction; d == "output" || d == "inout" {
			for _, b := range n.Ports[p].Bits {
				if i, ok := l.idx[b]; ok && !isOut[i] {
					isOut[i] = true
					l.ends = append(l.ends, endpoint{node: i, name: i, level: l.level[i], kind: EndOutput})
				}
			}
		}
	}
	for i := range l.bits {
		i := int32(i)
		if l.hasDrive[i] && len(l.readers[i]) == 0 && !l.ffIn[i] && !isOut[i] {
			l.ends = append(l.ends, endpoint{node: i, name: i, level: l.level[i], kind: EndBlackBox})
		}
	}
	return l.census(n, names, budget), nil
}

// run computes every node's level and start in topological order (Kahn):
// a node no combinational cell drives is a start at level 0; a cell's
// outputs are one level past its deepest input (level 0 when it has none,
// as ltp has them).
func (l *levels) run() error {
	nb := len(l.bits)
	l.level = make([]int32, nb)
	l.start = make([]int32, nb)
	l.readers = make([][]int32, nb)
	l.hasDrive = make([]bool, nb)
	drivers := make([]int32, nb)
	pending := make([]int32, len(l.cellIn))
	for c := range l.cellIn {
		for _, i := range l.cellIn[c] {
			l.readers[i] = append(l.readers[i], int32(c))
		}
		for _, o := range l.cellOut[c] {
			drivers[o]++
			l.hasDrive[o] = true
		}
		pending[c] = int32(len(l.cellIn[c]))
	}
	for i := range l.level {
		l.level[i], l.start[i] = -1, int32(i)
	}
	var queue []int32
	done := 0
	fire := func(c int32) {
		best := int32(-1)
		for _, i := range l.cellIn[c] {
			if best < 0 || l.level[i] > l.level[best] {
				best = i
			}
		}
		for _, o := range l.cellOut[c] {
			lv, st := int32(0), o
			if best >= 0 {
				lv, st = l.level[best]+1, l.start[best]
			}
			if lv > l.level[o] {
				l.level[o], l.start[o] = lv, st
			}
			if drivers[o]--; drivers[o] == 0 {
				queue = append(queue, o)
			}
		}
	}
	for i := range drivers {
		if drivers[i] == 0 {
			l.level[i] = 0
			queue = append(queue, int32(i))
		}
	}
	for c := range pending {
		if pending[c] == 0 {
			fire(int32(c))
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		done++
		for _, c := range l.readers[i] {
			if pending[c]--; pending[c] == 0 {
				fire(c)
			}
		}
	}
	if done < nb {
		for i := range drivers {
			if drivers[i] > 0 {
				return &CombLoopError{Net: fmt.Sprintf("net %d", l.bits[i])}
			}
		}
	}
	return nil
}

// census groups the endpoints over budget and names them.
func (l *levels) census(n *Netlist, names []string, budget int) Census {
	c := Census{Budget: budget, Endpoints: len(l.ends), Max: -1}
	// The deepest endpoint first, then by node: the examples are stable.
	slices.SortStableFunc(l.ends, func(a, b endpoint) int {
		return cmp.Or(cmp.Compare(b.level, a.level), cmp.Compare(a.name, b.name))
	})
	want := map[int32]bool{}
	for k, e := range l.ends {
		if k == 0 || int(e.level) > budget {
			want[l.start[e.node]], want[e.name] = true, true
		}
	}
	nm := nameBits(n, names, l, want)
	type key struct{ from, to string }
	at, tally := map[key]int{}, []endTally(nil) // a group's index; its endpoints by name
	for k, e := range l.ends {
		from, to := nm[l.start[e.node]].start, nm[e.name].end
		if e.name != e.node {
			to = nm[e.name].start // a register: named by its output, as ltp's "ff:" line
		}
		if k == 0 {
			c.Max, c.MaxFrom, c.MaxTo = int(e.level), from.String(), to.String()
		}
		if int(e.level) <= budget {
			continue
		}
		c.Over++
		g, ok := at[key{from.block, to.block}]
		if !ok {
			g = len(c.Groups)
			at[key{from.block, to.block}] = g
			c.Groups = append(c.Groups, CensusGroup{FromBlock: from.block, ToBlock: to.block, Max: int(e.level),
				From: from.String(), To: to.String()})
			tally = append(tally, endTally{})
		}
		c.Groups[g].Count++
		tally[g].add(from.String(), to, e.kind, int(e.level))
	}
	for g := range c.Groups {
		c.Groups[g].Ends = tally[g].sorted()
	}
	if c.Max < 0 {
		c.Max = 0
	}
	slices.SortStableFunc(c.Groups, func(a, b CensusGroup) int {
		return cmp.Or(cmp.Compare(b.Max, a.Max), cmp.Compare(b.Count, a.Count),
			cmp.Compare(a.FromBlock, b.FromBlock), cmp.Compare(a.ToBlock, b.ToBlock))
	})
	return c
}
