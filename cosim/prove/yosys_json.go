package prove

import (
	"fmt"
	"sort"
	"strings"
)

// Reading Yosys's write_json for the storage check (clocks.go): the
// netlist's shape, the cells without state, nets named for messages.

// yosysJSON is the part of Yosys's write_json the check reads. Bits are
// numbers (nets) or "0", "1", "x", "z" (constants).
type yosysJSON struct {
	Modules map[string]struct {
		Ports map[string]struct {
			Direction string `json:"direction"`
			Bits      []any  `json:"bits"`
		} `json:"ports"`
		Cells map[string]struct {
			Type        string           `json:"type"`
			Parameters  map[string]any   `json:"parameters"`
			Attributes  map[string]any   `json:"attributes"`
			Connections map[string][]any `json:"connections"`
		} `json:"cells"`
		Netnames map[string]struct {
			HideName   int            `json:"hide_name"`
			Bits       []any          `json:"bits"`
			Attributes map[string]any `json:"attributes"`
		} `json:"netnames"`
	} `json:"modules"`
}

// combCells are Yosys's word-level and gate-level cells without state.
var combCells = map[string]bool{}

func init() {
	for _, t := range strings.Fields(`$not $pos $neg $and $or $xor $xnor $reduce_and $reduce_or
		$reduce_xor $reduce_xnor $reduce_bool $logic_not $logic_and $logic_or $shl $shr $sshl $sshr
		$shift $shiftx $lt $le $eq $ne $eqx $nex $ge $gt $add $sub $mul $div $mod $divfloor $modfloor
		$pow $mux $pmux $bmux $demux $bwmux $bweqx $lut $sop $tribuf $slice $concat $alu $lcu $macc $fa
		$_BUF_ $_NOT_ $_AND_ $_NAND_ $_OR_ $_NOR_ $_XOR_ $_XNOR_ $_ANDNOT_ $_ORNOT_ $_MUX_ $_NMUX_
		$_MUX4_ $_MUX8_ $_MUX16_ $_AOI3_ $_OAI3_ $_AOI4_ $_OAI4_ $_TBUF_
		$meminit $meminit_v2 $specify2 $specify3 $specrule $assert $assume $cover $live $fair $equiv`) {
		combCells[t] = true
	}
}

// netInfo names nets for messages: the public signal holding a bit and its
// declaration.
type netInfo struct {
	name map[int]string
	src  map[int]string
}

func newNetInfo(nets map[string]struct {
	HideName   int            `json:"hide_name"`
	Bits       []any          `json:"bits"`
	Attributes map[string]any `json:"attributes"`
}) netInfo {
	ni := netInfo{name: map[int]string{}, src: map[int]string{}}
	names := make([]string, 0, len(nets))
	for n := range nets {
		names = append(names, n)
	}
	// Public names first, then the shortest, so a bit is named by the
	// signal the user wrote rather than by a generated one.
	sort.Slice(names, func(i, j int) bool {
		a, b := nets[names[i]], nets[names[j]]
		if a.HideName != b.HideName {
			return a.HideName < b.HideName
		}
		if len(names[i]) != len(names[j]) {
			return len(names[i]) < len(names[j])
		}
		return names[i] < names[j]
	})
	for _, n := range names {
		nn := nets[n]
		for i, b := range nn.Bits {
			id, ok := b.(float64)
			if !ok {
				continue
			}
			if _, seen := ni.name[int(id)]; seen {
				continue
			}
			label := n
			if len(nn.Bits) > 1 {
				label = fmt.Sprintf("%s[%d]", n, i)
			}
			if nn.HideName != 0 {
				label = "an expression"
			}
			ni.name[int(id)] = label
			if s, ok := nn.Attributes["src"].(string); ok {
				ni.src[int(id)] = s
			}
		}
	}
	return ni
}

// bitName names one connection bit: a signal or a constant.
func (ni netInfo) bitName(b any) string {
	switch v := b.(type) {
	case float64:
		if n, ok := ni.name[int(v)]; ok {
			return n
		}
		return "an unnamed net"
	case string:
		return "the constant " + v
	}
	return "?"
}

// bitRef names a connection bit with its declaration, FILE:LINE, when
// Yosys recorded one.
func (ni netInfo) bitRef(b any, names map[string]string) string {
	n := ni.bitName(b)
	if v, ok := b.(float64); ok {
		if p := srcPos(ni.src[int(v)], names); p != "" && n != "an expression" {
			n += " (declared at " + p + ")"
		}
	}
	return n
}

// sigName names a multi-bit signal by its first bit's signal, without
// the bit index.
func (ni netInfo) sigName(bits []any) string {
	if len(bits) == 0 {
		return "?"
	}
	n := ni.bitName(bits[0])
	if i := strings.LastIndexByte(n, '['); i > 0 && len(bits) > 1 {
		n = n[:i]
	}
	return n
}

// param reads a cell parameter written as a binary string or a number.
func param(p map[string]any, name string) int64 {
	switch v := p[name].(type) {
	case float64:
		return int64(v)
	case string:
		var n int64
		for _, c := range v {
			n <<= 1
			if c == '1' {
				n |= 1
			}
		}
		return n
	}
	return 0
}

// bitEq reports whether connection bit a is net b.
func bitEq(a any, b int) bool {
	v, ok := a.(float64)
	return ok && b >= 0 && int(v) == b
}
