package registry

import (
	"occamy/hw/maxfind"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

var maxFindParams = binding[maxfind.Params]{
	def: maxfind.DefaultParams(), names: []string{"N", "QW"},
	fields:   func(p *maxfind.Params) []*int { return []*int{&p.N, &p.QW} },
	validate: maxfind.Params.Validate,
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

var maxFindCover = []Coverpoint{
	{Name: "no_candidate", Desc: "no cand_i bit set (valid_o 0)"},
	{Name: "one_candidate", Desc: "exactly one candidate"},
	{Name: "all_candidates", Desc: "every queue a candidate"},
	{Name: "tie_at_max", Desc: "two or more candidates share the maximum (the lowest index wins)", NA: naOne("N")},
	{Name: "last_wins", Desc: "queue N-1 wins"},
	{Name: "max_all_ones", Desc: "the maximum is 2^QW-1"},
	{Name: "zero_wins", Desc: "the winner's length is 0"},
}

func init() {
	register(&Block{
		Name: "maxfind", Module: maxfind.Block, Doc: "docs/blocks.md",
		Summary:     "longest-queue maximum finder (Pushout's Difficulty 3), combinational",
		Sources:     []string{"verilog/tm_maxfind.sv"},
		Params:      maxFindParams.params(),
		Small:       map[string]int{"N": 5, "QW": 2},
		Coverpoints: maxFindCover,
		Validate:    maxFindParams.check,
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
		Build: func(m map[string]int, l *port.Layout, seed int64) (Sides, error) {
			p := maxFindParams.decode(m)
			g, err := newMaxFindGold(p, l)
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.MaxFind(p, l, seed)
			if err != nil {
				return Sides{}, err
			}
			dir, err := stimulus.MaxFindDirected(p, l)
			return Sides{Golden: g, Random: src, Directed: dir, Hits: g.hits, Signals: g.u.Signals(), OnEval: &g.onEval}, err
		},
	})
}

// maxFindGold wraps hw/maxfind.
type maxFindGold struct {
	u                          *maxfind.Unit
	cand, qlen, vld, idx, maxo int
	cWords, qWords             int
	ones                       uint32
	onEval                     func() // vector generation's row hook, after Eval
	hits                       []uint64
}

func newMaxFindGold(p maxfind.Params, l *port.Layout) (*maxFindGold, error) {
	u, err := maxfind.New(p)
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &maxFindGold{u: u, cand: s.in("cand_i"), qlen: s.in("qlen_i"), vld: s.out("valid_o"), idx: s.out("idx_o"),
		maxo: s.out("max_o"), cWords: port.WordsFor(p.N), qWords: port.WordsFor(p.N * p.QW),
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
	hit(h, mfNone, n == 0)
	hit(h, mfOne, n == 1)
	hit(h, mfAll, n == u.P.N)
	hit(h, mfTie, atMax > 1)
	hit(h, mfLast, u.ValidO && int(u.IdxO) == u.P.N-1)
	hit(h, mfAllOnes, u.ValidO && u.MaxO == g.ones)
	hit(h, mfZeroWins, u.ValidO && u.MaxO == 0)
	out[g.vld] = b2w(u.ValidO)
	out[g.idx] = u.IdxO
	out[g.maxo] = u.MaxO
	u.Commit()
}
