package dpi

import (
	"fmt"

	"occamy/rtl/port"
)

// Port finds a port by name: inputs are 0..len(Inputs)-1, outputs follow.
func (m *Model) Port(name string) (int, error) {
	if i := m.Layout.Input(name); i >= 0 {
		return i, nil
	}
	if i := m.Layout.Output(name); i >= 0 {
		return len(m.Layout.Inputs) + i, nil
	}
	return -1, m.portErr(name)
}

func (m *Model) portErr(what string) error {
	return &PortError{Block: m.Block.Name, Port: what, Known: LayoutText(&m.Layout)}
}

// PortInfo returns a port's name, direction ("in" or "out"), width and
// first word in its direction's array.
func (m *Model) PortInfo(idx int) (name, dir string, width, off int, err error) {
	l := &m.Layout
	switch {
	case idx >= 0 && idx < len(l.Inputs):
		q := l.Inputs[idx]
		return q.Name, "in", q.Width, l.InOff[idx], nil
	case idx >= len(l.Inputs) && idx < len(l.Inputs)+len(l.Outputs):
		i := idx - len(l.Inputs)
		q := l.Outputs[i]
		return q.Name, "out", q.Width, l.OutOff[i], nil
	}
	return "", "", 0, 0, m.portErr(fmt.Sprintf("#%d", idx))
}

// SetInput sets one input port (index from Port) from words holding
// nbits bits, which must be the port's width.
func (m *Model) SetInput(idx int, words []uint32, nbits int) error {
	name, dir, w, off, err := m.PortInfo(idx)
	if err != nil {
		return err
	}
	if dir != "in" {
		return &PortError{Block: m.Block.Name, Port: name + " (an output)", Known: LayoutText(&m.Layout)}
	}
	if nbits != w {
		return &WordsError{Field: name, Got: nbits, Want: w, Unit: "bits"}
	}
	if len(words) < port.WordsFor(w) {
		return &WordsError{Field: name, Got: len(words), Want: port.WordsFor(w), Unit: "words"}
	}
	if m.evaluated {
		return &PhaseError{Call: "set " + name, Reason: "between eval and commit (commit first)"}
	}
	for k := 0; k < port.WordsFor(w); k++ {
		m.in[off+k] = words[k] & m.mask[off+k]
	}
	return nil
}

// GetOutput copies one output port of the last cycle into words (nbits
// must be the port's width).
func (m *Model) GetOutput(idx int, words []uint32, nbits int) error {
	name, dir, w, off, err := m.PortInfo(idx)
	if err != nil {
		return err
	}
	if dir != "out" {
		return &PortError{Block: m.Block.Name, Port: name + " (an input)", Known: LayoutText(&m.Layout)}
	}
	if nbits != w {
		return &WordsError{Field: name, Got: nbits, Want: w, Unit: "bits"}
	}
	if len(words) < port.WordsFor(w) {
		return &WordsError{Field: name, Got: len(words), Want: port.WordsFor(w), Unit: "words"}
	}
	copy(words, m.out[off:off+port.WordsFor(w)])
	return nil
}
