package threshold

import (
	hw "occamy/hw/threshold"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

var thresholdParams = blocks.Binding[hw.Params]{Def: hw.DefaultParams(), Names: []string{"C", "QW", "AW"},
	Fields:   func(p *hw.Params) []*int { return []*int{&p.C, &p.QW, &p.AW} },
	Validate: hw.Params.Validate,
}

// Threshold coverpoints.
const (
	thrSat = iota
	thrRight
	thrShiftOut
	thrZeroFree
	thrMaxFree
)

func init() {
	blocks.Register(&blocks.Block{
		Name: "threshold", Module: hw.Block, Doc: "docs/blocks.md",
		Order:   10,
		Summary: "DT threshold per alpha class (combinational)",
		Sources: []string{"verilog/dt_threshold.sv"},
		Params:  thresholdParams.Params(),
		Small:   map[string]int{"C": 3, "QW": 5, "AW": 3},
		Coverpoints: []blocks.Coverpoint{
			{Name: "saturated", Desc: "a class's left shift overflows QW bits and saturates to all ones"},
			{Name: "right_shift", Desc: "a negative exponent shifts the free count right"},
			{Name: "shift_out", Desc: "a right shift of a non-zero free count gives 0"},
			{Name: "zero_free", Desc: "free_i is 0"},
			{Name: "max_free", Desc: "free_i is 2^QW-1"},
		},
		Props: props,
		Checks: blocks.Checks{
			Mutants: mutants,
			Lint:    []string{"C=3 QW=1 AW=8", "C=64 QW=32 AW=2"},
			Loose:   []string{"QW=0"},
			Testbench: []blocks.TBSet{
				{Params: "C=8,QW=16,AW=4"},
				{Params: "C=1,QW=1,AW=2"},
				{Params: "C=3,QW=32,AW=8"},
				{Params: "C=64,QW=5,AW=3", Cycles: 500},
				{Params: "C=2,QW=4,AW=3"},
				{Params: "C=4,QW=16,AW=8"},
			},
			Vectors: vectorsOf,
		},
		Contract: blocks.Contract{
			Validate: thresholdParams.Check,
			Ports: func(p map[string]int) []port.Port {
				return []port.Port{port.Input("free_i", p["QW"]), port.Input("alpha_i", p["C"]*p["AW"]),
					port.Output("thr_o", p["C"]*p["QW"])}
			},
			Elem: func(p map[string]int, name string) int {
				switch name {
				case "alpha_i":
					return p["AW"]
				case "thr_o":
					return p["QW"]
				}
				return 0
			},
			Build: func(m map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
				p := thresholdParams.Decode(m)
				g, err := newThresholdGold(p, l)
				if err != nil {
					return blocks.Sides{}, err
				}
				src, err := newRandom(p, l, seed)
				if err != nil {
					return blocks.Sides{}, err
				}
				dir, err := newDirected(p, l)
				return blocks.Sides{Golden: g, Random: src, Directed: dir, Hits: g.hits}, err
			},
		},
	})
}

// thresholdGold wraps hw/threshold.
type thresholdGold struct {
	u                *hw.Unit
	free, alpha, thr int
	aWords, tWords   int
	alphaBuf         []uint32
	qwMask           uint32
	hits             []uint64
}

func newThresholdGold(p hw.Params, l *port.Layout) (*thresholdGold, error) {
	u, err := hw.New(p)
	if err != nil {
		return nil, err
	}
	s := blocks.Slot{L: l}
	return &thresholdGold{u: u, free: s.In("free_i"), alpha: s.In("alpha_i"), thr: s.Out("thr_o"),
		aWords: port.WordsFor(p.C * p.AW), tWords: port.WordsFor(p.C * p.QW),
		alphaBuf: make([]uint32, p.C), qwMask: uint32(rtl.Width(p.QW).Mask()), hits: make([]uint64, 5)}, nil
}

// Step implements Golden.
func (g *thresholdGold) Step(in, out []uint32) {
	u := g.u
	u.FreeI = in[g.free] & g.qwMask
	pack.Unpack(g.alphaBuf, in[g.alpha:g.alpha+g.aWords], u.P.C, u.P.AW)
	sign := uint32(1) << uint(u.P.AW-1)
	for c, a := range g.alphaBuf {
		u.AlphaI[c] = int8(uint8(a))
		if a&sign != 0 {
			blocks.Hit(g.hits, thrRight, u.FreeI != 0)
		}
	}
	u.Eval()
	h := g.hits
	blocks.Hit(h, thrZeroFree, u.FreeI == 0)
	blocks.Hit(h, thrMaxFree, u.FreeI == g.qwMask)
	for c, t := range u.ThrO {
		neg := g.alphaBuf[c]&sign != 0
		blocks.Hit(h, thrSat, !neg && t == g.qwMask && u.FreeI != 0 && u.FreeI != g.qwMask)
		blocks.Hit(h, thrShiftOut, neg && t == 0 && u.FreeI != 0)
	}
	pack.Pack(g.out(out), u.ThrO, u.P.C, u.P.QW)
	u.Commit()
}

func (g *thresholdGold) out(out []uint32) []uint32 { return out[g.thr : g.thr+g.tWords] }
