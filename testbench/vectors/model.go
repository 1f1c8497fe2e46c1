package vectors

import (
	"fmt"

	"occamy/rtl"
)

// model wraps a Go golden model as a DUT: ports come from its traced
// signals (only the _i, _ni and _o ones), inputs are driven through setters.
// NewModel makes one; a face's Generator gives it its model and setters.
type model struct {
	clk   rtl.Clocked
	ports []rtl.Signal
	index map[string]int
	set   map[string]func(words []uint64)
}

// NewModel is the DUT of a model from its signals and its input setters
// (by port name; each gets rtl.Words(width) words that fit the width).
func NewModel(clk rtl.Clocked, sigs []rtl.Signal, set map[string]func([]uint64)) DUT {
	m := &model{clk: clk, index: map[string]int{}, set: set}
	for _, s := range sigs {
		if IsInput(s.Name) || isOutput(s.Name) {
			m.index[s.Name] = len(m.ports)
			m.ports = append(m.ports, s)
		}
	}
	return m
}

// isOutput reports whether a port name ends in _o.
func isOutput(name string) bool { return len(name) > 2 && name[len(name)-2:] == "_o" }

// Ports implements DUT.
func (m *model) Ports() []rtl.Signal { return m.ports }

// Set implements DUT. The value must fit the port's width.
func (m *model) Set(port string, words []uint64) error {
	i, ok := m.index[port]
	f := m.set[port]
	if !ok || f == nil {
		return fmt.Errorf("%s is not an input port", port)
	}
	w := m.ports[i].Width
	if len(words) < rtl.Words(w) || !Fits(words, w) {
		return fmt.Errorf("%s: value %s does not fit %d bits", port, FormatHex(words, 0), w)
	}
	f(words)
	return nil
}

// Get implements DUT.
func (m *model) Get(port string, dst []uint64) error {
	i, ok := m.index[port]
	if !ok {
		return fmt.Errorf("%s is not a port", port)
	}
	n := rtl.Words(m.ports[i].Width)
	if len(dst) < n {
		return fmt.Errorf("%s: %d words for a %d-bit port", port, len(dst), m.ports[i].Width)
	}
	m.ports[i].Read(dst[:n])
	return nil
}

// Eval implements DUT.
func (m *model) Eval() { m.clk.Eval() }

// Commit implements DUT.
func (m *model) Commit() { m.clk.Commit() }
