package runner

import (
	"fmt"

	"occamy/cosim"
	"occamy/hw/arbiter"
	"occamy/hw/executor"
	"occamy/hw/expulsion"
	"occamy/hw/selector"
	"occamy/hw/threshold"
	"occamy/rtl"
	"occamy/testbench/stimulus"
)

// golden is a Go golden model behind word arrays in the block's contract
// layout.
type golden interface {
	// step runs one cycle: inputs from in, Eval, outputs into out (all
	// OutWords of them), Commit.
	step(in, out []uint32)
}

// slot finds ports by name in a layout.
type slot struct {
	l *cosim.Layout
}

func (s slot) in(name string) int {
	i := s.l.Input(name)
	if i < 0 {
		panic(fmt.Sprintf("runner: contract layout has no input %s", name))
	}
	return s.l.InOff[i]
}

func (s slot) out(name string) int {
	i := s.l.Output(name)
	if i < 0 {
		panic(fmt.Sprintf("runner: contract layout has no output %s", name))
	}
	return s.l.OutOff[i]
}

// thresholdGold wraps hw/threshold.
type thresholdGold struct {
	u                *threshold.Unit
	free, alpha, thr int
	aWords, tWords   int
	alphaBuf         []uint32
	qwMask           uint32
}

func newThresholdGold(p threshold.Params, l *cosim.Layout) (*thresholdGold, error) {
	u, err := threshold.New(p)
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &thresholdGold{u: u, free: s.in("free_i"), alpha: s.in("alpha_i"), thr: s.out("thr_o"),
		aWords: cosim.WordsFor(p.C * p.AW), tWords: cosim.WordsFor(p.C * p.QW),
		alphaBuf: make([]uint32, p.C), qwMask: uint32(rtl.Width(p.QW).Mask())}, nil
}

func (g *thresholdGold) step(in, out []uint32) {
	u := g.u
	u.FreeI = in[g.free] & g.qwMask
	unpack(g.alphaBuf, in[g.alpha:g.alpha+g.aWords], u.P.C, u.P.AW)
	for c, a := range g.alphaBuf {
		u.AlphaI[c] = int8(uint8(a))
	}
	u.Eval()
	pack(out[g.thr:g.thr+g.tWords], u.ThrO, u.P.C, u.P.QW)
	u.Commit()
}

// selectorGold wraps hw/selector.
type selectorGold struct {
	s                    *selector.Selector
	rst, qlen, thr, over int
	qWords, oWords       int
}

func newSelectorGold(p selector.Params, l *cosim.Layout) (*selectorGold, error) {
	m, err := selector.New(p)
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &selectorGold{s: m, rst: s.in("rst_ni"), qlen: s.in("qlen_i"), thr: s.in("thr_i"), over: s.out("over_o"),
		qWords: cosim.WordsFor(p.N * p.QW), oWords: cosim.WordsFor(p.N)}, nil
}

func (g *selectorGold) eval(in []uint32) {
	m := g.s
	m.RstNI = bit(in[g.rst])
	if m.P.QW == 16 {
		unpack16(m.QlenI, in[g.qlen:g.qlen+g.qWords])
		unpack16(m.ThrI, in[g.thr:g.thr+g.qWords])
	} else {
		unpack(m.QlenI, in[g.qlen:g.qlen+g.qWords], m.P.N, m.P.QW)
		unpack(m.ThrI, in[g.thr:g.thr+g.qWords], m.P.N, m.P.QW)
	}
	m.Eval()
}

func (g *selectorGold) step(in, out []uint32) {
	g.eval(in)
	cosim.PutWords64(out[g.over:g.over+g.oWords], g.s.OverO[:])
	g.s.Commit()
}

// arbiterGold wraps hw/arbiter.
type arbiterGold struct {
	a             *arbiter.Arbiter
	rst, req, ack int
	valid, idx    int
	rWords        int
}

func newArbiterGold(p arbiter.Params, l *cosim.Layout) (*arbiterGold, error) {
	a, err := arbiter.New(p)
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &arbiterGold{a: a, rst: s.in("rst_ni"), req: s.in("req_i"), ack: s.in("ack_i"),
		valid: s.out("gnt_valid_o"), idx: s.out("gnt_idx_o"), rWords: cosim.WordsFor(p.N)}, nil
}

func (g *arbiterGold) step(in, out []uint32) {
	a := g.a
	a.RstNI = bit(in[g.rst])
	cosim.Words64(a.ReqI[:], in[g.req:g.req+g.rWords])
	a.AckI = bit(in[g.ack])
	a.Eval()
	out[g.valid] = b2w(a.GntValidO)
	out[g.idx] = uint32(a.GntIdxO)
	a.Commit()
}

// selArbGold is a selector whose register feeds an arbiter (sel_arb_top).
type selArbGold struct {
	sel        *selectorGold
	arb        *arbiter.Arbiter
	ack        int
	valid, idx int
}

func newSelArbGold(p selector.Params, l *cosim.Layout) (*selArbGold, error) {
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

func (g *selArbGold) step(in, out []uint32) {
	g.sel.eval(in)
	a := g.arb
	a.RstNI = g.sel.s.RstNI
	a.ReqI = g.sel.s.OverO
	a.AckI = bit(in[g.ack])
	a.Eval()
	cosim.PutWords64(out[g.sel.over:g.sel.over+g.sel.oWords], g.sel.s.OverO[:])
	out[g.valid] = b2w(a.GntValidO)
	out[g.idx] = uint32(a.GntIdxO)
	g.sel.s.Commit()
	a.Commit()
}

// executorGold wraps hw/executor.
type executorGold struct {
	e                             *executor.Executor
	rst, ev, eq, eop, dv, dq      int
	ready, ack, cells, qlen, free int
	qWords                        int
}

func newExecutorGold(p executor.Params, l *cosim.Layout) (*executorGold, error) {
	e, err := executor.New(p)
	if err != nil {
		return nil, err
	}
	s := slot{l}
	return &executorGold{e: e,
		rst: s.in("rst_ni"), ev: s.in("enq_valid_i"), eq: s.in("enq_qid_i"), eop: s.in("enq_eop_i"),
		dv: s.in("drop_valid_i"), dq: s.in("drop_qid_i"),
		ready: s.out("enq_ready_o"), ack: s.out("drop_ack_o"), cells: s.out("drop_cells_o"),
		qlen: s.out("qlen_o"), free: s.out("free_o"), qWords: cosim.WordsFor(e.P.N * e.P.QW)}, nil
}

func (g *executorGold) step(in, out []uint32) {
	e := g.e
	e.RstNI = bit(in[g.rst])
	e.EnqValidI, e.EnqQidI, e.EnqEopI = bit(in[g.ev]), uint16(in[g.eq]), bit(in[g.eop])
	e.DropValidI, e.DropQidI = bit(in[g.dv]), uint16(in[g.dq])
	e.Eval()
	out[g.ready] = b2w(e.EnqReadyO)
	out[g.ack] = b2w(e.DropAckO)
	out[g.cells] = e.DropCellsO
	pack(out[g.qlen:g.qlen+g.qWords], e.QlenQ(), e.P.N, e.P.QW)
	out[g.free] = e.FreeO()
	e.Commit()
}

// topGold wraps hw/expulsion (occamy_expulsion).
type topGold struct {
	t                 *expulsion.Top
	rst, alpha        int
	ev, eq, eop       int
	ready, valid, qid int
	aWords            int
	alphaBuf          []uint32
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
		aWords: cosim.WordsFor(p.Q * p.AW), alphaBuf: make([]uint32, p.Q)}, nil
}

func (g *topGold) step(in, out []uint32) {
	t := g.t
	t.RstNI = bit(in[g.rst])
	unpack(g.alphaBuf, in[g.alpha:g.alpha+g.aWords], t.P.Q, t.P.AW)
	for c, a := range g.alphaBuf {
		t.AlphaI[c] = int8(uint8(a))
	}
	t.EnqValidI, t.EnqQidI, t.EnqEopI = bit(in[g.ev]), uint16(in[g.eq]), bit(in[g.eop])
	t.Eval()
	out[g.ready] = b2w(t.Exe.EnqReadyO)
	out[g.valid] = b2w(t.Exe.DropAckO)
	out[g.qid] = uint32(t.Arb.GntIdxO)
	t.Commit()
}

// bit reads a 1-bit port.
func bit(w uint32) bool { return w&1 != 0 }

// b2w is a 1-bit port value.
func b2w(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

var (
	unpack = stimulus.Unpack
	pack   = stimulus.Pack
)
