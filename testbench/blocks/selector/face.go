package selector

import (
	hw "occamy/hw/selector"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

var Binding = blocks.Binding[hw.Params]{Def: hw.DefaultParams(), Names: []string{"N", "QW"},
	Fields:   func(p *hw.Params) []*int { return []*int{&p.N, &p.QW} },
	Validate: hw.Params.Validate,
}

// Selector coverpoints.
const (
	selEqual = iota
	selOverByOne
	selSatThr
	selAllOver
	selResetBusy
)

var selectorCover = []blocks.Coverpoint{
	{Name: "q_eq_t", Desc: "a queue exactly at its threshold (not over-allocated)"},
	{Name: "q_eq_t_plus_1", Desc: "a queue one cell over its threshold (over-allocated)"},
	{Name: "t_saturated", Desc: "a threshold of 2^QW-1: no queue length can be over it"},
	{Name: "all_over", Desc: "every queue over its threshold at once"},
	{Name: "reset_busy", Desc: "reset while some over_o bit is set"},
}

func init() {
	blocks.Register(&blocks.Block{
		Name: "selector", Module: hw.Block, Doc: "docs/blocks.md",
		Order:       20,
		Summary:     "head-drop selector: N comparators and the bitmap register",
		Sources:     []string{"verilog/hd_selector.sv"},
		Params:      Binding.Params(),
		Small:       map[string]int{"N": 5, "QW": 3},
		Coverpoints: selectorCover,
		Props:       props,
		Checks: blocks.Checks{
			Mutants: mutants,
			Lint:    []string{"N=1 QW=1", "N=1 QW=16", "N=1 QW=32", "N=2 QW=1", "N=2 QW=16", "N=2 QW=32", "N=5 QW=1", "N=5 QW=16", "N=5 QW=32", "N=256 QW=1", "N=256 QW=16", "N=256 QW=32"},
			Testbench: []blocks.TBSet{
				{Params: "N=64,QW=16"},
				{Params: "N=1,QW=1"},
				{Params: "N=2,QW=32"},
				{Params: "N=5,QW=3"},
				{Params: "N=8,QW=16"},
				{Params: "N=256,QW=32", Cycles: 300},
			},
			Vectors: vectorsOf,
		},
		Contract: blocks.Contract{
			Validate: Binding.Check,
			Ports: func(p map[string]int) []port.Port {
				return append(blocks.ClockReset(), port.Input("qlen_i", p["N"]*p["QW"]), port.Input("thr_i", p["N"]*p["QW"]),
					port.Output("over_o", p["N"]))
			},
			Elem: Elem,
			Build: func(m map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
				p := Binding.Decode(m)
				g, err := NewGold(p, l)
				if err != nil {
					return blocks.Sides{}, err
				}
				src, err := NewRandom(p, l, seed)
				if err != nil {
					return blocks.Sides{}, err
				}
				dir, err := newDirected(p, l)
				return blocks.Sides{Golden: g, Random: src, Directed: dir, Hits: g.hits}, err
			},
		},
	})
}

// Elem is the element width of the selector's packed ports, shared
// with the selector+arbiter benchmark top.
func Elem(p map[string]int, name string) int {
	switch name {
	case "qlen_i", "thr_i":
		return p["QW"]
	case "over_o":
		return 1
	}
	return 0
}

// Gold is hd_selector's golden adapter over hw/selector.
type Gold struct {
	s                    *hw.Selector
	rst, qlen, thr, over int
	qWords, oWords       int
	sat                  uint32
	hits                 []uint64
}

// NewGold is the adapter of a selector at p in layout l.
func NewGold(p hw.Params, l *port.Layout) (*Gold, error) {
	m, err := hw.New(p)
	if err != nil {
		return nil, err
	}
	s := blocks.Slot{L: l}
	return &Gold{s: m, rst: s.In("rst_ni"), qlen: s.In("qlen_i"), thr: s.In("thr_i"), over: s.Out("over_o"),
		qWords: port.WordsFor(p.N * p.QW), oWords: port.WordsFor(p.N),
		sat: uint32(rtl.Width(p.QW).Mask()), hits: make([]uint64, len(selectorCover))}, nil
}

// Eval decodes the inputs and evaluates the model (the selector+arbiter
// benchmark top drives the arbiter from it before Commit).
func (g *Gold) Eval(in []uint32) {
	m := g.s
	m.RstNI = blocks.Bit(in[g.rst])
	pack.Unpack(m.QlenI, in[g.qlen:g.qlen+g.qWords], m.P.N, m.P.QW)
	pack.Unpack(m.ThrI, in[g.thr:g.thr+g.qWords], m.P.N, m.P.QW)
	m.Eval()
}

// cover counts the selector's coverpoints: a scan of the N comparisons,
// cheap beside Unpack.
func (g *Gold) cover() {
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
	blocks.Hit(h, selEqual, eq)
	blocks.Hit(h, selOverByOne, by1)
	blocks.Hit(h, selSatThr, sat)
	blocks.Hit(h, selAllOver, over == m.P.N && m.RstNI)
	blocks.Hit(h, selResetBusy, !m.RstNI && m.OverO.Any())
}

// Step implements Golden.
func (g *Gold) Step(in, out []uint32) {
	g.Eval(in)
	g.cover()
	g.PutOver(out)
	g.s.Commit()
}

// Model is the selector model the adapter drives.
func (g *Gold) Model() *hw.Selector { return g.s }

// PutOver writes over_o from the model's register.
func (g *Gold) PutOver(out []uint32) { pack.From64(out[g.over:g.over+g.oWords], g.s.OverO[:]) }
