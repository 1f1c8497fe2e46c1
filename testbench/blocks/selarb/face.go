package selarb

import (
	"occamy/hw/arbiter"
	"occamy/hw/selector"
	"occamy/rtl"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	selface "occamy/testbench/blocks/selector"
)

func init() {
	blocks.Register(&blocks.Block{
		// selarb is the head-drop scheduler as one unit: the selector's
		// registered bitmap feeding the arbiter (also the speed
		// benchmarks' top). A design that registers its bitmap or its
		// grant, or both, is checked through its declared latencies.
		Name: "selarb", Module: "sel_arb_top", Order: 90, Aliases: []string{"selector+arbiter"},
		Doc:         "docs/blocks.md",
		Summary:     "head-drop scheduler: the selector's bitmap feeding the arbiter (composite)",
		Sources:     []string{"verilog/hd_selector.sv", "verilog/rr_arbiter.sv", "verilog/sel_arb_top.sv"},
		Params:      selface.Binding.Params(),
		Small:       map[string]int{"N": 5, "QW": 3},
		Coverpoints: selArbCover,
		Props:       props,
		Contract: blocks.Contract{
			Validate: selface.Binding.Check,
			Ports: func(p map[string]int) []port.Port {
				return append(blocks.ClockReset(), port.Input("qlen_i", p["N"]*p["QW"]), port.Input("thr_i", p["N"]*p["QW"]),
					port.Input("ack_i", 1), port.Output("over_o", p["N"]), port.Output("gnt_valid_o", 1),
					port.Output("gnt_idx_o", rtl.IdxWidth(p["N"])))
			},
			Elem: selface.Elem,
			Build: func(m map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
				p := selface.Binding.Decode(m)
				g, err := newSelArbGold(p, l)
				if err != nil {
					return blocks.Sides{}, err
				}
				src, err := newRandom(p, l, seed)
				return blocks.Sides{Golden: g, Random: src, Hits: g.hits}, err
			},
		},
	})
}

// selArbGold is a selector whose register feeds an arbiter (sel_arb_top).
type selArbGold struct {
	sel        *selface.Gold
	arb        *arbiter.Arbiter
	ack        int
	valid, idx int
	hits       []uint64
}

func newSelArbGold(p selector.Params, l *port.Layout) (*selArbGold, error) {
	sg, err := selface.NewGold(p, l)
	if err != nil {
		return nil, err
	}
	a, err := arbiter.New(arbiter.Params{N: p.N})
	if err != nil {
		return nil, err
	}
	s := blocks.Slot{L: l}
	return &selArbGold{sel: sg, arb: a, ack: s.In("ack_i"), valid: s.Out("gnt_valid_o"), idx: s.Out("gnt_idx_o"),
		hits: make([]uint64, len(selArbCover))}, nil
}

// Step implements blocks.Golden.
func (g *selArbGold) Step(in, out []uint32) {
	g.sel.Eval(in)
	s := g.sel.Model()
	a := g.arb
	a.RstNI = s.RstNI
	a.ReqI = s.OverO
	a.AckI = blocks.Bit(in[g.ack])
	a.Eval()
	cover(g.hits, s, a)
	g.sel.PutOver(out)
	out[g.valid] = blocks.B2W(a.GntValidO)
	out[g.idx] = uint32(a.GntIdxO)
	s.Commit()
	a.Commit()
}
