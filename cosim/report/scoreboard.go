package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"occamy/cosim/runner"
	"occamy/testbench/tmscore"
)

// WriteScoreboard writes a scoreboard run's verdict: text (each check
// with what it looked at and its violations, the packets by fate, the
// steady state, the outcome beside hw/tm's, the first violations, the VCD
// window) or one JSON document (runner.ScoreResult's tags).
func WriteScoreboard(w io.Writer, r *runner.ScoreResult, asJSON bool) error {
	if asJSON {
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "scoreboard %s (%s, %s), seed %d\n", r.Top, r.Sim, r.Name, r.Seed)
	p := r.Plan
	fmt.Fprintf(&b, "  traffic from cycle %d, steady state from %d, drain from %d, end by %d; %d cycles run\n",
		p.TrafficAt, p.SteadyAt, p.DrainAt, p.End, r.Cycles)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  check\tchecked\tviolations\twhat it means")
	for _, k := range r.Checks {
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%s\n", k.Check, k.Checked, k.Violations, k.Doc)
	}
	tw.Flush()
	fmt.Fprintf(&b, "  packets: %s", r.Counts)
	if r.Counts.HeldBack > 0 {
		fmt.Fprintf(&b, " (%d more made by the traffic, never offered: the ingress takes fewer)", r.Counts.HeldBack)
	}
	b.WriteString("\n")
	writeSteady(&b, r.Steady)
	writeOutcome(&b, &r.Outcome)
	fmt.Fprintf(&b, "  lock-step against hw/tm (not a check: packet events cycle for cycle): %s\n", r.LockStep)
	if len(r.Violations) > 0 {
		fmt.Fprintf(&b, "  first violations (of %d):\n", violations(r))
		for _, v := range r.Violations {
			fmt.Fprintf(&b, "    %s\n", v)
		}
	}
	if r.VCD != "" {
		fmt.Fprintf(&b, "  waveform around the first violation: %s\n", r.VCD)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  note: %s\n", n)
	}
	if r.GoldenErr != "" {
		fmt.Fprintf(&b, "  note: hw/tm stopped on the same offers: %s\n", r.GoldenErr)
	}
	fmt.Fprintf(&b, "%s\n", r.Summary())
	_, err := io.WriteString(w, b.String())
	return err
}

func violations(r *runner.ScoreResult) uint64 {
	var n uint64
	for _, k := range r.Checks {
		n += k.Violations
	}
	return n
}

func writeSteady(b *strings.Builder, s *tmscore.Steady) {
	switch {
	case s == nil:
		return
	case s.Skipped != "":
		fmt.Fprintf(b, "  steady state: not checked: %s\n", s.Skipped)
		return
	}
	verdict := "within"
	if !s.OK {
		verdict = "OUTSIDE"
	}
	fmt.Fprintf(b, "  steady state: %d congested queues %v averaged %s cells over %d cycles; αB/(1+nα) = %.1f (α=%g), %s ±%.1f\n",
		s.Flows, s.Queues, floats(s.Measured), s.Cycles, s.Expect, s.Alpha, verdict, s.Tolerance)
}

func floats(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("%.1f", x)
	}
	return strings.Join(s, ", ")
}

func writeOutcome(b *strings.Builder, o *tmscore.Outcome) {
	b.WriteString("  outcome beside hw/tm on the same offers:\n")
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "    \tdesign\thw/tm\t")
	d, g := o.Design, o.Golden
	for _, x := range []struct {
		name string
		a, b uint64
	}{{"offered", d.Offered, g.Offered}, {"admitted", d.Admitted, g.Admitted}, {"refused", d.Refused, g.Refused},
		{"head-dropped", d.HeadDropped, g.HeadDropped}, {"left", d.Left, g.Left},
		{"cells before a queue's first drop (most)", d.BeforeFirstDrop, g.BeforeFirstDrop},
		{"largest lossless burst of a queue", d.Lossless, g.Lossless}} {
		fmt.Fprintf(tw, "    %s\t%d\t%d\t\n", x.name, x.a, x.b)
	}
	tw.Flush()
	verdict := "close"
	if !o.Close {
		verdict = "FAR"
	}
	fmt.Fprintf(b, "    distance %.3f (%s), tolerance %.3f: %s\n", o.Distance, o.Worst, o.Tolerance, verdict)
}
