package runner

import (
	"fmt"

	"occamy/rtl/pack"
	"occamy/rtl/port"
)

// cycleCheck judges the cycles of a run under a design file: equality at
// the declared timing (eqCheck) or the block's properties (propCheck).
// Both simulators feed it the same words, so both give the same verdict.
type cycleCheck interface {
	// cycle judges cycle c: its inputs, the golden and the RTL outputs,
	// all in the contract layout (observed signals after the contract's
	// outputs); x marks the RTL outputs holding x or z (a four-state
	// simulator; nil for none). stop: the run ends here (the first
	// difference, without --keep-going).
	cycle(c uint64, in, gold, rtl []uint32, x []bool) (stop bool)
	// finish fills the result once the run has ended.
	finish(res *Result)
}

// newCheck makes the run's cycle check.
func (s *session) newCheck() (cycleCheck, error) {
	if s.decl.props {
		return s.newPropCheck()
	}
	return s.newEqCheck(), nil
}

// delay is a delay line of one output: it hands back the value it took
// depth cycles ago (0 before that).
type delay struct {
	depth, words int
	buf          []uint32
	xs           []bool
	pos          int
}

func newDelay(depth, words int) delay {
	return delay{depth: depth, words: words, buf: make([]uint32, depth*words), xs: make([]bool, depth)}
}

// swap puts w (and its x) in the line and replaces it with the value
// depth cycles old.
func (d *delay) swap(w []uint32, x *bool) {
	if d.depth == 0 {
		return
	}
	old := d.buf[d.pos*d.words : (d.pos+1)*d.words]
	for k := range old {
		w[k], old[k] = old[k], w[k]
	}
	*x, d.xs[d.pos] = d.xs[d.pos], *x
	d.pos++
	if d.pos == d.depth {
		d.pos = 0
	}
}

// traceRing keeps the last rows of a run (inputs and both sides' outputs,
// as checked) for the trace of a difference or a violation.
type traceRing struct {
	iw, ow int
	cyc    []uint64
	in     []uint32
	gold   []uint32
	rtl    []uint32
	x      []bool
	next   int // rows written
	ox     int // outputs per row (x flags)
}

func newTraceRing(rows int, l *port.Layout) *traceRing {
	n := len(l.Outputs)
	return &traceRing{iw: l.InWords, ow: l.OutWords, ox: n, cyc: make([]uint64, rows), in: make([]uint32, rows*l.InWords),
		gold: make([]uint32, rows*l.OutWords), rtl: make([]uint32, rows*l.OutWords), x: make([]bool, rows*n)}
}

// push records one row.
func (t *traceRing) push(c uint64, in, gold, rtl []uint32, x []bool) {
	k := t.next % len(t.cyc)
	t.cyc[k] = c
	copy(t.in[k*t.iw:(k+1)*t.iw], in)
	copy(t.gold[k*t.ow:(k+1)*t.ow], gold)
	copy(t.rtl[k*t.ow:(k+1)*t.ow], rtl)
	xs := t.x[k*t.ox : (k+1)*t.ox]
	for i := range xs {
		xs[i] = x != nil && x[i]
	}
	t.next++
}

// rows returns the recorded rows, oldest first, as trace rows (RTL values
// as text, "x" where a four-state simulator showed x or z).
func (t *traceRing) rows(l *port.Layout) []row {
	n := min(t.next, len(t.cyc))
	var rs []row
	for j := t.next - n; j < t.next; j++ {
		k := j % len(t.cyc)
		r := row{cycle: t.cyc[k], in: append([]uint32(nil), t.in[k*t.iw:(k+1)*t.iw]...),
			gold: append([]uint32(nil), t.gold[k*t.ow:(k+1)*t.ow]...)}
		r.rtl = rtlText(l, t.rtl[k*t.ow:(k+1)*t.ow])
		for i := range r.rtl {
			if t.x[k*t.ox+i] {
				r.rtl[i] = "x"
			}
		}
		rs = append(rs, r)
	}
	return rs
}

// eqCheck compares the RTL with the golden model at the declared timing:
// an output of declared latency L is compared with the reference's value
// delayed by L minus the reference's latency (or the RTL's delayed, when
// the design is faster); an output with a declared valid is not compared
// while the reference's valid is 0. After a reset, an output whose
// latency differs from the reference's by d is not compared for d cycles
// (its pipeline holds the reset's values on one side only).
type eqCheck struct {
	s          *session
	l          *port.Layout
	d          *decl
	nOut       int     // contract outputs (observed ones are not compared)
	dl         []delay // per output: the side delayed
	onGold     []bool  // per output: the golden side is delayed (else the RTL)
	ag, ar     []uint32
	ax         []bool
	armed      bool
	lastReset  int64
	diffs      []uint64 // per output
	cmp        []uint64 // per output: cycles compared
	compared   uint64   // cycles with at least one output compared
	first      []Mismatch
	mismatch   *Mismatch
	ring       *traceRing
	probe      *latencyProbe // records the first cycles for the latency hint, nil when off
	keepGoing  bool
	armedStart bool
}

func (s *session) newEqCheck() *eqCheck {
	l := &s.canon
	d := s.decl
	n := len(d.lat)
	e := &eqCheck{s: s, l: l, d: d, nOut: n, dl: make([]delay, len(l.Outputs)), onGold: make([]bool, len(l.Outputs)),
		ag: make([]uint32, l.OutWords), ar: make([]uint32, l.OutWords), ax: make([]bool, len(l.Outputs)),
		lastReset: -1, diffs: make([]uint64, len(l.Outputs)), cmp: make([]uint64, len(l.Outputs)),
		ring: newTraceRing(s.lines, l), keepGoing: d.keepGoing, armedStart: s.armedAtStart()}
	e.armed = e.armedStart
	for i := 0; i < n; i++ {
		sh := d.shift[i]
		e.onGold[i] = sh > 0
		e.dl[i] = newDelay(abs(sh), l.Outputs[i].Words())
	}
	return e
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (e *eqCheck) cycle(c uint64, in, gold, rtl []uint32, x []bool) bool {
	l := e.l
	copy(e.ag, gold)
	copy(e.ar, rtl)
	for i := range e.ax {
		e.ax[i] = x != nil && x[i]
	}
	for i := 0; i < e.nOut; i++ {
		if e.dl[i].depth == 0 {
			continue
		}
		o, w := l.OutOff[i], l.Outputs[i].Words()
		if e.onGold[i] {
			var nx bool
			e.dl[i].swap(e.ag[o:o+w], &nx)
		} else {
			e.dl[i].swap(e.ar[o:o+w], &e.ax[i])
		}
	}
	if e.probe != nil {
		e.probe.record(c, in, gold, rtl, x)
	}
	e.ring.push(c, in, e.ag, e.ar, e.ax)
	armed := e.armed
	if e.s.resetIn(in) {
		e.lastReset, e.armed = int64(c), true
	}
	if !armed {
		return false
	}
	any, stop := false, false
	for i := 0; i < e.nOut; i++ {
		if sh := abs(e.d.shift[i]); sh > 0 && int64(c)-e.lastReset <= int64(sh) {
			continue
		}
		if v := e.d.valid[i]; v >= 0 && e.ag[l.OutOff[v]]&1 == 0 {
			continue
		}
		any = true
		e.cmp[i]++
		o, w := l.OutOff[i], l.Outputs[i].Words()
		if !e.ax[i] && pack.Equal(e.ag[o:o+w], e.ar[o:o+w]) {
			continue
		}
		e.diffs[i]++
		stop = stop || !e.keepGoing
		if len(e.first) < MaxDifferences {
			m := Mismatch{Cycle: c}
			describePort(&m, l, func(p string) int { return e.s.b.Elem(e.s.p, p) }, i, e.ag, e.ar)
			if e.ax[i] {
				m.RTL, m.Detail = "x", ""
			}
			e.first = append(e.first, m)
		}
		if e.mismatch == nil {
			m := e.first[len(e.first)-1]
			m.Trace = traceLines(l, e.ring.rows(l))
			e.mismatch = &m
		}
	}
	if any {
		e.compared++
	}
	return stop
}

// MaxDifferences is how many differences --keep-going lists (every one is
// counted).
const MaxDifferences = 10

func (e *eqCheck) finish(res *Result) {
	res.Compared = e.compared
	res.Mismatch = e.mismatch
	if !e.keepGoing {
		return
	}
	df := &Differences{}
	for i := 0; i < e.nOut; i++ {
		df.Outputs = append(df.Outputs, OutputDiffs{Output: e.l.Outputs[i].Name, Compared: e.cmp[i], Differ: e.diffs[i]})
		df.Total += e.diffs[i]
	}
	df.First = e.first
	res.Differences = df
}

// Differences are the differences of a --keep-going run: a count per
// output over the whole run and the first MaxDifferences.
type Differences struct {
	Total   uint64        `json:"total"`
	Outputs []OutputDiffs `json:"per_output"`
	First   []Mismatch    `json:"first"`
}

// OutputDiffs is one output's tally: the cycles it was compared in and
// those in which it differed.
type OutputDiffs struct {
	Output   string `json:"output"`
	Compared uint64 `json:"cycles_compared"`
	Differ   uint64 `json:"cycles_differing"`
}

// Lines are the tally and the first differences, one a line.
func (d *Differences) Lines() []string {
	var s []string
	for _, o := range d.Outputs {
		s = append(s, fmt.Sprintf("%s: %d of %d compared cycles differ", o.Output, o.Differ, o.Compared))
	}
	if len(d.First) > 0 {
		s = append(s, fmt.Sprintf("first %d differences:", len(d.First)))
		for i := range d.First {
			s = append(s, "  "+d.First[i].Short())
		}
	}
	return s
}
