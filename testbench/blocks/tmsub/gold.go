package tmsub

import (
	"fmt"
	"sort"

	"occamy/rtl/pack"

	hw "occamy/hw/tm"
	"occamy/rtl/port"
)

// gold is the one golden adapter of every sub-block face: a cycle moves
// the input words into the Go sub-block's port fields (codecs resolved
// once, at newGold), runs its Eval phases in the top's order, counts the
// coverpoints, moves its output fields into words, and ends with the
// rising edge: Commit, or with rst_ni low Reset (the sub-block in its
// reset state, its configuration from its configuration inputs).
type gold struct {
	u         *hw.Unit
	ins, outs []codec
	rst       int // rst_ni's word
	hits      []uint64
	cover     func(h []uint64)
	onEval    func()
	err       error // the sub-block's first misuse, kept across resets
	cycle     uint64
	idle      []idleRule
}

// idleRule zeroes the entries of an output its qualifier leaves out: the
// module drives 0 there, where the Go sub-block leaves what it last drove
// or mem.Nil, which no consumer reads. The qualifier is a port (an
// output, or an input such as rd_i) of one entry per entry of the output
// (an enable bit, a count: the entry is meaningful where the qualifier's
// is not 0), or of one entry for all.
type idleRule struct {
	x       [2]int // the output's words
	ew, n   int    // its entries and their width
	q       [2]int // the qualifier's words
	qIn     bool   // the qualifier is an input
	qw, per int    // the qualifier's entry width; 1 when it has an entry per entry
}

// apply zeroes the entries of out the qualifier leaves out.
func (r *idleRule) apply(in, out []uint32) {
	qs := out
	if r.qIn {
		qs = in
	}
	x, q := out[r.x[0]:r.x[1]], qs[r.q[0]:r.q[1]]
	for i := 0; i < r.n; i++ {
		if pack.GetWide(q, i*r.per, r.qw) == 0 {
			pack.PutWide(x, i, r.ew, 0)
		}
	}
}

func newGold(u *hw.Unit, l *port.Layout, hits []uint64, cover func(h []uint64), idle map[string]string) (*gold, error) {
	g := &gold{u: u, hits: hits, cover: cover, rst: -1}
	var err error
	if g.ins, err = codecsOf(u.Ports, u.Ports, u.SubBlock, l, port.In); err != nil {
		return nil, err
	}
	if g.outs, err = codecsOf(u.Ports, u.Ports, u.SubBlock, l, port.Out); err != nil {
		return nil, err
	}
	if i := l.Input(port.DefaultReset); i >= 0 {
		g.rst = l.InOff[i]
	}
	if g.rst < 0 {
		return nil, fmt.Errorf("%s: the layout has no %s", u.Module, port.DefaultReset)
	}
	for _, x := range sortedIdle(idle) {
		r, err := g.idleRule(l, x, idle[x])
		if err != nil {
			return nil, err
		}
		g.idle = append(g.idle, r)
	}
	return g, nil
}

// Step implements blocks.Golden.
func (g *gold) Step(in, out []uint32) {
	for i := range g.ins {
		c := &g.ins[i]
		c.get(in[c.off : c.off+c.words])
	}
	for _, ph := range g.u.Phases {
		ph()
	}
	rst := in[g.rst]&1 == 0
	if !rst && g.cover != nil {
		g.cover(g.hits)
	}
	if g.onEval != nil {
		g.onEval()
	}
	for i := range g.outs {
		c := &g.outs[i]
		c.put(out[c.off : c.off+c.words])
	}
	for i := range g.idle {
		g.idle[i].apply(in, out)
	}
	if rst {
		g.keepErr()
		g.u.Reset()
	} else {
		g.u.Commit()
	}
	g.cycle++
}

// idleRule is the rule zeroing output x's entries that qualifier en
// leaves out.
func (g *gold) idleRule(l *port.Layout, x, en string) (idleRule, error) {
	xi, ei := l.Output(x), l.Output(en)
	qs, qoff := l.Outputs, l.OutOff
	r := idleRule{n: 1}
	if ei < 0 {
		ei, qs, qoff, r.qIn = l.Input(en), l.Inputs, l.InOff, true
	}
	if xi < 0 || ei < 0 {
		return idleRule{}, fmt.Errorf("%s: idle rule %s by %s: no such port", g.u.Module, x, en)
	}
	for _, c := range g.outs {
		if c.name == x && c.n > 0 {
			r.n = c.n
		}
	}
	w, qw := l.Outputs[xi].Width, qs[ei].Width
	switch {
	case w%r.n != 0 || qw > 64*r.n:
		return idleRule{}, fmt.Errorf("%s: idle rule %s by %s: %d bits are no %d entries, or %d qualifier bits too many", g.u.Module, x, en, w, r.n, qw)
	case qw%r.n == 0:
		r.qw, r.per = qw/r.n, 1
	case qw <= 64:
		r.qw, r.per = qw, 0 // one qualifier for every entry
	default:
		return idleRule{}, fmt.Errorf("%s: idle rule %s by %s: %d qualifier bits for %d entries", g.u.Module, x, en, qw, r.n)
	}
	r.ew = w / r.n
	r.x = [2]int{l.OutOff[xi], l.OutOff[xi] + l.Outputs[xi].Words()}
	r.q = [2]int{qoff[ei], qoff[ei] + qs[ei].Words()}
	return r, nil
}

func sortedIdle(m map[string]string) []string {
	k := make([]string, 0, len(m))
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}

// keepErr keeps the sub-block's first misuse before a reset rebuilds it.
func (g *gold) keepErr() {
	if g.err == nil {
		if err := g.u.Err(); err != nil {
			g.err = fmt.Errorf("before the reset of cycle %d: %w", g.cycle, err)
		}
	}
}

// Err is the sub-block's first misuse (what its Verilog asserts).
func (g *gold) Err() error {
	g.keepErr()
	return g.err
}
