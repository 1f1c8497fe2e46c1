package registry

import (
	"occamy/cosim"
	"occamy/hw/expulsion"
	"occamy/rtl"
	"occamy/rtl/pack"
	"occamy/testbench/stimulus"
)

var topParams = binding[expulsion.Params]{
	def: expulsion.DefaultParams(), names: []string{"N", "Q", "QW", "AW", "B", "P"},
	fields:   func(p *expulsion.Params) []*int { return []*int{&p.N, &p.Q, &p.QW, &p.AW, &p.B, &p.P} },
	validate: expulsion.Params.Validate,
}

// Top coverpoints.
const (
	topDrop = iota
	topEnqRefused
	topMultiOver
	topGrantEmpty
	topFreeEmpty
	topNegAlpha
	topResetBusy
)

var topCover = []Coverpoint{
	{Name: "drop", Desc: "a head drop"},
	{Name: "enq_refused", Desc: "a cell offered while enq_ready_o is low"},
	{Name: "multi_over", Desc: "two or more queues over their threshold at once"},
	{Name: "grant_empty", Desc: "the arbiter grants a queue with no packet (the bitmap lags a cycle)"},
	{Name: "free_empty", Desc: "no free cell"},
	{Name: "neg_alpha", Desc: "a class with a negative alpha exponent"},
	{Name: "reset_busy", Desc: "reset while cells are held"},
}

func init() {
	register(&Block{
		Name: "top", Aliases: []string{"expulsion"}, Module: "occamy_expulsion", Doc: "docs/executor.md",
		Summary: "whole expulsion path: threshold, selector, arbiter, executor",
		Sources: []string{"verilog/occamy_expulsion.sv", "verilog/dt_threshold.sv", "verilog/hd_selector.sv",
			"verilog/rr_arbiter.sv", "verilog/hd_executor.sv"},
		Params:      topParams.params(),
		Small:       map[string]int{"N": 7, "Q": 3, "QW": 6, "AW": 4, "B": 20, "P": 9},
		Coverpoints: topCover,
		Validate:    topParams.check,
		derive:      pFollowsB,
		Ports: func(p map[string]int) []cosim.Port {
			iw := rtl.IdxWidth(p["N"])
			return append(clockReset(), port("alpha_i", cosim.In, p["Q"]*p["AW"]),
				port("enq_valid_i", cosim.In, 1), port("enq_qid_i", cosim.In, iw), port("enq_eop_i", cosim.In, 1),
				port("enq_ready_o", cosim.Out, 1),
				port("drop_valid_o", cosim.Out, 1), port("drop_qid_o", cosim.Out, iw))
		},
		Elem: func(p map[string]int, name string) int {
			if name == "alpha_i" {
				return p["AW"]
			}
			return 0
		},
		Build: func(m map[string]int, l *cosim.Layout, seed int64) (Sides, error) {
			p := topParams.decode(m)
			g, err := newTopGold(p, l)
			if err != nil {
				return Sides{}, err
			}
			src, err := stimulus.Top(p, l, seed, g.t)
			if err != nil {
				return Sides{}, err
			}
			dir, err := stimulus.TopDirected(p, l, g.t)
			return Sides{Golden: g, Random: src, Directed: dir, Hits: g.hits, Signals: g.t.Signals(), OnEval: &g.onEval}, err
		},
	})
}

// topGold wraps hw/expulsion (occamy_expulsion).
type topGold struct {
	t                 *expulsion.Top
	rst, alpha        int
	ev, eq, eop       int
	ready, valid, qid int
	aWords            int
	alphaBuf          []uint32
	hits              []uint64
	onEval            func()
}

func newTopGold(p expulsion.Params, l *cosim.Layout) (*topGold, error) {
	t, err := expulsion.New(p)
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &topGold{t: t, rst: s.in("rst_ni"), alpha: s.in("alpha_i"),
		ev: s.in("enq_valid_i"), eq: s.in("enq_qid_i"), eop: s.in("enq_eop_i"),
		ready: s.out("enq_ready_o"), valid: s.out("drop_valid_o"), qid: s.out("drop_qid_o"),
		aWords: cosim.WordsFor(p.Q * p.AW), alphaBuf: make([]uint32, p.Q), hits: make([]uint64, len(topCover))}, nil
}

// Step implements Golden.
func (g *topGold) Step(in, out []uint32) {
	t := g.t
	t.RstNI = bit(in[g.rst])
	pack.Unpack(g.alphaBuf, in[g.alpha:g.alpha+g.aWords], t.P.Q, t.P.AW)
	neg := false
	for c, a := range g.alphaBuf {
		t.AlphaI[c] = int8(uint8(a))
		neg = neg || a>>uint(t.P.AW-1)&1 != 0
	}
	t.EnqValidI, t.EnqQidI, t.EnqEopI = bit(in[g.ev]), uint16(in[g.eq]), bit(in[g.eop])
	t.Eval()
	h, x := g.hits, t.Exe
	if t.RstNI {
		hit(h, topDrop, x.DropAckO)
		hit(h, topEnqRefused, t.EnqValidI && !x.EnqReadyO)
		hit(h, topMultiOver, t.Sel.OverO.Count() >= 2)
		hit(h, topGrantEmpty, t.Arb.GntValidO && !x.DropAckO)
		hit(h, topFreeEmpty, x.FreeO() == 0)
		hit(h, topNegAlpha, neg)
	} else {
		hit(h, topResetBusy, x.FreeO() < uint32(t.P.B))
	}
	if g.onEval != nil {
		g.onEval()
	}
	out[g.ready] = b2w(x.EnqReadyO)
	out[g.valid] = b2w(x.DropAckO)
	out[g.qid] = uint32(t.Arb.GntIdxO)
	t.Commit()
}
