package registry

import (
	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// memModel is a port-level model of hw/memports: it checks its own input
// contract and reports the first violation by Err.
type memModel interface {
	Eval()
	Commit()
	Err() error
	Signals() []rtl.Signal
}

// memGold is the golden adapter of a memory block: the model's inputs and
// outputs are bound to the contract layout by name (stimulus.Bind), and
// cover counts the block's coverpoints after Eval.
type memGold struct {
	m       memModel
	in, out *stimulus.Bind
	cover   func()
	onEval  func()
}

// Step implements Golden.
func (g *memGold) Step(in, out []uint32) {
	g.in.Decode(in)
	g.m.Eval()
	g.cover()
	if g.onEval != nil {
		g.onEval()
	}
	g.out.Encode(out)
	g.m.Commit()
}

// memSides binds a model's wires to l and returns its sides.
func memSides(m memModel, l *port.Layout, ins, outs []stimulus.Wire, src stimulus.Source, hits []uint64, cover func()) (Sides, error) {
	bi, err := stimulus.NewBind(l, true, ins...)
	if err != nil {
		return Sides{}, err
	}
	bo, err := stimulus.NewBind(l, false, outs...)
	if err != nil {
		return Sides{}, err
	}
	g := &memGold{m: m, in: bi, out: bo, cover: cover}
	return Sides{Golden: g, Random: src, Hits: hits, Err: m.Err, Signals: m.Signals(), OnEval: &g.onEval}, nil
}

// naPow2Of says a corner needs the named parameter not to be a power of two.
func naPow2Of(name string) func(p map[string]int) string {
	return func(p map[string]int) string {
		if n := p[name]; n&(n-1) == 0 {
			return name + " is a power of two: every index is in range"
		}
		return ""
	}
}

// naOne says a corner needs the named parameter above 1.
func naOne(name string) func(p map[string]int) string {
	return func(p map[string]int) string {
		if p[name] <= 1 {
			return "needs " + name + " > 1"
		}
		return ""
	}
}
