package synth

import (
	"slices"
	"strconv"
	"strings"
)

// netRef is one bit of a named net: "u_deq.l_q[3]" in block u_deq.
type netRef struct {
	block string // the first instance of its hierarchical name; "(top)" for the module's own
	name  string
	bit   int // -1 for a one-bit net
	rank  [4]int
}

// String is the bit's name, as ltp prints it but without the backslash.
func (r netRef) String() string {
	if r.bit < 0 {
		return r.name
	}
	return r.name + "[" + strconv.Itoa(r.bit) + "]"
}

// bitNames is a bit's best name as a path's start and as its end.
type bitNames struct{ start, end netRef }

// nameBits names the wanted nodes from the netnames holding their bits. A
// bit has as many names as the nets merged into it (flattening joins a
// sub-block's port to its parent's net), so one is picked: a public name
// before an internal one; by lowRISC's suffixes, as a start the register
// (_q) before an output port (_o) before an input port (_i), as an end
// the input port first (where the path goes in: u_pd_mem.rd_addr_i
// rather than u_pdl.rd_pd_o); then the deeper hierarchy, the shorter
// name, the first in order. The module's own input port names a start
// first, its output port an end.
func nameBits(n *Netlist, names []string, l *levels, want map[int32]bool) map[int32]bitNames {
	out := map[int32]bitNames{}
	for _, nm := range names {
		net := n.Netnames[nm]
		hier := net.HDLName()
		if hier == nil {
			// A memory flattened to registers (u_pdl.head_q[0]) has
			// no hdlname: its name's dots are the hierarchy.
			hier = strings.Split(nm, ".")
		}
		block := "(top)"
		if len(hier) > 1 {
			block = hier[0]
		}
		if net.HideName != 0 {
			block = "(internal)"
		}
		for k, b := range net.Bits {
			i, ok := l.idx[b]
			if !ok || !want[i] {
				continue
			}
			r := netRef{block: block, name: nm, bit: k}
			if len(net.Bits) == 1 {
				r.bit = -1
			}
			cur, seen := out[i]
			s, e := r, r
			s.rank = nameRank(net, hier, nm, false, n.Ports[nm].Direction)
			e.rank = nameRank(net, hier, nm, true, n.Ports[nm].Direction)
			if !seen || less(s.rank, cur.start.rank) {
				cur.start = s
			}
			if !seen || less(e.rank, cur.end.rank) {
				cur.end = e
			}
			out[i] = cur
		}
	}
	for i := range want {
		if _, ok := out[i]; !ok {
			r := netRef{block: "(internal)", name: "net " + strconv.Itoa(int(l.bits[i])), bit: -1}
			out[i] = bitNames{r, r}
		}
	}
	return out
}

// nameRank orders a net's names for one bit, lowest best (see nameBits).
func nameRank(net NetName, hier []string, name string, end bool, port string) [4]int {
	suffix := 1
	switch {
	case strings.HasSuffix(name, "_q"):
		suffix = 0
	case strings.HasSuffix(name, "_o"):
		suffix = 2
	case strings.HasSuffix(name, "_i"):
		suffix = 3
	}
	own := "input" // the module's own port where a path comes in
	if end {
		suffix = [4]int{3, 1, 2, 0}[suffix] // _i, other, _o, _q
		own = "output"
	}
	if port == "inout" || port == own {
		suffix = -1
	}
	return [4]int{net.HideName, suffix, -len(hier), len(name)}
}

// less orders two ranks, the first field first.
func less(a, b [4]int) bool { return slices.Compare(a[:], b[:]) < 0 }
