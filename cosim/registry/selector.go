package registry

import (
	"occamy/hw/selector"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

var selectorParams = binding[selector.Params]{
	def: selector.DefaultParams(), names: []string{"N", "QW"},
	fields:   func(p *selector.Params) []*int { return []*int{&p.N, &p.QW} },
	validate: selector.Params.Validate,
}

// Selector coverpoints.
const (
	selEqual = iota
	selOverByOne
	selSatThr
	selAllOver
	selResetBusy
)

var selectorCover = []Coverpoint{
	{Name: "q_eq_t", Desc: "a queue exactly at its threshold (not over-allocated)"},
	{Name: "q_eq_t_plus_1", Desc: "a queue one cell over its threshold (over-allocated)"},
	{Name: "t_saturated", Desc: "a threshold of 2^QW-1: no queue length can be over it"},
	{Name: "all_over", Desc: "every queue over its threshold at once"},
	{Name: "reset_busy", Desc: "reset while some over_o bit is set"},
}

func init() {
	register(&Block{
		Name: "selector", Module: selector.Block, Doc: "docs/blocks.md",
		Summary:     "head-drop selector: N comparators and the bitmap register",
		Sources:     []string{"verilog/hd_selector.sv"},
		Params:      selectorParams.params(),
		Small:       map[string]int{"N": 5, "QW": 3},
		Coverpoints: selectorCover,
		Validate:    selectorParams.check,
		Ports: func(p map[string]int) []port.Port {
			return append(clockReset(), port.Input("qlen_i", p["N"]*p["QW"]), port.Input("thr_i", p["N"]*p["QW"]),
				port.Output("over_o", p["N"]))
		},
		Elem: selectorElem,
		Build: func(m map[string]int, l *port.Layout, seed int64) (Sides, error) {
			p := selectorParams.decode(m)
			g, err := newSelectorGold(p, l)
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.Selector(p, l, seed)
			if err != nil {
				return Sides{}, err
			}
			dir, err := stimulus.SelectorDirected(p, l)
			return Sides{Golden: g, Random: src, Directed: dir, Hits: g.hits}, err
		},
	})
}

// selectorElem is the element width of the selector's packed ports, shared
// with the selector+arbiter benchmark top.
func selectorElem(p map[string]int, name string) int {
	switch name {
	case "qlen_i", "thr_i":
		return p["QW"]
	case "over_o":
		return 1
	}
	return 0
}

// selectorGold wraps hw/selector.
type selectorGold struct {
	s                    *selector.Selector
	rst, qlen, thr, over int
	qWords, oWords       int
	sat                  uint32
	hits                 []uint64
}

func newSelectorGold(p selector.Params, l *port.Layout) (*selectorGold, error) {
	m, err := selector.New(p)
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &selectorGold{s: m, rst: s.in("rst_ni"), qlen: s.in("qlen_i"), thr: s.in("thr_i"), over: s.out("over_o"),
		qWords: port.WordsFor(p.N * p.QW), oWords: port.WordsFor(p.N),
		sat: uint32(rtl.Width(p.QW).Mask()), hits: make([]uint64, len(selectorCover))}, nil
}

func (g *selectorGold) eval(in []uint32) {
	m := g.s
	m.RstNI = bit(in[g.rst])
	pack.Unpack(m.QlenI, in[g.qlen:g.qlen+g.qWords], m.P.N, m.P.QW)
	pack.Unpack(m.ThrI, in[g.thr:g.thr+g.qWords], m.P.N, m.P.QW)
	m.Eval()
}

// cover counts the selector's coverpoints: a scan of the N comparisons,
// cheap beside Unpack.
func (g *selectorGold) cover() {
	m, h := g.s, g.hits
	eq, by1, sat, over := false, false, false, 0
	for i, q := range m.QlenI {
		t := m.ThrI[i]
		eq = eq || q == t
		by1 = by1 || q == t+1
		sat = sat || t == g.sat
		if q > t {
			over++
		}
	}
	hit(h, selEqual, eq)
	hit(h, selOverByOne, by1)
	hit(h, selSatThr, sat)
	hit(h, selAllOver, over == m.P.N && m.RstNI)
	hit(h, selResetBusy, !m.RstNI && m.OverO.Any())
}

// Step implements Golden.
func (g *selectorGold) Step(in, out []uint32) {
	g.eval(in)
	g.cover()
	pack.From64(out[g.over:g.over+g.oWords], g.s.OverO[:])
	g.s.Commit()
}
