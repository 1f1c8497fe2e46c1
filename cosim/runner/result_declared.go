package runner

import (
	"fmt"
	"sort"
	"strings"

	"occamy/rtl/port"
	"occamy/testbench/design"
)

// declaredResult fills what a run under a design file reports besides
// its check: the declarations and the kind of check.
func (s *session) declaredResult(res *Result) {
	res.Declared = s.decl.lines(&s.canon)
	res.Check = design.CheckEquivalence
	if s.decl.props {
		res.Check = design.CheckProperties
	}
}

// lines say what the run declares, for the verdict and the JSON.
func (d *decl) lines(l *port.Layout) []string {
	var s []string
	var ren []string
	for c, n := range d.rename {
		if n != ObservePrefix+c { // an observed signal says so below
			ren = append(ren, n+"="+c)
		}
	}
	sort.Strings(ren)
	if len(ren) > 0 {
		s = append(s, "ports "+strings.Join(ren, " "))
	}
	if d.resetHigh {
		s = append(s, "reset "+d.reset+" active high")
	}
	var ties []string
	for i, v := range d.tie {
		ties = append(ties, fmt.Sprintf("%s=%d", l.Inputs[i].Name, v))
	}
	sort.Strings(ties)
	if len(ties) > 0 {
		s = append(s, "tie "+strings.Join(ties, " "))
	}
	var lat, dc []string
	for i, o := range l.Outputs[:len(d.lat)] {
		if d.shift[i] != 0 || d.f.Latency[o.Name] != 0 {
			lat = append(lat, fmt.Sprintf("%s=%d", o.Name, d.lat[i]))
		}
		if v := d.valid[i]; v >= 0 {
			dc = append(dc, o.Name+":"+l.Outputs[v].Name)
		}
	}
	if len(lat) > 0 {
		s = append(s, "latency "+strings.Join(lat, " "))
	}
	if len(dc) > 0 {
		s = append(s, "dont-care "+strings.Join(dc, " "))
	}
	if len(d.uniform) > 0 {
		s = append(s, "constrain one-class")
	}
	if d.hold > 0 {
		s = append(s, fmt.Sprintf("constrain hold=%d", d.hold))
	}
	for _, o := range d.obs {
		s = append(s, "observe "+o.name+"="+o.path)
	}
	return s
}

// declaredText is "; as declared: latency gnt_valid_o=1, tie ack_i=1" for
// a run under a design file, "" otherwise.
func (r *Result) declaredText() string {
	if len(r.Declared) == 0 {
		return ""
	}
	return "; as declared: " + strings.Join(r.Declared, ", ")
}

// text is " (keep going: 57 differences: gnt_idx_o in 50 of 998 cycles,
// ...)", "" without --keep-going.
func (d *Differences) text() string {
	if d == nil {
		return ""
	}
	var s []string
	for _, o := range d.Outputs {
		if o.Differ > 0 {
			s = append(s, fmt.Sprintf("%s in %d of %d", o.Output, o.Differ, o.Compared))
		}
	}
	return fmt.Sprintf(" (kept going: %d differences, %s)", d.Total, strings.Join(s, ", "))
}

// propertiesVerdict is the verdict line of --check properties: HOLDS or
// VIOLATED, the properties and the cycles checked.
func (r *Result) propertiesVerdict(what string) string {
	p := r.Properties
	var held, vac []string
	var bad []string
	for _, c := range p.Props {
		switch {
		case c.Violations > 0:
			bad = append(bad, fmt.Sprintf("%s %d times", c.Name, c.Violations))
		case c.Checked == 0:
			vac = append(vac, c.Name)
		default:
			held = append(held, c.Name)
		}
	}
	tail := fmt.Sprintf("%d cycles checked (%d run), %s cycles/s, seed %d%s", r.Compared, r.Cycles, rate(r.Rate), r.Seed, r.declaredText())
	if len(vac) > 0 {
		tail += "; vacuous (nothing to check): " + strings.Join(vac, ", ")
	}
	switch {
	case r.Interrupted:
		return fmt.Sprintf("INTERRUPTED %s: %d violations so far; %s", what, p.Total, tail)
	case len(bad) > 0:
		f := p.First[0]
		return fmt.Sprintf("VIOLATED %s: %s; first at cycle %d: %s: %s; %s", what, strings.Join(bad, ", "), f.Cycle, f.Property, f.What, tail)
	case r.Mismatch != nil:
		// The design's own check ($error, $stop, an assertion) ended the
		// run before any property failed: not a HOLDS.
		m := r.Mismatch
		return fmt.Sprintf("VIOLATED %s: the design's own check stopped the run at cycle %d: %s %s; %s", what, m.Cycle, m.Signal, m.RTL, tail)
	}
	n := fmt.Sprintf("%d properties", len(held))
	if len(held) == 1 {
		n = "1 property"
	}
	return fmt.Sprintf("HOLDS %s: %s (%s) in %s", what, n, strings.Join(held, ", "), tail)
}

// DetailLines are what a run under a design file found besides its
// verdict line: the tally per property and the first violations, or per
// output and the first differences (--keep-going).
func (r *Result) DetailLines() []string {
	switch {
	case r.Properties != nil:
		return r.Properties.Lines()
	case r.Differences != nil:
		return r.Differences.Lines()
	}
	return nil
}
