package tm

import (
	"fmt"
	"math/bits"
	"occamy/testbench/blocks"

	hw "occamy/hw/tm"
	"occamy/rtl/pack"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// gold is the golden adapter of occamy_tm over hw/tm. The model is built
// (hw.New) from the cfg_* inputs while rst_ni is low and then stepped one
// cycle per cycle out of reset: the valid ingress slots are offered in slot
// order (Config.MaxOffers = IN), and every output is filled every cycle
// from TM.Outputs and TM.Probe: qlen_o and free_o are the registers at the
// start of the cycle (Probe before Eval; the free count, negative while
// pushout-ports' admitted cells wait for room, is free_o = max(free, 0)
// and wait_o = max(-free, 0)), the others what Eval did. Idle
// egress lanes, an idle head-drop output and refused or idle slots read 0.
// While rst_ni is low every output shows the reset state (free_o = B).
type gold struct {
	base  hw.Config // structural fields; the run-time ones come from cfg_*
	sh    Shape
	m     *hw.TM
	live  bool // out of reset since the model was built or the last reset cycle
	fresh bool // the model is in its reset state (built, never evaluated)

	cfg, built *Cfg
	cfgIn      *stimulus.Bind
	cfgSpan    [2]int   // the input words holding every cfg_* port
	cfgWords   []uint32 // their values at the last decode
	cfgSeen    bool     // cfgWords holds a decode
	cfgEq      bool     // built equals cfg
	slots      *Slots
	rst        int

	inOK, egV, egQ, egT, hdV, hdQ, hdC, qlen, free, wait [2]int
	use                                                  [6]int      // pd rd, pd wr, cp rd, cp wr, cd rd, cd wr
	cells, qids                                          []int       // this cycle's offers
	qpre                                                 []uint32    // the start-of-cycle lengths after eval's Eval (the model's qlen_q, set when it is built)
	qw                                                   int         // words of a queue bitmap (Probe.QlenChg) that hold the N queues
	qlenW, qlenLast                                      []uint32    // qlen_o's words, packed from qlenLast
	qlenAll                                              bool        // qlenLast may differ anywhere (a new model), not only in probe.QlenChg
	egQL, egTL                                           []pack.Lane // each port's field of eg_qid_o and eg_tag_o

	probe  hw.Probe // after Eval, reused each cycle
	err    error
	cycle  uint64
	hits   []uint64
	cov    tmCov
	onEval func()
}

func newGold(c hw.Config, sh Shape, l *port.Layout) (*gold, error) {
	v, err := NewCfg(c)
	if err != nil {
		return nil, err
	}
	g := &gold{base: c, sh: sh, cfg: v, cells: make([]int, sh.IN), qids: make([]int, sh.IN),
		hits: make([]uint64, len(tmCover))}
	if g.cfgIn, err = stimulus.NewBind(l, true, v.Wires()...); err != nil {
		return nil, err
	}
	if g.slots, err = NewSlots(l, sh); err != nil {
		return nil, err
	}
	s := blocks.Slot{L: l}
	g.rst = s.In("rst_ni")
	g.cfgSpan = [2]int{l.InWords, 0}
	for _, w := range v.Wires() {
		sp := s.InSpan(w.Name)
		g.cfgSpan = [2]int{min(g.cfgSpan[0], sp[0]), max(g.cfgSpan[1], sp[1])}
	}
	g.cfgWords = make([]uint32, g.cfgSpan[1]-g.cfgSpan[0])
	for _, o := range []struct {
		span *[2]int
		name string
	}{{&g.inOK, "in_ok_o"}, {&g.egV, "eg_valid_o"}, {&g.egQ, "eg_qid_o"}, {&g.egT, "eg_tag_o"},
		{&g.hdV, "hd_valid_o"}, {&g.hdQ, "hd_qid_o"}, {&g.hdC, "hd_cells_o"}, {&g.qlen, "qlen_o"}, {&g.free, "free_o"}, {&g.wait, "wait_o"}} {
		*o.span = s.OutSpan(o.name)
	}
	g.qlenW, g.qlenLast = make([]uint32, g.qlen[1]-g.qlen[0]), make([]uint32, sh.N)
	g.qw = (sh.N + 63) / 64
	g.egQL, g.egTL = make([]pack.Lane, c.P), make([]pack.Lane, c.P)
	for p := range c.P {
		g.egQL[p], g.egTL[p] = pack.LaneOf(p, sh.IW), pack.LaneOf(p, sh.TagW())
	}
	for i, name := range []string{"pd_rd_o", "pd_wr_o", "cp_rd_o", "cp_wr_o", "cd_rd_o", "cd_wr_o"} {
		g.use[i] = s.Out(name)
	}
	g.cov.init(c, sh)
	return g, nil
}

// Err is the first contract violation of the inputs or modelling error.
func (g *gold) Err() error {
	if g.err != nil {
		return g.err
	}
	if g.m != nil {
		return g.m.Err()
	}
	return nil
}

func (g *gold) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// reset builds the model for the configuration on the cfg_* inputs, in a
// reset cycle after the first (the model then is the reset state).
func (g *gold) reset() {
	if g.m != nil && g.fresh && g.built.Equal(g.cfg) {
		return
	}
	c := g.base
	if err := g.cfg.Apply(&c); err != nil {
		g.fail(fmt.Errorf("cycle %d: %w", g.cycle, err))
		return
	}
	c.MaxOffers = g.sh.IN
	m, err := hw.New(c)
	if err != nil {
		g.fail(fmt.Errorf("cycle %d: the cfg_* inputs: %w", g.cycle, modelErr(err)))
		return
	}
	g.m, g.live, g.fresh, g.built, g.cfgEq = m, false, true, g.cfg.Clone(), true
	g.qlenAll = true
	g.qpre = m.SampledLengths() // fixed for the model's life
	g.cov.reset(m.Config())
}

// Step implements Golden.
func (g *gold) Step(in, out []uint32) {
	defer func() { g.cycle++ }()
	clear(out)
	g.decodeCfg(in)
	rst := in[g.rst]&1 == 0
	if rst && !g.live {
		g.reset()
		pack.PutUint64(out[g.free[0]:g.free[1]], uint64(g.base.B))
		if g.onEval != nil {
			g.onEval()
		}
		return
	}
	if g.m == nil {
		g.fail(fmt.Errorf("cycle %d: rst_ni released before any reset cycle", g.cycle))
		return
	}
	if !rst && !g.live {
		if !g.fresh {
			g.reset() // a one-cycle reset: the edge reset the model
		}
		g.live, g.fresh = true, false
	}
	m := g.m
	if !g.cfgEq {
		g.fail(fmt.Errorf("cycle %d: a cfg_* input changed out of reset (the configuration is held from reset on; it may change from the second reset cycle)", g.cycle))
	}
	g.eval(in, out, rst)
	if g.onEval != nil {
		g.onEval()
	}
	if rst {
		// The first reset cycle of a busy TM: its outputs are a normal
		// cycle's (the reset is synchronous); the edge then resets, which
		// the next reset cycle rebuilds.
		blocks.Hit(g.hits, tmResetBusy, g.cov.pkts > 0)
		g.live = false
		return
	}
	m.Commit()
}

// decodeCfg decodes the cfg_* inputs into cfg, and compares it with the
// built configuration, only when their words changed since the last
// decode: they are held from reset on, so nearly every cycle skips both.
func (g *gold) decodeCfg(in []uint32) {
	w := in[g.cfgSpan[0]:g.cfgSpan[1]]
	if g.cfgSeen && pack.NextDiff(w, g.cfgWords, 0) < 0 {
		return
	}
	g.cfgIn.Decode(in)
	copy(g.cfgWords, w)
	g.cfgSeen = true
	g.cfgEq = g.built != nil && g.built.Equal(g.cfg)
}

// packQlen writes qlen_o: the packed image of the queue lengths is kept
// between cycles and only the queues the last cycle wrote (a few, in the
// last Probe's QlenChg) are packed again; every queue after the model was
// built.
func (g *gold) packQlen(out, qlen []uint32) {
	last := g.qlenLast
	qlen = qlen[:len(last)]
	put := func(q int) {
		pack.Put(g.qlenW, q, g.base.QW, uint64(qlen[q]))
		last[q] = qlen[q]
	}
	if g.qlenAll {
		for q := pack.NextDiff(qlen, last, 0); q >= 0; q = pack.NextDiff(qlen, last, q+1) {
			put(q)
		}
		g.qlenAll = false
	} else {
		for w, word := range g.probe.QlenChg[:g.qw] {
			for ; word != 0; word &= word - 1 {
				if q := w<<6 | bits.TrailingZeros64(word); q < len(last) && qlen[q] != last[q] {
					put(q)
				}
			}
		}
	}
	copy(out, g.qlenW)
}

// eval offers the valid slots, evaluates the model and fills every output.
func (g *gold) eval(in, out []uint32, rst bool) {
	m := g.m
	qlen, freePre := m.Registers()
	g.packQlen(out[g.qlen[0]:g.qlen[1]], qlen)
	pack.PutUint64(out[g.free[0]:g.free[1]], uint64(max(freePre, 0)))
	pack.PutUint64(out[g.wait[0]:g.wait[1]], uint64(max(-freePre, 0)))
	n, packed := g.slots.Valid(in)
	if !packed {
		g.fail(fmt.Errorf("cycle %d: in_valid_i has a valid slot after an idle one (slots are packed from 0)", g.cycle))
	}
	if rst && n > 0 {
		g.fail(fmt.Errorf("cycle %d: a slot offered while rst_ni is low", g.cycle))
	}
	for i := 0; i < n; i++ {
		q, cells := g.slots.Slot(in, i)
		g.qids[i], g.cells[i] = q, cells
		m.Offer(hw.Arrival{Queue: q, Cells: cells})
	}
	m.Eval()
	o := m.Outputs()
	okw := out[g.inOK[0]:g.inOK[1]]
	for i := 0; i < o.NIn; i++ {
		if o.InOK[i] {
			okw[i>>5] |= 1 << uint(i&31)
		}
	}
	out[g.egV[0]] = o.EgValid
	egQ, egT := out[g.egQ[0]:g.egQ[1]], out[g.egT[0]:g.egT[1]]
	for eg := o.EgValid; eg != 0; eg &= eg - 1 {
		pp := bits.TrailingZeros32(eg)
		g.egQL[pp].Or(egQ, uint64(o.EgQid[pp]))
		g.egTL[pp].Or(egT, g.sh.Tag(o.EgTag[pp]))
	}
	if o.HDValid {
		out[g.hdV[0]] = 1
		pack.PutUint64(out[g.hdQ[0]:g.hdQ[1]], uint64(o.HDQid))
		pack.PutUint64(out[g.hdC[0]:g.hdC[1]], uint64(o.HDCells))
	}
	p := &g.probe
	m.ProbeInto(p)
	u := &g.use
	out[u[0]], out[u[1]] = uint32(p.Ports[hw.MemPD].Reads), uint32(p.Ports[hw.MemPD].Writes)
	out[u[2]], out[u[3]] = uint32(p.Ports[hw.MemCP].Reads), uint32(p.Ports[hw.MemCP].Writes)
	out[u[4]], out[u[5]] = uint32(p.Ports[hw.MemCD].Reads), uint32(p.Ports[hw.MemCD].Writes)
	g.cov.cycle(g, m, p, o, n, freePre)
}
