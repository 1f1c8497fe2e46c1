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

	cfg    cfgWatch // the cfg_* inputs and the configuration built from them
	slots  *Slots
	rst    int                   // rst_ni's word
	out    outPorts              // where each output goes
	qlen   qlenPack              // qlen_o, packed incrementally
	offers *hw.OfferRing[offers] // the valid slots of the last hw.AdmitLag+1 cycles

	probe  hw.Probe  // after Eval, reused each cycle
	use    [6]uint32 // the port-use counts of the cycle before: occamy_tm's registered pd_rd_o .. cd_wr_o
	err    error
	cycle  uint64
	hits   []uint64
	cov    cov
	onEval func()
}

// cfgWatch decodes the cfg_* inputs, only when their words change.
type cfgWatch struct {
	cfg, built *Cfg
	bind       *stimulus.Bind
	span       [2]int   // the input words holding every cfg_* port
	words      []uint32 // their values at the last decode
	seen       bool     // words holds a decode
	eq         bool     // built equals cfg
}

// outPorts are the output ports' words [off, off+words) in a cycle's
// outputs, and each egress port's field of eg_qid_o and eg_tag_o.
type outPorts struct {
	inOK, egV, egQ, egT, hdV, hdQ, hdC, qlen, free, wait [2]int
	use                                                  [6]int // pd rd, pd wr, cp rd, cp wr, cd rd, cd wr
	egQL, egTL                                           []pack.Lane
}

// qlenPack keeps qlen_o's packed words between cycles.
type qlenPack struct {
	pre   []uint32 // the start-of-cycle lengths after eval's Eval (the model's qlen_q, set when it is built)
	qw    int      // words of a queue bitmap (Probe.QlenChg) that hold the N queues
	w     []uint32 // qlen_o's words, packed from last
	last  []uint32
	dirty bool // last may differ anywhere (a new model), not only in probe.QlenChg
}

// offers are one cycle's valid ingress slots.
type offers struct {
	n           int
	cells, qids []int
}

func newGold(c hw.Config, sh Shape, l *port.Layout) (*gold, error) {
	v, err := NewCfg(c)
	if err != nil {
		return nil, err
	}
	g := &gold{base: c, sh: sh, cfg: cfgWatch{cfg: v}, offers: hw.NewOfferRing[offers](hw.AdmitLag),
		hits: make([]uint64, len(tmCover))}
	g.offers.Each(func(o *offers) { o.cells, o.qids = make([]int, sh.IN), make([]int, sh.IN) })
	if g.cfg.bind, err = stimulus.NewBind(l, true, v.Wires()...); err != nil {
		return nil, err
	}
	if g.slots, err = NewSlots(l, sh); err != nil {
		return nil, err
	}
	s := blocks.Slot{L: l}
	g.rst = s.In("rst_ni")
	g.cfg.span = [2]int{l.InWords, 0}
	for _, w := range v.Wires() {
		sp := s.InSpan(w.Name)
		g.cfg.span = [2]int{min(g.cfg.span[0], sp[0]), max(g.cfg.span[1], sp[1])}
	}
	g.cfg.words = make([]uint32, g.cfg.span[1]-g.cfg.span[0])
	for _, o := range []struct {
		span *[2]int
		name string
	}{{&g.out.inOK, "in_ok_o"}, {&g.out.egV, "eg_valid_o"}, {&g.out.egQ, "eg_qid_o"}, {&g.out.egT, "eg_tag_o"},
		{&g.out.hdV, "hd_valid_o"}, {&g.out.hdQ, "hd_qid_o"}, {&g.out.hdC, "hd_cells_o"}, {&g.out.qlen, "qlen_o"},
		{&g.out.free, "free_o"}, {&g.out.wait, "wait_o"}} {
		*o.span = s.OutSpan(o.name)
	}
	g.qlen.w, g.qlen.last = make([]uint32, g.out.qlen[1]-g.out.qlen[0]), make([]uint32, sh.N)
	g.qlen.qw = (sh.N + 63) / 64
	g.out.egQL, g.out.egTL = make([]pack.Lane, c.P), make([]pack.Lane, c.P)
	for p := range c.P {
		g.out.egQL[p], g.out.egTL[p] = pack.LaneOf(p, sh.IW), pack.LaneOf(p, sh.TagW())
	}
	for i, name := range []string{"pd_rd_o", "pd_wr_o", "cp_rd_o", "cp_wr_o", "cd_rd_o", "cd_wr_o"} {
		g.out.use[i] = s.Out(name)
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
	if g.m != nil && g.fresh && g.cfg.built.Equal(g.cfg.cfg) {
		return
	}
	c := g.base
	if err := g.cfg.cfg.Apply(&c); err != nil {
		g.fail(fmt.Errorf("cycle %d: %w", g.cycle, err))
		return
	}
	c.MaxOffers = g.sh.IN
	m, err := hw.New(c)
	if err != nil {
		g.fail(fmt.Errorf("cycle %d: the cfg_* inputs: %w", g.cycle, modelErr(err)))
		return
	}
	g.m, g.live, g.fresh, g.cfg.built, g.cfg.eq = m, false, true, g.cfg.cfg.Clone(), true
	g.qlen.dirty = true
	g.qlen.pre = m.SampledLengths()            // fixed for the model's life
	g.offers.Each(func(o *offers) { o.n = 0 }) // the offers before the reset are never answered
	g.cov.reset(m.Config())
}

// Step implements Golden.
func (g *gold) Step(in, out []uint32) {
	defer func() { g.cycle++ }()
	clear(out)
	g.decodeCfg(in)
	rst := in[g.rst]&1 == 0
	if rst && !g.live {
		g.use = [6]uint32{} // use_q resets
		g.reset()
		pack.PutUint64(out[g.out.free[0]:g.out.free[1]], uint64(g.base.B))
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
	if !g.cfg.eq {
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
		g.live, g.use = false, [6]uint32{}
		return
	}
	m.Commit()
}

// decodeCfg decodes the cfg_* inputs into cfg, and compares it with the
// built configuration, only when their words changed since the last
// decode: they are held from reset on, so nearly every cycle skips both.
func (g *gold) decodeCfg(in []uint32) {
	c := &g.cfg
	w := in[c.span[0]:c.span[1]]
	if c.seen && pack.NextDiff(w, c.words, 0) < 0 {
		return
	}
	c.bind.Decode(in)
	copy(c.words, w)
	c.seen = true
	c.eq = c.built != nil && c.built.Equal(c.cfg)
}

// packQlen writes qlen_o: the packed image of the queue lengths is kept
// between cycles and only the queues the last cycle wrote (a few, in the
// last Probe's QlenChg) are packed again; every queue after the model was
// built.
func (g *gold) packQlen(out, qlen []uint32) {
	k := &g.qlen
	last := k.last
	qlen = qlen[:len(last)]
	put := func(q int) {
		pack.Put(k.w, q, g.base.QW, uint64(qlen[q]))
		last[q] = qlen[q]
	}
	if k.dirty {
		for q := pack.NextDiff(qlen, last, 0); q >= 0; q = pack.NextDiff(qlen, last, q+1) {
			put(q)
		}
		k.dirty = false
	} else {
		for w, word := range g.probe.QlenChg[:k.qw] {
			for ; word != 0; word &= word - 1 {
				if q := w<<6 | bits.TrailingZeros64(word); q < len(last) && qlen[q] != last[q] {
					put(q)
				}
			}
		}
	}
	copy(out, k.w)
}

// eval offers the valid slots, evaluates the model and fills every output.
func (g *gold) eval(in, out []uint32, rst bool) {
	m, op := g.m, &g.out
	qlen, freePre := m.Registers()
	g.packQlen(out[op.qlen[0]:op.qlen[1]], qlen)
	pack.PutUint64(out[op.free[0]:op.free[1]], uint64(max(freePre, 0)))
	pack.PutUint64(out[op.wait[0]:op.wait[1]], uint64(max(-freePre, 0)))
	n, packed := g.slots.Valid(in)
	if !packed {
		g.fail(fmt.Errorf("cycle %d: in_valid_i has a valid slot after an idle one (slots are packed from 0)", g.cycle))
	}
	if rst && n > 0 {
		g.fail(fmt.Errorf("cycle %d: a slot offered while rst_ni is low", g.cycle))
	}
	now := g.offers.Now()
	now.n = n
	for i := 0; i < n; i++ {
		q, cells := g.slots.Slot(in, i)
		now.qids[i], now.cells[i] = q, cells
		m.Offer(hw.Arrival{Queue: q, Cells: cells})
	}
	m.Eval()
	o := m.Outputs()
	ans := g.offers.Answered() // the slots in_ok_o answers
	g.offers.Next()
	if o.NIn != ans.n {
		g.fail(fmt.Errorf("cycle %d: hw/tm answered %d slots; %d were offered hw/tm.AdmitLag=%d cycles before", g.cycle, o.NIn, ans.n, hw.AdmitLag))
	}
	okw := out[op.inOK[0]:op.inOK[1]]
	for i := 0; i < o.NIn; i++ {
		if o.InOK[i] {
			okw[i>>5] |= 1 << uint(i&31)
		}
	}
	out[op.egV[0]] = o.EgValid
	egQ, egT := out[op.egQ[0]:op.egQ[1]], out[op.egT[0]:op.egT[1]]
	for eg := o.EgValid; eg != 0; eg &= eg - 1 {
		pp := bits.TrailingZeros32(eg)
		op.egQL[pp].Or(egQ, uint64(o.EgQid[pp]))
		op.egTL[pp].Or(egT, g.sh.Tag(o.EgTag[pp]))
	}
	if o.HDValid {
		out[op.hdV[0]] = 1
		pack.PutUint64(out[op.hdQ[0]:op.hdQ[1]], uint64(o.HDQid))
		pack.PutUint64(out[op.hdC[0]:op.hdC[1]], uint64(o.HDCells))
	}
	p := &g.probe
	m.ProbeInto(p)
	// The port use goes out registered (issue 29, usereg): the cycle
	// before's now, this cycle's next (0 after a reset's edge: Step).
	u, was := &op.use, &g.use
	for i := range u {
		out[u[i]] = was[i]
	}
	was[0], was[1] = uint32(p.Ports[hw.MemPD].Reads), uint32(p.Ports[hw.MemPD].Writes)
	was[2], was[3] = uint32(p.Ports[hw.MemCP].Reads), uint32(p.Ports[hw.MemCP].Writes)
	was[4], was[5] = uint32(p.Ports[hw.MemCD].Reads), uint32(p.Ports[hw.MemCD].Writes)
	g.cov.cycle(g, m, p, o, ans, n, freePre)
}
