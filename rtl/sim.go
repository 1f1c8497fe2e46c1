package rtl

import "fmt"

// Sim steps clocked components in a declared order with an integer cycle
// count. Each Step is one clock cycle: every component's Eval in order,
// then the tracer's sample, then every Commit (the rising edge), then the
// cycle count advances.
type Sim struct {
	names  []string
	comps  []Clocked
	cycle  uint64
	tracer Tracer
	err    error
}

// NewSim returns an empty simulator at cycle 0.
func NewSim() *Sim { return &Sim{} }

// Add appends a component under a scope name. Components are evaluated in
// the order they were added, so a block that reads another's combinational
// output must come after it.
func (s *Sim) Add(name string, c Clocked) {
	s.names = append(s.names, name)
	s.comps = append(s.comps, c)
}

// Cycle is the number of rising edges so far.
func (s *Sim) Cycle() uint64 { return s.cycle }

// Trace turns tracing on with t, declaring every Traceable component as a
// scope and every Hierarchical component's sub-scopes beneath it. Pass nil to turn tracing off.
func (s *Sim) Trace(t Tracer) error {
	s.tracer = t
	if t == nil {
		return nil
	}
	var scopes []Scope
	for i, c := range s.comps {
		if tr, ok := c.(Traceable); ok {
			scopes = append(scopes, Scope{Name: s.names[i], Signals: tr.Signals()})
		}
		if h, ok := c.(Hierarchical); ok {
			for _, sub := range h.Scopes() {
				scopes = append(scopes, Scope{Name: s.names[i] + "." + sub.Name, Signals: sub.Signals})
			}
		}
	}
	if err := t.Declare(scopes); err != nil {
		s.tracer = nil // an undeclared tracer is never sampled
		return err
	}
	return nil
}

// Eval runs the evaluate phase of every component without a clock edge.
func (s *Sim) Eval() {
	for _, c := range s.comps {
		c.Eval()
	}
}

// Step runs one cycle. It returns the first tracing error, after which
// tracing stays off.
func (s *Sim) Step() error {
	for _, c := range s.comps {
		c.Eval()
	}
	if s.tracer != nil {
		if err := s.tracer.Sample(s.cycle); err != nil {
			s.err = fmt.Errorf("trace at cycle %d: %w", s.cycle, err)
			// Closed now: a tracer that owns its file removes the
			// unfinished one (vcd.CreateTracer), none is left behind.
			s.tracer.Close()
			s.tracer = nil
			return s.err
		}
	}
	for _, c := range s.comps {
		c.Commit()
	}
	s.cycle++
	return nil
}

// Run steps n cycles and returns the first error.
func (s *Sim) Run(n uint64) error {
	for i := uint64(0); i < n; i++ {
		if err := s.Step(); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the tracer, if any, and returns the first error seen.
func (s *Sim) Close() error {
	if s.tracer != nil {
		if err := s.tracer.Close(); err != nil && s.err == nil {
			s.err = err
		}
		s.tracer = nil
	}
	return s.err
}
