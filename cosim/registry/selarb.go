package registry

import (
	"occamy/hw/arbiter"
	"occamy/hw/selector"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

func init() {
	register(&Block{
		// selarb is the benchmark top of docs/cosim.md: the selector's
		// register feeding the arbiter.
		Name: "selarb", Module: "sel_arb_top", Hidden: true,
		Summary:  "benchmark top: selector feeding the arbiter",
		Sources:  []string{"verilog/hd_selector.sv", "verilog/rr_arbiter.sv", "cosim/testdata/sel_arb_top.sv"},
		Params:   selectorParams.params(),
		Small:    map[string]int{"N": 5, "QW": 3},
		Validate: selectorParams.check,
		Ports: func(p map[string]int) []port.Port {
			return append(clockReset(), port.Input("qlen_i", p["N"]*p["QW"]), port.Input("thr_i", p["N"]*p["QW"]),
				port.Input("ack_i", 1), port.Output("over_o", p["N"]), port.Output("gnt_valid_o", 1),
				port.Output("gnt_idx_o", rtl.IdxWidth(p["N"])))
		},
		Elem: selectorElem,
		Build: func(m map[string]int, l *port.Layout, seed int64) (Sides, error) {
			p := selectorParams.decode(m)
			g, err := newSelArbGold(p, l)
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.SelArb(p, l, seed)
			return Sides{Golden: g, Random: src}, err
		},
	})
}

// selArbGold is a selector whose register feeds an arbiter (sel_arb_top).
type selArbGold struct {
	sel        *selectorGold
	arb        *arbiter.Arbiter
	ack        int
	valid, idx int
}

func newSelArbGold(p selector.Params, l *port.Layout) (*selArbGold, error) {
	sg, err := newSelectorGold(p, l)
	if err != nil {
		return nil, err
	}
	a, err := arbiter.New(arbiter.Params{N: p.N})
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &selArbGold{sel: sg, arb: a, ack: s.in("ack_i"), valid: s.out("gnt_valid_o"), idx: s.out("gnt_idx_o")}, nil
}

// Step implements Golden.
func (g *selArbGold) Step(in, out []uint32) {
	g.sel.eval(in)
	a := g.arb
	a.RstNI = g.sel.s.RstNI
	a.ReqI = g.sel.s.OverO
	a.AckI = bit(in[g.ack])
	a.Eval()
	pack.From64(out[g.sel.over:g.sel.over+g.sel.oWords], g.sel.s.OverO[:])
	out[g.valid] = b2w(a.GntValidO)
	out[g.idx] = uint32(a.GntIdxO)
	g.sel.s.Commit()
	a.Commit()
}
