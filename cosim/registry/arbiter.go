package registry

import (
	"occamy/hw/arbiter"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

var arbiterParams = binding[arbiter.Params]{
	def: arbiter.DefaultParams(), names: []string{"N"},
	fields:   func(p *arbiter.Params) []*int { return []*int{&p.N} },
	validate: arbiter.Params.Validate,
}

// Arbiter coverpoints.
const (
	arbWrap = iota
	arbSingleAll
	arbAckNoReq
	arbResetBusy
	arbAllReq
)

var arbiterCover = []Coverpoint{
	{Name: "wrap", Desc: "a grant taken at index N-1 moves the pointer back to 0"},
	{Name: "single_req_each", Desc: "a lone request at every index 0..N-1 (counted once all N were seen)"},
	{Name: "ack_no_req", Desc: "ack_i with no request"},
	{Name: "reset_busy", Desc: "reset while the pointer is off 0 or a request is up"},
	{Name: "all_req", Desc: "every requester at once"},
}

func init() {
	register(&Block{
		Name: "arbiter", Module: arbiter.Block, Doc: "docs/blocks.md",
		Summary:     "round-robin arbiter over the bitmap",
		Sources:     []string{"verilog/rr_arbiter.sv"},
		Params:      arbiterParams.params(),
		Small:       map[string]int{"N": 5},
		Coverpoints: arbiterCover,
		Validate:    arbiterParams.check,
		Ports: func(p map[string]int) []port.Port {
			return append(clockReset(), port.Input("req_i", p["N"]), port.Input("ack_i", 1),
				port.Output("gnt_valid_o", 1), port.Output("gnt_idx_o", rtl.IdxWidth(p["N"])))
		},
		Elem: func(p map[string]int, name string) int {
			if name == "req_i" {
				return 1
			}
			return 0
		},
		Build: func(m map[string]int, l *port.Layout, seed int64) (Sides, error) {
			p := arbiterParams.decode(m)
			g, err := newArbiterGold(p, l)
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.Arbiter(p, l, seed, g.a)
			if err != nil {
				return Sides{}, err
			}
			dir, err := stimulus.ArbiterDirected(p, l)
			return Sides{Golden: g, Random: src, Directed: dir, Hits: g.cov.hits}, err
		},
	})
}

// arbiterGold wraps hw/arbiter.
type arbiterGold struct {
	a             *arbiter.Arbiter
	rst, req, ack int
	valid, idx    int
	rWords        int
	cov           arbCover
}

func newArbiterGold(p arbiter.Params, l *port.Layout) (*arbiterGold, error) {
	a, err := arbiter.New(p)
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &arbiterGold{a: a, rst: s.in("rst_ni"), req: s.in("req_i"), ack: s.in("ack_i"),
		valid: s.out("gnt_valid_o"), idx: s.out("gnt_idx_o"), rWords: port.WordsFor(p.N),
		cov: arbCover{hits: make([]uint64, len(arbiterCover))}}, nil
}

// arbCover counts an arbiter's coverpoints from its ports and pointer.
type arbCover struct {
	hits  []uint64
	seen  rtl.Bitmap // indices that had a lone request
	nSeen int
}

func (c *arbCover) count(a *arbiter.Arbiter) {
	h := c.hits
	n := a.ReqI.Count()
	ptr := a.State().PtrQ
	if a.RstNI {
		hit(h, arbWrap, a.GntValidO && a.AckI && int(a.GntIdxO) == a.P.N-1)
		hit(h, arbAckNoReq, a.AckI && n == 0)
		hit(h, arbAllReq, n == a.P.N)
		if n == 1 {
			i := a.ReqI.FirstFrom(0)
			if !c.seen.Test(i) {
				c.seen.Set(i)
				c.nSeen++
			}
			hit(h, arbSingleAll, c.nSeen == a.P.N)
		}
	}
	hit(h, arbResetBusy, !a.RstNI && (ptr != 0 || n > 0))
}

// Step implements Golden.
func (g *arbiterGold) Step(in, out []uint32) {
	a := g.a
	a.RstNI = bit(in[g.rst])
	pack.To64(a.ReqI[:], in[g.req:g.req+g.rWords])
	a.AckI = bit(in[g.ack])
	a.Eval()
	g.cov.count(a)
	out[g.valid] = b2w(a.GntValidO)
	out[g.idx] = uint32(a.GntIdxO)
	a.Commit()
}
