package tmsim

import (
	"context"
	tmface "occamy/testbench/blocks/tm"

	"occamy/cosim/runner"
	"occamy/hw/tm"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	"occamy/testbench/scenario"
	"occamy/testbench/stimulus"
	"occamy/testbench/traffic"
)

// Compare co-simulates occamy_tm against hw/tm (runner.Run on the TM
// block, the check and the report of `occamy cosim --block tm`) on the
// inputs of p's main run: resetCycles of reset with the configuration on
// the cfg_* inputs, then every scenario cycle's offers in the IN slots (the
// rest dropped before the ingress, as Prepare's runs do), then the
// scenario's drain (tm.AdmitLag idle cycles: the last offers' answers).
// Every output is
// compared every cycle from the first reset edge on; the result's
// Mismatch is the first divergence. The re-runs a metric's search makes
// are not compared.
func Compare(ctx context.Context, p *scenario.Prepared, opt Options, batch bool) (*runner.Result, error) {
	params := Params(p.Config)
	words, err := Stimulus(p, params)
	if err != nil {
		return nil, err
	}
	return runner.Run(ctx, runner.Options{Block: "tm", Sim: opt.Sim, Params: params, Seed: opt.Seed, CacheDir: opt.CacheDir, Steps: opt.Steps,
		VerilogDir: opt.VerilogDir, RTL: opt.RTL, Top: opt.Top, Replay: words,
		Cycles: resetCycles + int(p.Cycles) + tm.AdmitLag, Batch: batch, PGO: opt.PGO})
}

// Stimulus is every cycle's input words of p's main run on occamy_tm in
// the TM block's contract layout at params (Params(p.Config)).
func Stimulus(p *scenario.Prepared, params map[string]int) ([]uint32, error) {
	l, full, err := layoutFor(params)
	if err != nil {
		return nil, err
	}
	return stimulusFor(p.Config, p.Sources, p.Seed, p.Cycles, full, l, tm.AdmitLag)
}

// layoutFor is the TM block's contract layout at params, and the
// parameters with the defaults filled in, checked by the block's rules.
func layoutFor(params map[string]int) (*port.Layout, map[string]int, error) {
	b, err := blocks.Lookup("tm")
	if err != nil {
		return nil, nil, err
	}
	full, err := b.Fill(params)
	if err != nil {
		return nil, nil, err
	}
	if err := b.Validate(full); err != nil {
		return nil, nil, err
	}
	l, err := b.Layout(full)
	if err != nil {
		return nil, nil, err
	}
	return &l, full, nil
}

// stimulusFor is the input words of a run of c: resetCycles of reset with
// the configuration on the cfg_* inputs, cycles cycles of the sources'
// offers in the IN slots (the rest dropped before the ingress), then idle
// cycles with no slot valid.
func stimulusFor(c tm.Config, specs []traffic.Spec, seed, cycles uint64, full map[string]int, l *port.Layout, idle int) ([]uint32, error) {
	v, err := tmface.NewCfg(c)
	if err != nil {
		return nil, err
	}
	bind, err := stimulus.NewBind(l, true, v.Wires()...)
	if err != nil {
		return nil, err
	}
	rst, err := stimulus.FieldOf(l, "rst_ni")
	if err != nil {
		return nil, err
	}
	slots, err := tmface.NewSlots(l, tmface.NewShape(c, full["SW"]))
	if err != nil {
		return nil, err
	}
	mix, err := traffic.BuildAll(specs, scenario.Env(&c), seed, "sources")
	if err != nil {
		return nil, err
	}
	iw := l.InWords
	words := make([]uint32, (resetCycles+int(cycles)+idle)*iw)
	tmpl := make([]uint32, iw)
	bind.Encode(tmpl)
	for k := 0; k < resetCycles; k++ {
		copy(words[k*iw:], tmpl) // rst_ni low: the template leaves it 0
	}
	rst.PutBool(tmpl, true)
	for cyc := 0; cyc < int(cycles)+idle; cyc++ {
		in := words[(resetCycles+cyc)*iw : (resetCycles+cyc+1)*iw]
		copy(in, tmpl)
		if cyc >= int(cycles) {
			continue
		}
		putOffers(slots, in, mix.Tick(uint64(cyc)))
	}
	return words, nil
}

// putOffers fills the IN slots of one cycle's inputs with its offers in
// offer order; the rest are the ingress drops the driver counts.
func putOffers(slots *tmface.Slots, in []uint32, pkts []traffic.Packet) {
	for i, x := range pkts {
		if i == slots.Sh.IN {
			return
		}
		slots.Put(in, i, x.Queue, x.Cells)
	}
}
