package vectors

import (
	"fmt"
	"strings"

	"occamy/rtl"
	"occamy/rtl/pack"
)

// DUT is a device under test driven one cycle at a time: a Go golden model
// through an adapter (Threshold, Selector, Arbiter), or a bridge to a
// simulated Verilog module.
type DUT interface {
	// Ports lists every port with its name and width. Read may be nil: Check
	// uses only Name and Width.
	Ports() []rtl.Signal
	// Set drives an input port with rtl.Words(width) little-endian words.
	Set(port string, words []uint64) error
	// Eval settles the combinational logic for the current inputs.
	Eval()
	// Get reads a port's current value into dst, which has rtl.Words(width)
	// words.
	Get(port string, dst []uint64) error
	// Commit is the rising clock edge that ends the cycle.
	Commit()
}

// Mismatch is one observed port that differs from the table.
type Mismatch struct {
	Port      string
	Want, Got string // hexadecimal, padded to the port width
}

// CheckError reports the first cycle in which a DUT differs from a table,
// with every port that differs in that cycle.
type CheckError struct {
	Cycle      uint64
	Mismatches []Mismatch
}

// Error reads "cycle 7: gnt_idx_o expected 05, got 04".
func (e *CheckError) Error() string {
	parts := make([]string, len(e.Mismatches))
	for i, m := range e.Mismatches {
		parts[i] = fmt.Sprintf("%s expected %s, got %s", m.Port, m.Want, m.Got)
	}
	return fmt.Sprintf("cycle %d: %s", e.Cycle, strings.Join(parts, "; "))
}

// column is one table column bound to a DUT port.
type column struct {
	name  string
	width int
	input bool
	buf   []uint64
}

// Check runs a table against a DUT: for each row it drives every input
// column, calls Eval, compares every observed column with the DUT's value,
// then calls Commit. It stops at the first cycle with a difference and
// returns a *CheckError naming the cycle, the port, the expected and the
// actual value. Every input port of the DUT must have a column; observed
// ports of the DUT without a column are not compared.
func Check(tb *Table, d DUT) error {
	cols, err := bind(tb, d.Ports())
	if err != nil {
		return err
	}
	got := make([][]uint64, len(cols))
	for i, c := range cols {
		got[i] = make([]uint64, len(c.buf))
	}
	for _, r := range tb.Rows {
		if len(r.Values) != len(cols) {
			return fmt.Errorf("cycle %d: %d values for %d ports", r.Cycle, len(r.Values), len(cols))
		}
		for i, c := range cols {
			if !c.input {
				continue
			}
			if err := load(c, r.Values[i]); err != nil {
				return fmt.Errorf("cycle %d: %w", r.Cycle, err)
			}
			if err := d.Set(c.name, c.buf); err != nil {
				return fmt.Errorf("cycle %d: set %s: %w", r.Cycle, c.name, err)
			}
		}
		d.Eval()
		var bad []Mismatch
		for i, c := range cols {
			if c.input {
				continue
			}
			if err := d.Get(c.name, got[i]); err != nil {
				return fmt.Errorf("cycle %d: get %s: %w", r.Cycle, c.name, err)
			}
			if !pack.Equal64(got[i], r.Values[i]) {
				bad = append(bad, Mismatch{Port: c.name, Want: FormatHex(r.Values[i], c.width), Got: FormatHex(got[i], c.width)})
			}
		}
		if bad != nil {
			return &CheckError{Cycle: r.Cycle, Mismatches: bad}
		}
		d.Commit()
	}
	return nil
}

// bind matches the table's columns with the DUT's ports.
func bind(tb *Table, ports []rtl.Signal) ([]column, error) {
	byName := make(map[string]rtl.Signal, len(ports))
	names := make([]string, len(ports))
	for i, p := range ports {
		byName[p.Name] = p
		names[i] = p.Name
	}
	cols := make([]column, len(tb.Ports))
	for i, name := range tb.Ports {
		p, ok := byName[name]
		if !ok {
			return nil, fmt.Errorf("vectors: column %s is not a port of the DUT (ports: %s)", name, strings.Join(names, " "))
		}
		if w := tb.Width(i); w > 0 && w != p.Width {
			return nil, fmt.Errorf("vectors: column %s is %d bits in the table, %d in the DUT", name, w, p.Width)
		}
		cols[i] = column{name: name, width: p.Width, input: IsInput(name), buf: make([]uint64, rtl.Words(p.Width))}
	}
	for _, p := range ports {
		if IsInput(p.Name) && tb.PortIndex(p.Name) < 0 {
			return nil, fmt.Errorf("vectors: input %s of the DUT has no column in the table", p.Name)
		}
	}
	return cols, nil
}

// load copies a table value into the column's buffer, checking its width.
func load(c column, v []uint64) error {
	if !Fits(v, c.width) {
		return fmt.Errorf("%s value %s wider than %d bits", c.name, FormatHex(v, 0), c.width)
	}
	for i := range c.buf {
		c.buf[i] = 0
		if i < len(v) {
			c.buf[i] = v[i]
		}
	}
	return nil
}
