package tm

import "occamy/rtl"

// TM is the traffic-manager model. It implements rtl.Clocked,
// rtl.Traceable and rtl.Hierarchical.
type TM struct {
	cfg    Config
	cycle  uint64
	stats  Stats
	qlen   []uint32
	thr    []uint32
	offers []Arrival
	nOff   int
	err    error
}

// New validates c and builds a TM with an empty buffer at cycle 0.
func New(c Config) (*TM, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	n := c.N()
	m := &TM{cfg: c, qlen: make([]uint32, n), thr: make([]uint32, c.Q), offers: make([]Arrival, c.MaxOffers)}
	m.stats.Queues = make([]QueueStats, n)
	return m, nil
}

// Config returns the configuration the TM was built with.
func (m *TM) Config() Config { return m.cfg }

// Offer queues one packet to arrive in the coming cycle (the next Step).
func (m *TM) Offer(a Arrival) {
	if m.nOff < len(m.offers) {
		m.offers[m.nOff] = a
	}
	m.nOff++
}

// Step runs one cycle and returns the first modelling or invariant error.
func (m *TM) Step() error {
	m.Eval()
	m.Commit()
	return m.err
}

// Eval evaluates the cycle.
func (m *TM) Eval() {}

// Commit is the rising edge.
func (m *TM) Commit() { m.nOff = 0; m.cycle++ }

// Cycle returns the number of cycles stepped.
func (m *TM) Cycle() uint64 { return m.cycle }

// Stats returns the counters.
func (m *TM) Stats() *Stats { m.stats.Cycles = m.cycle; return &m.stats }

// Probe returns a read-only view for tracing.
func (m *TM) Probe() Probe { return Probe{Cycle: m.cycle, Qlen: m.qlen, Thr: m.thr} }

// Signals lists the TM's traced signals.
func (m *TM) Signals() []rtl.Signal { return nil }

// Scopes lists the TM's sub-blocks.
func (m *TM) Scopes() []rtl.Scope { return nil }
