package scenario

import (
	"errors"
	"fmt"

	"occamy/hw/tm"
	"occamy/rtl"
	"occamy/testbench/traffic"
)

// InputError is a problem with the user's input found while running (for
// example sources offering more packets in a cycle than the TM takes). The
// command line reports it as bad input (exit 2); other run errors are
// model or invariant failures (exit 1).
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// IsInput reports whether err is bad input rather than a model failure.
func IsInput(err error) bool {
	var ie *InputError
	return errors.As(err, &ie)
}

// StopFunc ends a run early when it returns true after cycle c.
type StopFunc func(c uint64, r *Run) bool

// Run is the state of one run, given to a scenario's Metrics.
type Run struct {
	Prep    *Prepared
	Config  tm.Config
	Sources []traffic.Spec
	Stats   *tm.Stats         // the TM's counters at the end
	Watches map[string]*Watch // by group name
	Cycles  uint64            // cycles offered (the drain of the model's admission lag after them not counted)
	Offered uint64            // packets offered
	// First are the first head drop and the first admission drop, found
	// in a traced run only (the waveform's save file opens on them).
	First firstDrops
}

// Env is the traffic environment of a TM config.
func Env(cfg *tm.Config) traffic.Env {
	return traffic.Env{P: cfg.P, Q: cfg.Q, R: cfg.R, CellBytes: cfg.CellBytes}
}

// simulate runs cfg with the given sources for up to cycles cycles,
// watching groups, optionally traced and stopped early.
func simulate(p *Prepared, cfg tm.Config, specs []traffic.Spec, cycles uint64, groups []Group, tracer rtl.Tracer, traced bool, stop StopFunc) (*Run, error) {
	mix, err := traffic.BuildAll(specs, Env(&cfg), p.Seed, "sources")
	if err != nil {
		return nil, &InputError{err}
	}
	r := &Run{Prep: p, Config: cfg, Sources: specs, Watches: map[string]*Watch{}}
	watches := make([]*Watch, len(groups))
	for i, g := range groups {
		watches[i] = newWatch(g, cfg.N())
		r.Watches[g.Name] = watches[i]
	}
	var m Model
	var gm *tm.TM
	if p.Backend != nil {
		if tracer != nil {
			return nil, fmt.Errorf("scenario: a Backend writes its own waveform; Execute got a Go tracer too")
		}
		bm, err := p.Backend.NewModel(RunSpec{Config: cfg, Sources: specs, Seed: p.Seed, Cycles: cycles, Traced: traced, Stops: stop != nil})
		if err != nil {
			return nil, err
		}
		defer bm.Close()
		m = bm
	} else {
		if gm, err = tm.New(cfg); err != nil {
			return nil, &InputError{err}
		}
		m = goModel{gm}
	}
	var sim *rtl.Sim
	if tracer != nil {
		m := gm
		sim = rtl.NewSim()
		sim.Add("tm", m)
		if v := newView(m); v != nil {
			sim.Add(ViewScope, v)
		}
		if err := sim.Trace(tracer); err != nil {
			return nil, fmt.Errorf("trace: %w", err)
		}
		// On an error the trace is closed too: it keeps the whole cycles
		// run so far (a failed write removes it, see vcd.CreateTracer).
		defer sim.Close()
	}
	// The counters are live behind this pointer; only Len and the totals
	// wait for a Stats call, so watches read lengths from Probe instead.
	st := m.Stats()
	findDrops := tracer != nil || (p.Backend != nil && traced)
	step := func(c uint64) error {
		var err error
		if sim != nil {
			err = sim.Step()
			if err == nil {
				err = gm.Err()
			}
		} else {
			err = m.Step()
		}
		if err != nil {
			return fmt.Errorf("cycle %d: %w", c, err)
		}
		if findDrops && !r.First.done() {
			r.First.observe(c, st)
		}
		if len(watches) > 0 {
			qlen := m.Qlen()
			for _, w := range watches {
				w.observe(c, st, qlen)
			}
		}
		return nil
	}
	for c := uint64(0); c < cycles; c++ {
		// Offers beyond MaxOffers are the model's ingress drops
		// (IngressDropped), as the hardware's upstream would lose them.
		pkts := mix.Tick(c)
		for _, pk := range pkts {
			m.Offer(tm.Arrival{Queue: pk.Queue, Cells: pk.Cells})
		}
		r.Offered += uint64(len(pkts))
		if err := step(c); err != nil {
			return nil, err
		}
		r.Cycles = c + 1
		if stop != nil && stop(c, r) {
			break
		}
	}
	// The drain: the model answers an offer AdmitLag cycles after it, so
	// the run steps that many cycles more with no offer, and every offer
	// made is admitted or dropped in the counters (r.Cycles stays the
	// cycles offered).
	for k := range uint64(admitLag(m)) {
		if err := step(r.Cycles + k); err != nil {
			return nil, err
		}
	}
	if sim != nil {
		if err := sim.Close(); err != nil {
			return nil, fmt.Errorf("trace: %w", err)
		}
	}
	if err := m.Close(); err != nil {
		return nil, err
	}
	r.Stats = m.Stats()
	return r, nil
}

// admitLag is the cycles m answers an offer after it: tm.AdmitLag (hw/tm,
// and occamy_tm behind cosim/tmsim), or the model's own AdmitLag method's.
func admitLag(m Model) int {
	if l, ok := m.(interface{ AdmitLag() int }); ok {
		return l.AdmitLag()
	}
	return tm.AdmitLag
}

// Rerun runs the same config and seed with other sources (no tracing), for
// metrics that search over runs.
func (r *Run) Rerun(specs []traffic.Spec, cycles uint64, groups []Group, stop StopFunc) (*Run, error) {
	return simulate(r.Prep, r.Config, specs, cycles, groups, nil, false, stop)
}
