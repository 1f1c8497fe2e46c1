package blocks

import (
	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// PortModel is a port-level Go model (hw/memports): it checks its own
// input contract and reports the first violation by Err.
type PortModel interface {
	Eval()
	Commit()
	Err() error
	Signals() []rtl.Signal
}

// portGold is the golden adapter of a port-level model: the model's
// inputs and outputs are bound to the contract layout by name
// (stimulus.Bind), and cover counts the block's coverpoints after Eval.
type portGold struct {
	m       PortModel
	in, out *stimulus.Bind
	cover   func()
	onEval  func()
}

// Step implements Golden.
func (g *portGold) Step(in, out []uint32) {
	g.in.Decode(in)
	g.m.Eval()
	g.cover()
	if g.onEval != nil {
		g.onEval()
	}
	g.out.Encode(out)
	g.m.Commit()
}

// ModelSides binds a port-level model's wires to l and returns its sides:
// ins and outs are the model's input and output fields by port name, src
// its random source, hits its coverpoint counters, which cover counts
// every cycle after Eval.
func ModelSides(m PortModel, l *port.Layout, ins, outs []stimulus.Wire, src stimulus.Source, hits []uint64, cover func()) (Sides, error) {
	bi, err := stimulus.NewBind(l, true, ins...)
	if err != nil {
		return Sides{}, err
	}
	bo, err := stimulus.NewBind(l, false, outs...)
	if err != nil {
		return Sides{}, err
	}
	g := &portGold{m: m, in: bi, out: bo, cover: cover}
	return Sides{Golden: g, Random: src, Hits: hits, Err: m.Err, Signals: m.Signals(), OnEval: &g.onEval}, nil
}
