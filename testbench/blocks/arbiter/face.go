package arbiter

import (
	hw "occamy/hw/arbiter"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

var arbiterParams = blocks.Binding[hw.Params]{Def: hw.DefaultParams(), Names: []string{"N"},
	Fields:   func(p *hw.Params) []*int { return []*int{&p.N} },
	Validate: hw.Params.Validate,
}

// Arbiter coverpoints.
const (
	arbWrap = iota
	arbSingleAll
	arbAckNoReq
	arbResetBusy
	arbAllReq
)

var arbiterCover = []blocks.Coverpoint{
	{Name: "wrap", Desc: "a grant taken at index N-1 moves the pointer back to 0"},
	{Name: "single_req_each", Desc: "a lone request at every index 0..N-1 (counted once all N were seen)"},
	{Name: "ack_no_req", Desc: "ack_i with no request"},
	{Name: "reset_busy", Desc: "reset while the pointer is off 0 or a request is up"},
	{Name: "all_req", Desc: "every requester at once"},
}

func init() {
	blocks.Register(&blocks.Block{
		Name: "arbiter", Module: hw.Block, Doc: "docs/blocks.md",
		Order:       30,
		Summary:     "round-robin arbiter over the bitmap",
		Sources:     []string{"verilog/rr_arbiter.sv"},
		Params:      arbiterParams.Params(),
		Small:       map[string]int{"N": 5},
		Coverpoints: arbiterCover,
		Props:       props,
		Checks: blocks.Checks{
			Mutants: mutants,
			Lint:    []string{"N=1", "N=2", "N=3", "N=5", "N=64", "N=255", "N=256"},
			Testbench: []blocks.TBSet{
				{Params: "N=64"},
				{Params: "N=1"},
				{Params: "N=2"},
				{Params: "N=3"},
				{Params: "N=5"},
				{Params: "N=8"},
				{Params: "N=9"},
				{Params: "N=100"},
				{Params: "N=255", Cycles: 1000},
				{Params: "N=256", Cycles: 1000},
			},
			Vectors: vectorsOf,
		},
		Contract: blocks.Contract{
			Validate: arbiterParams.Check,
			Ports: func(p map[string]int) []port.Port {
				return append(blocks.ClockReset(), port.Input("req_i", p["N"]), port.Input("ack_i", 1),
					port.Output("gnt_valid_o", 1), port.Output("gnt_idx_o", rtl.IdxWidth(p["N"])))
			},
			Elem: func(p map[string]int, name string) int {
				if name == "req_i" {
					return 1
				}
				return 0
			},
			Build: func(m map[string]int, l *port.Layout, seed int64) (blocks.Sides, error) {
				p := arbiterParams.Decode(m)
				g, err := newArbiterGold(p, l)
				if err != nil {
					return blocks.Sides{}, err
				}
				src, err := newRandom(p, l, seed, g.a)
				if err != nil {
					return blocks.Sides{}, err
				}
				dir, err := newDirected(p, l)
				return blocks.Sides{Golden: g, Random: src, Directed: dir, Hits: g.cov.hits}, err
			},
		},
	})
}

// arbiterGold wraps hw/arbiter.
type arbiterGold struct {
	a             *hw.Arbiter
	rst, req, ack int
	valid, idx    int
	rWords        int
	cov           arbCover
}

func newArbiterGold(p hw.Params, l *port.Layout) (*arbiterGold, error) {
	a, err := hw.New(p)
	if err != nil {
		return nil, err
	}
	s := blocks.Slot{L: l}
	return &arbiterGold{a: a, rst: s.In("rst_ni"), req: s.In("req_i"), ack: s.In("ack_i"),
		valid: s.Out("gnt_valid_o"), idx: s.Out("gnt_idx_o"), rWords: port.WordsFor(p.N),
		cov: arbCover{hits: make([]uint64, len(arbiterCover))}}, nil
}

// arbCover counts an arbiter's coverpoints from its ports and pointer.
type arbCover struct {
	hits  []uint64
	seen  rtl.Bitmap // indices that had a lone request
	nSeen int
}

func (c *arbCover) count(a *hw.Arbiter) {
	h := c.hits
	n := a.ReqI.Count()
	ptr := a.State().PtrQ
	if a.RstNI {
		blocks.Hit(h, arbWrap, a.GntValidO && a.AckI && int(a.GntIdxO) == a.P.N-1)
		blocks.Hit(h, arbAckNoReq, a.AckI && n == 0)
		blocks.Hit(h, arbAllReq, n == a.P.N)
		if n == 1 {
			i := a.ReqI.FirstFrom(0)
			if !c.seen.Test(i) {
				c.seen.Set(i)
				c.nSeen++
			}
			blocks.Hit(h, arbSingleAll, c.nSeen == a.P.N)
		}
	}
	blocks.Hit(h, arbResetBusy, !a.RstNI && (ptr != 0 || n > 0))
}

// Step implements Golden.
func (g *arbiterGold) Step(in, out []uint32) {
	a := g.a
	a.RstNI = blocks.Bit(in[g.rst])
	pack.To64(a.ReqI[:], in[g.req:g.req+g.rWords])
	a.AckI = blocks.Bit(in[g.ack])
	a.Eval()
	g.cov.count(a)
	out[g.valid] = blocks.B2W(a.GntValidO)
	out[g.idx] = uint32(a.GntIdxO)
	a.Commit()
}
