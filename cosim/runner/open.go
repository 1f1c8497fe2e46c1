package runner

import (
	"context"
	"time"

	"occamy/cosim"
	"occamy/rtl/port"
)

// Opened is a block's Verilated model built and opened exactly as Run
// builds it (same sources, parameters, flags and cache entry), for a driver
// that is not a comparison: cosim/tmsim runs scenarios on occamy_tm with
// it. Cycle works in the block's contract layout (registry port order).
type Opened struct {
	Model  cosim.Model
	Layout *port.Layout   // the contract layout of Cycle's words
	Params map[string]int // every parameter, defaults included
	Files  []string       // the Verilog built
	Build  time.Duration  // building or finding the model in the cache
	Cached bool           // the build was a cache hit
	pm     *portMap
	rin    []uint32
	rout   []uint32
}

// Built is a block's Verilated library, built (or found in the cache)
// exactly as Run builds it, ready to open any number of models.
type Built struct {
	Layout *port.Layout   // the contract layout of Cycle's words
	Params map[string]int // every parameter, defaults included
	Files  []string       // the Verilog built
	Build  time.Duration  // building or finding the model in the cache
	Cached bool           // the build was a cache hit
	built  cosim.Built
	power  cosim.OpenOptions
}

// BuildModel checks opt.Block's contract and builds its Verilated model at
// opt.Params, with VCD support when trace is set (a separate cache entry).
// It reads Block, RTL, Top, IncludeDirs, Params, Seed, ZeroInit, PGO,
// CacheDir and VerilogDir; its errors are Run's setup errors.
func BuildModel(ctx context.Context, opt Options, trace bool) (*Built, error) {
	opt.Sim = Verilator
	s, err := prepare(opt)
	if err != nil {
		return nil, err
	}
	if err := s.sim.Available(); err != nil {
		return nil, err
	}
	t0 := time.Now()
	if _, err := s.checkContract(ctx); err != nil {
		return nil, err
	}
	d := s.buildDesign()
	d.Waves = trace
	b, err := s.sim.Build(ctx, d)
	if err != nil {
		return nil, err
	}
	return &Built{Layout: &s.canon, Params: s.p, Files: s.files, Build: time.Since(t0), Cached: b.Cached(),
		built: b, power: s.openOptions()}, nil
}

// Open opens a fresh model of the library (power-up values from the seed).
func (b *Built) Open() (*Opened, error) {
	m, err := b.built.Open(b.power)
	if err != nil {
		return nil, err
	}
	pm, err := newPortMap(b.Layout, m.Layout())
	if err != nil {
		m.Close()
		return nil, err
	}
	o := &Opened{Model: m, Layout: b.Layout, pm: pm}
	if !pm.identity {
		o.rin, o.rout = make([]uint32, m.Layout().InWords), make([]uint32, m.Layout().OutWords)
	}
	return o, nil
}

// Cycle runs one cycle with in and out in the contract layout (outputs
// before the rising edge, then the edge; verilator.Model.Cycle).
func (o *Opened) Cycle(in, out []uint32) error {
	if o.pm.identity {
		return o.Model.Cycle(in, out)
	}
	l, r := o.Layout, o.Model.Layout()
	o.pm.toRTL(1, in, l.InWords, o.rin, r.InWords)
	err := o.Model.Cycle(o.rin, o.rout)
	o.pm.fromRTL(1, o.rout, r.OutWords, out, l.OutWords)
	return err
}

// Run runs n cycles in one call (verilator.Model.Run) with in and out in the
// contract layout, n cycles of words each: outputs before each rising
// edge. It stops after the first cycle reporting a *verilator.SimError.
func (o *Opened) Run(n int, in, out []uint32) error {
	if o.pm.identity {
		return o.Model.Run(n, in, out)
	}
	l, r := o.Layout, o.Model.Layout()
	if len(o.rin) < n*r.InWords {
		o.rin, o.rout = make([]uint32, n*r.InWords), make([]uint32, n*r.OutWords)
	}
	o.pm.toRTL(n, in, l.InWords, o.rin, r.InWords)
	err := o.Model.Run(n, o.rin, o.rout)
	o.pm.fromRTL(n, o.rout, r.OutWords, out, l.OutWords)
	return err
}

// Output reads contract output i (an index into Layout.Outputs) as the
// model shows it now: after a Cycle, a registered output's value after the
// edge.
func (o *Opened) Output(i int, words []uint32) error {
	return o.Model.Get(o.Model.Layout().Output(o.Layout.Outputs[i].Name), words)
}

// Close closes the model.
func (o *Opened) Close() error { return o.Model.Close() }
