package runner

import (
	"context"
	"fmt"

	"occamy/testbench/design"
)

// ProbeCycles is how many cycles the latency hint looks at.
const ProbeCycles = 1000

// latencyProbe records the first cycles of a run (inputs, both sides'
// outputs unaligned) so that, when an output differs, the latencies at
// which it would have matched can be tried afterwards: a declaration that
// contradicts the design (a latency that makes every cycle differ) is
// then reported as such instead of as a wall of differences.
type latencyProbe struct {
	n, cap        int
	iw, ow, nx    int
	in, gold, rtl []uint32
	x             []bool
	reset         []bool
	lastReset     []int64
}

func newLatencyProbe(s *session, cycles int) *latencyProbe {
	l := &s.canon
	return &latencyProbe{cap: cycles, iw: l.InWords, ow: l.OutWords, nx: len(l.Outputs),
		in: make([]uint32, cycles*l.InWords), gold: make([]uint32, cycles*l.OutWords), rtl: make([]uint32, cycles*l.OutWords),
		x: make([]bool, cycles*len(l.Outputs)), reset: make([]bool, cycles), lastReset: make([]int64, cycles)}
}

func (p *latencyProbe) record(c uint64, in, gold, rtl []uint32, x []bool) {
	if p.n >= p.cap || int(c) != p.n {
		return
	}
	k := p.n
	copy(p.in[k*p.iw:], in)
	copy(p.gold[k*p.ow:], gold)
	copy(p.rtl[k*p.ow:], rtl)
	for i := 0; i < p.nx; i++ {
		p.x[k*p.nx+i] = x != nil && x[i]
	}
	p.n++
}

// score compares output o over the recorded cycles as eqCheck would with
// the output at latency lat: the cycles compared and those that differ.
func (p *latencyProbe) score(e *eqCheck, o, lat int) (cmp, diff int) {
	s, l, d := e.s, e.l, e.d
	sh := lat - (d.lat[o] - d.shift[o]) // the shift from the reference's latency
	armed := e.armedStart
	last := int64(-1)
	word := func(buf []uint32, c, i int) []uint32 {
		return buf[c*p.ow+l.OutOff[i] : c*p.ow+l.OutOff[i]+l.Outputs[i].Words()]
	}
	zero := make([]uint32, l.Outputs[o].Words())
	at := func(buf []uint32, c, i int) []uint32 {
		if c < 0 {
			return zero[:l.Outputs[i].Words()]
		}
		return word(buf, c, i)
	}
	for t := 0; t < p.n; t++ {
		wasArmed := armed
		if s.resetIn(p.in[t*p.iw : (t+1)*p.iw]) {
			last, armed = int64(t), true
		}
		if !wasArmed || abs(sh) > 0 && int64(t)-last <= int64(abs(sh)) {
			continue
		}
		if v := d.valid[o]; v >= 0 {
			if vs := d.shift[v]; at(p.gold, t-max(vs, 0), v)[0]&1 == 0 {
				continue
			}
		}
		cmp++
		g, r := at(p.gold, t-max(sh, 0), o), at(p.rtl, t-max(-sh, 0), o)
		rx := t-max(-sh, 0) >= 0 && p.x[(t-max(-sh, 0))*p.nx+o]
		same := !rx
		for k := range g {
			same = same && g[k] == r[k]
		}
		if !same {
			diff++
		}
	}
	return cmp, diff
}

// hints says, for each output that differs at its declared latency in the
// recorded cycles, the latency at which it would match.
func (p *latencyProbe) hints(e *eqCheck) []string {
	var out []string
	for o := 0; o < e.nOut; o++ {
		name := e.l.Outputs[o].Name
		lat := e.d.lat[o]
		cmp, diff := p.score(e, o, lat)
		if diff == 0 || cmp < MinHintCycles {
			continue
		}
		best, bestCmp := -1, 0
		for cand := 0; cand <= min(MaxHintLatency, max(lat, lat-e.d.shift[o])+3); cand++ {
			if cand == lat {
				continue
			}
			c, d := p.score(e, o, cand)
			if c >= MinHintCycles && d == 0 && (best < 0 || abs(cand-lat) < abs(best-lat)) {
				best, bestCmp = cand, c
			}
		}
		if best < 0 {
			continue
		}
		what := fmt.Sprintf("%s differs in %d of the first %d compared cycles at latency %d", name, diff, cmp, lat)
		if diff == cmp {
			what = fmt.Sprintf("every compared cycle of %s differs at latency %d (the first %d)", name, lat, cmp)
		}
		out = append(out, fmt.Sprintf("%s; at latency %d the first %d match: is the declared latency right? (--latency %s=%d)",
			what, best, bestCmp, name, best))
	}
	return out
}

// MinHintCycles is how many compared cycles a hint needs on each side:
// a short run (a counterexample's replay) says too little.
const MinHintCycles = 16

// MaxHintLatency is the largest latency the hint tries.
const MaxHintLatency = 16

// latencyHint runs the first ProbeCycles cycles again after a difference
// in the user's design (equality), counting every difference, and notes
// each output that would match at another latency than the declared one
// (the reference's, without a design file).
func (s *session) latencyHint(ctx context.Context, res *Result) {
	if res.Mismatch == nil || !s.user || s.sub != nil || s.decl != nil && s.decl.props || res.Interrupted {
		return
	}
	t := *s
	t.opt.VCDDir, t.opt.Progress, t.opt.Batch = "", nil, t.sim.Caps().InProcess
	t.cycles = min(s.cycles, ProbeCycles)
	if t.decl == nil {
		f := &design.File{}
		t.opt.Design = f
		d, err := t.newDecl()
		if err != nil {
			return
		}
		t.decl = d
	}
	dc := *t.decl
	dc.keepGoing = true
	t.decl = &dc
	e := t.newEqCheck()
	e.probe = newLatencyProbe(&t, int(t.cycles))
	var err error
	if t.sim.Caps().InProcess {
		err = t.runCheck(ctx, &Result{}, e)
	} else {
		err = t.runFilesCheck(ctx, &Result{}, e)
	}
	if err != nil {
		return
	}
	res.Notes = append(res.Notes, e.probe.hints(e)...)
}
