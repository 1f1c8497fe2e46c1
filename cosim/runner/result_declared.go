package runner

import (
	"fmt"
	"strings"
)

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
