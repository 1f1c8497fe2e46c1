package maxfind

import (
	hw "occamy/hw/maxfind"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

var maxFindParams = blocks.Binding[hw.Params]{Def: hw.DefaultParams(), Names: []string{"N", "QW"},
	Fields:   func(p *hw.Params) []*int { return []*int{&p.N, &p.QW} },
	Validate: hw.Params.Validate,
}

// Maximum-finder coverpoints.
const (
	mfNone = iota
	mfOne
	mfAll
	mfTie
	mfLast
	mfAllOnes
	mfZeroWins
)

var maxFindCover = []blocks.Coverpoint{
	{Name: "no_candidate", Desc: "no cand_i bit set (valid_o 0)"},
	{Name: "one_candidate", Desc: "exactly one candidate"},
	{Name: "all_candidates", Desc: "every queue a candidate"},
	{Name: "tie_at_max", Desc: "two or more candidates share the maximum (the lowest index wins)", NA: blocks.NAOne("N")},
	{Name: "last_wins", Desc: "queue N-1 wins"},
	{Name: "max_all_ones", Desc: "the maximum is 2^QW-1"},
	{Name: "zero_wins", Desc: "the winner's length is 0"},
}

func init() {
	blocks.Register(&blocks.Block{
		Name: "maxfind", Module: hw.Block, Doc: "docs/blocks.md",
		Order:       40,
		Summary:     "longest-queue maximum finder (Pushout's Difficulty 3), combinational",
		Sources:     []string{"verilog/tm_maxfind.sv"},
		Params:      maxFindParams.Params(),
		Small:       map[string]int{"N": 5, "QW": 2},
		Coverpoints: maxFindCover,
		Props:       props,
		Checks: blocks.Checks{
			Mutants: mutants,
			Testbench: []blocks.TBSet{
				{Params: "N=64,QW=16"},
				{Params: "N=1,QW=1"},
				{Params: "N=2,QW=32"},
				{Params: "N=5,QW=2"},
				{Params: "N=100,QW=8"},
				{Params: "N=256,QW=32", Cycles: 300},
			},
		},
		Contract: blocks.Contract{
			Validate: maxFindParams.Check,
			Ports: func(p map[string]int) []port.Port {
				return []port.Port{port.Input("cand_i", p["N"]), port.Input("qlen_i", p["N"]*p["QW"]),
					port.Output("valid_o", 1), port.Output("idx_o", rtl.IdxWidth(p["N"])),
					port.Output("max_o", p["QW"])}
			},
			Elem: func(p map[string]int, name string) int {
				switch name {
				case "cand_i":
					return 1
				case "qlen_i":
					return p["QW"]
				}
				return 0
			},
			Build: func(m map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
				p := maxFindParams.Decode(m)
				g, err := newMaxFindGold(p, l)
				if err != nil {
					return blocks.Sides{}, err
				}
				src, err := newRandom(p, l, seed)
				if err != nil {
					return blocks.Sides{}, err
				}
				dir, err := newDirected(p, l)
				return blocks.Sides{Golden: g, Random: src, Directed: dir, Hits: g.hits, Signals: g.u.Signals(), OnEval: &g.onEval}, err
			},
		},
	})
}

// maxFindGold wraps hw/maxfind.
type maxFindGold struct {
	u                          *hw.Unit
	cand, qlen, vld, idx, maxo int
	cWords, qWords             int
	ones                       uint32
	onEval                     func() // vector generation's row hook, after Eval
	hits                       []uint64
}

func newMaxFindGold(p hw.Params, l *port.Layout) (*maxFindGold, error) {
	u, err := hw.New(p)
	if err != nil {
		return nil, err
	}
	s := blocks.Slot{L: l}
	return &maxFindGold{u: u, cand: s.In("cand_i"), qlen: s.In("qlen_i"), vld: s.Out("valid_o"), idx: s.Out("idx_o"),
		maxo: s.Out("max_o"), cWords: port.WordsFor(p.N), qWords: port.WordsFor(p.N * p.QW),
		ones: uint32(rtl.Width(p.QW).Mask()), hits: make([]uint64, len(maxFindCover))}, nil
}

// Step implements Golden.
func (g *maxFindGold) Step(in, out []uint32) {
	u, h := g.u, g.hits
	pack.To64(u.CandI[:], in[g.cand:g.cand+g.cWords])
	pack.Unpack(u.QlenI, in[g.qlen:g.qlen+g.qWords], u.P.N, u.P.QW)
	u.Eval()
	if g.onEval != nil {
		g.onEval()
	}
	n, atMax := 0, 0
	for i := 0; i < u.P.N; i++ {
		if u.CandI.Test(i) {
			n++
			if u.QlenI[i] == u.MaxO {
				atMax++
			}
		}
	}
	blocks.Hit(h, mfNone, n == 0)
	blocks.Hit(h, mfOne, n == 1)
	blocks.Hit(h, mfAll, n == u.P.N)
	blocks.Hit(h, mfTie, atMax > 1)
	blocks.Hit(h, mfLast, u.ValidO && int(u.IdxO) == u.P.N-1)
	blocks.Hit(h, mfAllOnes, u.ValidO && u.MaxO == g.ones)
	blocks.Hit(h, mfZeroWins, u.ValidO && u.MaxO == 0)
	out[g.vld] = blocks.B2W(u.ValidO)
	out[g.idx] = u.IdxO
	out[g.maxo] = u.MaxO
	u.Commit()
}
