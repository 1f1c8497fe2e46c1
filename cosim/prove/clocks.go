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
