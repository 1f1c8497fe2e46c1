package prove

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// The miter has one step per cycle of clk_i: every flop is taken as a flop
// of clk_i's rising edge. A flop on another clock (divided, gated, the
// falling edge, a data bit, a register), a latch or a flop on several edges
// would be modelled as one, and a design that simulation refutes could be
// PROVEN; storage checks every storage element of a design Yosys has read
// (after proc and flatten) and lists those the miter cannot model. An
// asynchronous reset from the rst_ni port is modelled exactly (async2sync:
// rst_ni changes only between clock edges, in the miter as in occamy
// cosim's waveform), any other asynchronous control is not.

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

// storage lists every storage element of top (in a Yosys JSON file) that
// the miter does not model; names maps absolute file names to the user's.
func storage(path, top string, clocked bool, names map[string]string, clock, reset string) ([]Finding, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var y yosysJSON
	if err := json.Unmarshal(data, &y); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	m, ok := y.Modules[top]
	if !ok {
		return nil, fmt.Errorf("%s: no module %s", path, top)
	}
	ni := newNetInfo(m.Netnames)
	clk, rst := -1, -1
	if p, ok := m.Ports[clock]; ok && clocked && len(p.Bits) == 1 && p.Direction == "input" {
		if v, ok := p.Bits[0].(float64); ok {
			clk = int(v)
		}
	}
	if p, ok := m.Ports[reset]; ok && clocked && len(p.Bits) == 1 && p.Direction == "input" {
		if v, ok := p.Bits[0].(float64); ok {
			rst = int(v)
		}
	}
	cells := make([]string, 0, len(m.Cells))
	for n := range m.Cells {
		cells = append(cells, n)
	}
	sort.Strings(cells)
	var out []Finding
	for _, cn := range cells {
		c := m.Cells[cn]
		if combCells[c.Type] {
			continue
		}
		src, _ := c.Attributes["src"].(string)
		f := Finding{Pos: srcPos(src, names)}
		q := c.Connections["Q"]
		f.Signal = ni.sigName(q)
		if f.Pos == "" && len(q) > 0 {
			if v, ok := q[0].(float64); ok {
				f.Pos = srcPos(ni.src[int(v)], names)
			}
		}
		clockOK := func(bit any, pol int64) string {
			switch {
			case clk < 0:
				return "a register in a combinational block (its contract has no clk_i)"
			case !bitEq(bit, clk):
				return fmt.Sprintf("clocked by %s, not by clk_i (prove models one clock, the rising edge of clk_i)", ni.bitRef(bit, names))
			case pol != 1:
				return "clocked by the falling edge of clk_i (prove models one clock, the rising edge of clk_i)"
			}
			return ""
		}
		switch c.Type {
		case "$dff", "$dffe", "$sdff", "$sdffe", "$sdffce":
			f.What = clockOK(first(c.Connections, "CLK"), param(c.Parameters, "CLK_POLARITY"))
		case "$adff", "$adffe":
			f.What = clockOK(first(c.Connections, "CLK"), param(c.Parameters, "CLK_POLARITY"))
			if a := first(c.Connections, "ARST"); f.What == "" && !bitEq(a, rst) {
				f.What = fmt.Sprintf("reset asynchronously by %s (prove models an asynchronous reset only from rst_ni)", ni.bitRef(a, names))
			}
		case "$aldff", "$aldffe":
			f.What = fmt.Sprintf("loaded asynchronously by %s (an asynchronous reset to a value that is not a constant)", ni.bitRef(first(c.Connections, "ALOAD"), names))
		case "$dffsr", "$dffsre":
			f.What = "set or reset asynchronously bit by bit (a flop with asynchronous set and reset)"
		case "$dlatch", "$adlatch", "$dlatchsr":
			f.What = fmt.Sprintf("a latch (enabled by %s); only edge-triggered flops are modelled", ni.bitRef(first(c.Connections, "EN"), names))
		case "$sr":
			f.What = "a set-reset latch: only edge-triggered flops are modelled"
		case "$ff":
			f.What = "a flop of Yosys's global clock ($global_clock), not of clk_i"
		case "$memwr", "$memwr_v2", "$memrd", "$memrd_v2":
			f.Signal = memName(c.Parameters)
			switch {
			case param(c.Parameters, "CLK_ENABLE") != 0:
				if w := clockOK(first(c.Connections, "CLK"), param(c.Parameters, "CLK_POLARITY")); w != "" {
					f.What = "memory port " + w
				}
			case strings.HasPrefix(c.Type, "$memwr"):
				f.What = "memory written without a clock (an asynchronous write)"
			}
			if a := first(c.Connections, "ARST"); f.What == "" && a != nil && a != "0" && !bitEq(a, rst) {
				f.What = fmt.Sprintf("memory read port reset asynchronously by %s, not by rst_ni", ni.bitRef(a, names))
			}
		case "$mem", "$mem_v2":
			f.Signal = memName(c.Parameters)
			f.What = memPorts(c.Parameters, c.Connections, clockOK)
		default:
			if mod, ok := blackBox(c.Type); ok {
				f.Signal = strings.TrimPrefix(cn, "\\")
				f.What = "an instance of " + mod + ", a module without a definition (a black box)"
			} else {
				f.What = "a " + c.Type + " cell, which prove does not model"
			}
		}
		if f.What != "" {
			out = append(out, f)
		}
	}
	return out, nil
}

// blackBox is the module name of an instance Yosys left unflattened
// (a black box): "m", or "$paramod\\m\\P=..." at parameters.
func blackBox(typ string) (string, bool) {
	if t, ok := strings.CutPrefix(typ, "$paramod"); ok {
		t = strings.TrimPrefix(t, "\\")
		m, _, _ := strings.Cut(t, "\\")
		return m, true
	}
	if strings.HasPrefix(typ, "$") {
		return "", false
	}
	return strings.TrimPrefix(typ, "\\"), true
}

// first is the first bit of a cell's port, nil when it is not connected.
func first(conns map[string][]any, port string) any {
	if b := conns[port]; len(b) > 0 {
		return b[0]
	}
	return nil
}

func memName(p map[string]any) string {
	if s, ok := p["MEMID"].(string); ok {
		return strings.TrimPrefix(s, "\\")
	}
	return "a memory"
}

// memPorts checks the clocks of a collected memory's ports.
func memPorts(p map[string]any, conns map[string][]any, clockOK func(any, int64) string) string {
	for _, side := range []string{"RD", "WR"} {
		n := int(param(p, side+"_PORTS"))
		en, pol := param(p, side+"_CLK_ENABLE"), param(p, side+"_CLK_POLARITY")
		clks := conns[side+"_CLK"]
		for i := 0; i < n && i < len(clks); i++ {
			if en>>i&1 == 0 {
				if side == "WR" {
					return "memory written without a clock (an asynchronous write)"
				}
				continue
			}
			if w := clockOK(clks[i], pol>>i&1); w != "" {
				return "memory port " + w
			}
		}
	}
	return ""
}
