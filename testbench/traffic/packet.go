package traffic

import "fmt"

// Packet is one arrival offered to the traffic manager in a cycle.
type Packet struct {
	Queue int // destination queue, port*Q + class
	Cells int // packet length in cells, at least 1
}

// Source produces packets cycle by cycle.
type Source interface {
	// Tick appends the packets that arrive in cycle c to dst and returns
	// it. Cycles must be given in increasing order, each once.
	Tick(c uint64, dst []Packet) []Packet
	// Name is the source's kind and target, e.g. "constant q0".
	Name() string
}

// Env is what a source needs to know about the switch it feeds.
type Env struct {
	P         int // egress ports
	Q         int // queues (classes) per port; queue = port*Q + class
	R         int // cycles per cell at line rate (a port sends one cell every R cycles)
	CellBytes int // bytes per cell
}

// Queues is the number of queues, P*Q.
func (e Env) Queues() int { return e.P * e.Q }

// Validate reports an environment that cannot carry traffic.
func (e Env) Validate() error {
	switch {
	case e.P < 1:
		return fmt.Errorf("traffic: P=%d, allowed 1 or more ports", e.P)
	case e.Q < 1:
		return fmt.Errorf("traffic: Q=%d, allowed 1 or more queues per port", e.Q)
	case e.R < 1:
		return fmt.Errorf("traffic: R=%d, allowed 1 or more cycles per cell", e.R)
	case e.CellBytes < 1:
		return fmt.Errorf("traffic: cell_bytes=%d, allowed 1 or more", e.CellBytes)
	}
	return nil
}

// cellsOf converts bytes to cells, rounding up; at least one cell.
func (e Env) cellsOf(bytes int) int {
	c := (bytes + e.CellBytes - 1) / e.CellBytes
	if c < 1 {
		c = 1
	}
	return c
}

// Mix runs several sources together and gathers their packets per cycle.
type Mix struct {
	Sources []Source
	buf     []Packet
}

// NewMix returns a mix of the given sources, ticked in that order.
func NewMix(srcs ...Source) *Mix { return &Mix{Sources: srcs, buf: make([]Packet, 0, 64)} }

// Tick returns every packet arriving in cycle c, in source order. The
// slice is reused by the next Tick.
func (m *Mix) Tick(c uint64) []Packet {
	m.buf = m.buf[:0]
	for _, s := range m.Sources {
		m.buf = s.Tick(c, m.buf)
	}
	return m.buf
}
