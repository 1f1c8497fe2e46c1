package synth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Netlist is one module of a Yosys JSON netlist (`write_json`): its ports,
// cells and named nets, read with encoding/json. Bits are Yosys's net
// numbers (0 and up); the constants "0", "1", "x" and "z" are the negative
// numbers constBit gives.
type Netlist struct {
	Module   string
	Ports    map[string]NetPort
	Cells    map[string]NetCell
	Netnames map[string]NetName
}

// NetPort is a module port.
type NetPort struct {
	Direction string   `json:"direction"`
	Bits      []NetBit `json:"bits"`
}

// NetCell is a cell: its type, each port's direction and bits.
type NetCell struct {
	Type           string              `json:"type"`
	PortDirections map[string]string   `json:"port_directions"`
	Connections    map[string][]NetBit `json:"connections"`
}

// NetName is a named net; HideName is 1 for Yosys's internal ($) names.
type NetName struct {
	HideName   int                        `json:"hide_name"`
	Bits       []NetBit                   `json:"bits"`
	Attributes map[string]json.RawMessage `json:"attributes"`
}

// NetBit is one bit of a net: Yosys's number, or a constant (negative).
type NetBit int

// The constants' bits: "0", "1", "x", "z".
const (
	Bit0 NetBit = -1 - iota
	Bit1
	BitX
	BitZ
)

// UnmarshalJSON reads a net number or a constant's string.
func (b *NetBit) UnmarshalJSON(data []byte) error {
	if len(data) > 0 && data[0] == '"' {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		c, ok := map[string]NetBit{"0": Bit0, "1": Bit1, "x": BitX, "z": BitZ}[s]
		if !ok {
			return fmt.Errorf("bit %q: not a net number or a constant 0, 1, x, z", s)
		}
		*b = c
		return nil
	}
	n, err := strconv.Atoi(string(data))
	if err != nil || n < 0 {
		return fmt.Errorf("bit %s: not a net number or a constant 0, 1, x, z", data)
	}
	*b = NetBit(n)
	return nil
}

// Const says whether b is a constant.
func (b NetBit) Const() bool { return b < 0 }

// HDLName is the net's hierarchical name (its hdlname attribute, the
// instance path then the name: "u_deq l_q"), or nil when it has none.
func (n NetName) HDLName() []string {
	raw, ok := n.Attributes["hdlname"]
	if !ok {
		return nil
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return nil
	}
	return strings.Fields(strings.TrimPrefix(s, `\`))
}

// NetlistError is a Yosys JSON netlist the reader does not understand.
type NetlistError struct{ Reason string }

// Error implements error.
func (e *NetlistError) Error() string { return "yosys JSON netlist not understood: " + e.Reason }

// ReadNetlist reads a Yosys JSON netlist and returns its top module: the
// one with a nonzero "top" attribute, else the only one that is not a
// black box.
func ReadNetlist(data []byte) (*Netlist, error) {
	var doc struct {
		Modules map[string]struct {
			Attributes map[string]json.RawMessage `json:"attributes"`
			Ports      map[string]NetPort         `json:"ports"`
			Cells      map[string]NetCell         `json:"cells"`
			Netnames   map[string]NetName         `json:"netnames"`
		} `json:"modules"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, &NetlistError{Reason: err.Error()}
	}
	var top, plain []string
	for name, m := range doc.Modules {
		if attrTrue(m.Attributes["top"]) {
			top = append(top, name)
		}
		if !attrTrue(m.Attributes["blackbox"]) {
			plain = append(plain, name)
		}
	}
	slices.Sort(top)
	slices.Sort(plain)
	pick := ""
	switch {
	case len(top) == 1:
		pick = top[0]
	case len(top) > 1:
		return nil, &NetlistError{Reason: "several top modules: " + strings.Join(top, ", ")}
	case len(plain) == 1:
		pick = plain[0]
	case len(doc.Modules) == 0:
		return nil, &NetlistError{Reason: "no module"}
	default:
		return nil, &NetlistError{Reason: "no top attribute and not one module that is no black box: " + strings.Join(plain, ", ")}
	}
	m := doc.Modules[pick]
	for name, c := range m.Cells {
		for port, dir := range c.PortDirections {
			if dir != "input" && dir != "output" && dir != "inout" {
				return nil, &NetlistError{Reason: fmt.Sprintf("cell %s port %s: direction %q", name, port, dir)}
			}
		}
	}
	return &Netlist{Module: pick, Ports: m.Ports, Cells: m.Cells, Netnames: m.Netnames}, nil
}

// attrTrue says whether a Yosys attribute is set and nonzero: a number, or
// a string of binary digits ("00000000000000000000000000000001").
func attrTrue(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return false
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.ContainsAny(s, "123456789")
	}
	var n float64
	return json.Unmarshal(raw, &n) == nil && n != 0
}

// uniq drops repeats, keeping the first of each.
func uniq(s []int32) []int32 {
	out := s[:0]
	seen := map[int32]bool{}
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
