package runner

import (
	"fmt"
	"strings"

	"occamy/rtl/port"
	"occamy/testbench/blocks"
)

// Properties is the outcome of a --check properties run: a count per
// property, the first violations and, in Mismatch's trace, the cycles
// around the first.
type Properties struct {
	Props []blocks.PropCount `json:"per_property"`
	First []blocks.Violation `json:"first_violations,omitempty"`
	// Total counts every violation.
	Total uint64 `json:"violations"`
	// XCycles counts the aligned cycles in which an output held x or z
	// (a four-state simulator); they are violations of outputs_known.
	XCycles uint64 `json:"x_cycles,omitempty"`
}

// Lines are the tally and the first violations, one a line.
func (p *Properties) Lines() []string {
	var s []string
	for _, c := range p.Props {
		line := fmt.Sprintf("%-20s %s in %d cycles checked", c.Name, verdictOf(c), c.Checked)
		if c.Stat != "" {
			line += "; " + c.Stat
		}
		s = append(s, line)
	}
	if len(p.First) > 0 {
		s = append(s, fmt.Sprintf("first %d violations:", len(p.First)))
		for _, v := range p.First {
			s = append(s, fmt.Sprintf("  cycle %d: %s: %s", v.Cycle, v.Property, v.What))
		}
	}
	return s
}

func verdictOf(c blocks.PropCount) string {
	switch {
	case c.Violations > 0:
		return fmt.Sprintf("VIOLATED %d times", c.Violations)
	case c.Checked == 0:
		return "vacuous (nothing to check)"
	}
	return "holds"
}

// propCheck runs a block's property checker on aligned cycles. With Lmax
// the largest declared latency, the check at cycle t sees the inputs of
// cycle a = t - Lmax and each output o as it was at a + L(o): the cycle's
// inputs and the outputs they decide, in one row. A row is skipped before
// the first reset, when a reset came between a and t (it cleared a
// pipeline on the way), and when an output holds x or z.
type propCheck struct {
	s         *session
	l         *port.Layout
	chk       blocks.PropChecker
	v         *blocks.Violations
	lmax      int
	lmin      int     // the smallest latency of an output
	inLines   []delay // per input: the largest latency, or its output's (Props.With)
	outLines  []delay
	ia, oa    []uint32
	ox        []bool
	pc        blocks.PropCycle
	lastReset int64
	firstRst  int64
	xIdx      int // index of outputs_known
	xCycles   uint64
	checked   uint64
	ring      *traceRing
	after     int // rows still to record after the first violation
	window    []row
	first     *blocks.Violation
	comb      bool
}

func (s *session) newPropCheck() (*propCheck, error) {
	l := &s.canon
	d := s.decl
	cfg := blocks.PropConfig{Params: s.p, Layout: l, Latency: map[string]int{}, WaitBound: d.f.WaitBound, Observed: d.observe,
		LowestTie: d.f.LowestTie}
	lmax, lmin := 0, MaxHintLatency*8
	lat := make([]int, len(l.Outputs))
	for i, o := range l.Outputs {
		if i < len(d.lat) {
			lat[i] = d.lat[i]
		} else {
			lat[i] = d.obsLatency(s, o.Name)
		}
		cfg.Latency[o.Name] = lat[i]
		lmax, lmin = max(lmax, lat[i]), min(lmin, lat[i])
	}
	chk, err := s.b.Props.New(cfg)
	if err != nil {
		return nil, &SetupError{Msg: "properties", Err: err}
	}
	names := append(chk.Names(), blocks.PropName{Name: "outputs_known", Desc: "no output holds x or z (four-state simulators)"})
	p := &propCheck{s: s, l: l, chk: chk, v: blocks.NewViolations(names), lmax: lmax, lmin: lmin, xIdx: len(names) - 1,
		inLines: make([]delay, len(l.Inputs)), outLines: make([]delay, len(l.Outputs)),
		ia: make([]uint32, l.InWords), oa: make([]uint32, l.OutWords), ox: make([]bool, len(l.Outputs)),
		lastReset: -1, firstRst: -1, ring: newTraceRing(s.lines, l), comb: s.armedAtStart()}
	for i, o := range l.Outputs {
		p.outLines[i] = newDelay(lmax-lat[i], o.Words())
	}
	for i, in := range l.Inputs {
		d := lmax
		if o, ok := s.b.Props.With[in.Name]; ok {
			d = lmax - cfg.Latency[o]
		}
		p.inLines[i] = newDelay(d, in.Words())
	}
	p.pc.V = p.v
	return p, nil
}

func (p *propCheck) cycle(c uint64, in, _, rtl []uint32, x []bool) bool {
	l := p.l
	copy(p.ia, in)
	copy(p.oa, rtl)
	for i := range p.ox {
		p.ox[i] = x != nil && x[i]
	}
	var nx bool
	for i := range p.inLines {
		o, w := l.InOff[i], l.Inputs[i].Words()
		p.inLines[i].swap(p.ia[o:o+w], &nx)
	}
	for i := range p.outLines {
		o, w := l.OutOff[i], l.Outputs[i].Words()
		p.outLines[i].swap(p.oa[o:o+w], &p.ox[i])
	}
	// lastReset is the latest reset before this cycle: one after the
	// aligned cycle a and before t cleared what t shows.
	a := int64(c) - int64(p.lmax)
	skip := a < 0 || p.lastReset > a
	if p.s.resetIn(in) {
		p.lastReset = int64(c)
		if p.firstRst < 0 {
			p.firstRst = int64(c)
		}
	}
	// Compared from the cycle after the first reset cycle, as equality
	// is: before that edge the registers hold their power-up values.
	if !p.comb && (p.firstRst < 0 || a+int64(p.lmin) <= p.firstRst) {
		skip = true
	}
	xAny := false
	for _, b := range p.ox {
		xAny = xAny || b
	}
	if !skip && xAny {
		skip = true
		p.xCycles++
		p.v.Check(p.xIdx)
		if p.v.Fail(p.xIdx) {
			p.v.Describe(p.xIdx, uint64(a), "%s", p.xNames())
		}
	}
	before := p.v.Total()
	p.pc.Cycle, p.pc.In, p.pc.Out, p.pc.Skip = uint64(max(a, 0)), p.ia, p.oa, skip
	p.pc.Reset = p.s.resetIn(p.ia) // also in a skipped row, for a checker's state
	if !skip {
		p.checked++
		p.v.Check(p.xIdx)
	}
	p.chk.Step(&p.pc)
	if !skip {
		p.ring.push(uint64(a), p.ia, p.oa, p.oa, p.ox)
	}
	switch {
	case p.first == nil && p.v.Total() > before:
		p.first = &p.v.First[0]
		p.window = p.ring.rows(l)
		p.after = p.s.lines / 2
	case p.after > 0 && !skip:
		p.window = append(p.window, p.ring.rows(l)[min(p.ring.next, len(p.ring.cyc))-1])
		p.after--
	}
	return false
}

// xNames lists the outputs holding x or z in the aligned row.
func (p *propCheck) xNames() string {
	var s []string
	for i, b := range p.ox {
		if b {
			s = append(s, p.l.Outputs[i].Name)
		}
	}
	return strings.Join(s, ", ") + " holds x or z"
}

func (p *propCheck) finish(res *Result) {
	p.chk.Finish(p.v)
	res.Compared = p.checked
	pr := &Properties{Props: p.v.Props, First: p.v.First, Total: p.v.Total(), XCycles: p.xCycles}
	if !p.s.sim.Caps().FourState {
		pr.Props = pr.Props[:p.xIdx] // outputs_known applies to four-state simulators only
	}
	res.Properties = pr
	if p.first != nil {
		res.Mismatch = &Mismatch{Cycle: p.first.Cycle, Signal: p.first.Property, Go: "-", RTL: p.first.What,
			Trace: propTraceLines(p.l, p.window, p.first.Cycle)}
	}
}

// propTraceLines formats the rows around a violation: inputs and the
// outputs they decide, "<" marking the violation's cycle.
func propTraceLines(l *port.Layout, rows []row, at uint64) []string {
	var out []string
	for _, r := range rows {
		var b strings.Builder
		fmt.Fprintf(&b, "c=%d", r.cycle)
		for i, p := range l.Inputs {
			fmt.Fprintf(&b, " %s=%s", p.Name, hexOf(l.In(r.in, i), p.Width))
		}
		b.WriteString(" | out")
		for i, p := range l.Outputs {
			fmt.Fprintf(&b, " %s=%s", p.Name, r.rtl[i])
		}
		if r.cycle == at {
			b.WriteString("  <")
		}
		out = append(out, b.String())
	}
	return out
}
