package throughput

import (
	"context"
	"fmt"
	"io"
	"math"

	"occamy/hw/tm"
	"occamy/testbench/field"
	"occamy/testbench/scenario"
)

// FairShareMin is the fraction of its fair share a burst must reach before
// its first drop to count as having got it (the scenarios' threshold
// between DT's healthy and anomalous cases).
const FairShareMin = 0.9

// AlphaRun is one burst-absorption run of the α check.
type AlphaRun struct {
	Alpha        float64 `json:"alpha"`
	BeforeDrop   float64 `json:"burst_cells_before_first_drop"`
	FairShare    float64 `json:"fair_share_cells"`
	Share        float64 `json:"share"` // BeforeDrop / FairShare
	Fair         bool    `json:"fair"`  // Share >= FairShareMin
	BurstDropped float64 `json:"burst_pkts_dropped"`
}

// AlphaGuide is one rule's recommended α and the runs that check it.
type AlphaGuide struct {
	Rule    string     `json:"rule"`
	Alpha   string     `json:"alpha_max"` // formatted: "any", "none" or the number
	Runs    []AlphaRun `json:"runs"`      // at the recommended α and at twice it
	Verdict string     `json:"verdict"`
}

// AlphaCheck is the α guidance for one configuration and its check in
// simulation, by the paper's Inequality (4) and by the fluid model with
// drains (AlphaMaxDrain).
type AlphaCheck struct {
	Point     Point        `json:"point"`    // the configuration, at 0% load with 1500-byte packets
	BurstRate float64      `json:"burst_lr"` // burst arrival rate, line rates (= incast senders)
	R         float64      `json:"r_cells"`  // the same in cells per clock
	V         float64      `json:"v_cells"`  // measured expulsion rate, cells per clock
	D         float64      `json:"d_cells"`  // one port's drain, 1/R cells per clock
	Guides    []AlphaGuide `json:"guides"`   // paper, then fluid
}

// CheckAlpha measures V for p's switch (1500-byte packets, no normal load),
// derives the largest α that Inequality (4) allows for a burst of
// burstLR line rates, and runs the burst-absorption scenario (one
// background queue, an incast of round(burstLR) senders, Occamy) at that α
// and at twice it. When any α is allowed the runs use α = 8 (the paper's
// choice) and 16.
func CheckAlpha(ctx context.Context, p Point, o Options, burstLR float64) (*AlphaCheck, error) {
	senders := int(math.Round(burstLR))
	if senders < 1 || senders > 4096 {
		return nil, field.Errorf("BurstRate", "%g out of range, allowed 1..4096 line rates (incast senders)", burstLR)
	}
	size, err := ParseSize("fixed:1500")
	if err != nil {
		return nil, err
	}
	p.Size, p.Load = size, 0
	res, err := Measure(ctx, p, o)
	if err != nil {
		return nil, err
	}
	if res.Setup != "" {
		return nil, &SetupError{res.Setup + " (α check on " + p.String() + ")"}
	}
	ac := &AlphaCheck{Point: p, BurstRate: float64(senders), R: float64(senders) / float64(o.R),
		V: res.Expulsion.CellsPerClock, D: 1 / float64(o.R)}
	cfg, err := Config(p, o)
	if err != nil {
		return nil, err
	}
	for _, g := range []struct {
		rule string
		a    float64
	}{
		{"paper, Inequality (4): 1/α ≥ R/V − 2", AlphaMax(ac.R, ac.V)},
		{"fluid model with drains: 1/α ≥ (R−d)/(V+d) − 1", AlphaMaxDrain(ac.R, ac.V, ac.D)},
	} {
		guide, err := checkGuide(cfg, ac, g.rule, g.a, senders, o.Seed)
		if err != nil {
			return nil, err
		}
		ac.Guides = append(ac.Guides, guide)
	}
	return ac, nil
}

// checkGuide runs burst-absorption at the rule's α (8 when any α is
// allowed) and at twice it.
func checkGuide(cfg tm.Config, ac *AlphaCheck, rule string, a float64, senders int, seed uint64) (AlphaGuide, error) {
	g := AlphaGuide{Rule: rule, Alpha: FormatAlpha(a)}
	if math.IsNaN(a) || a == 0 {
		g.Verdict = fmt.Sprintf("no α down to 2^%d satisfies it for R=%.3g, V=%.3g cells/clock: nothing to check", minAlphaExp, ac.R, ac.V)
		return g, nil
	}
	if math.IsInf(a, 1) {
		a = 8
	}
	for _, alpha := range []float64{a, 2 * a} {
		if math.Log2(alpha) > maxAlphaExp {
			continue
		}
		run, err := burstRun(cfg, alpha, senders, seed)
		if err != nil {
			return g, err
		}
		g.Runs = append(g.Runs, run)
	}
	g.Verdict = guideVerdict(g)
	return g, nil
}

// Holds reports whether the burst got its fair share at the rule's α.
func (g AlphaGuide) Holds() bool { return len(g.Runs) > 0 && g.Runs[0].Fair }

func guideVerdict(g AlphaGuide) string {
	if len(g.Runs) == 0 {
		return "no run"
	}
	r0 := g.Runs[0]
	claim := "holds"
	if !r0.Fair {
		claim = "does NOT hold"
	}
	s := fmt.Sprintf("α ≤ %s; at α=%g the burst reached %.2f of its fair share before its first drop: the claim %s",
		g.Alpha, r0.Alpha, r0.Share, claim)
	if len(g.Runs) > 1 {
		r1 := g.Runs[1]
		what := "still got it (the rule is sufficient, not necessary)"
		if !r1.Fair {
			what = "fell short"
		}
		s += fmt.Sprintf("; at α=%g it reached %.2f and %s", r1.Alpha, r1.Share, what)
	}
	return s
}

// burstRun is one burst-absorption run on cfg's switch with Occamy at α.
func burstRun(cfg tm.Config, alpha float64, senders int, seed uint64) (AlphaRun, error) {
	sets := []scenario.TMSet{
		{Field: "P", Value: cfg.P}, {Field: "B", Value: cfg.B}, {Field: "K", Value: cfg.K}, {Field: "R", Value: cfg.R},
		{Field: "CellBytes", Value: cfg.CellBytes}, {Field: "FreeMode", Value: cfg.FreeMode},
		{Field: "PD", Value: cfg.PD}, {Field: "CP", Value: cfg.CP}, {Field: "CD", Value: cfg.CD},
	}
	prep, err := scenario.Prepare(scenario.Options{Scenario: "burst-absorption", Policy: "occamy", Alpha: alpha, Seed: &seed,
		Params: map[string]float64{"senders": float64(senders), "search": 0, "bg_queues": 1}, TM: sets})
	if err != nil {
		return AlphaRun{}, err
	}
	res, err := scenario.Execute(prep, nil)
	if err != nil {
		return AlphaRun{}, err
	}
	get := func(n string) float64 { v, _ := res.Metrics.Get(n); return v }
	run := AlphaRun{Alpha: alpha, BeforeDrop: get("burst_cells_before_first_drop"), FairShare: get("fair_share_cells"),
		BurstDropped: get("burst_pkts_dropped")}
	if run.FairShare > 0 {
		run.Share = run.BeforeDrop / run.FairShare
	}
	run.Fair = run.Share >= FairShareMin
	return run, nil
}

// WriteAlphaCheck prints the check: the configuration, R, V, and each
// rule's recommendation and verdict.
func WriteAlphaCheck(w io.Writer, ac *AlphaCheck) error {
	_, err := fmt.Fprintf(w, "α check on %s: burst R = %g line rates = %.3g cells/clock, measured V = %.3g cells/clock, port drain d = %.3g\n",
		ac.Point, ac.BurstRate, ac.R, ac.V, ac.D)
	if err != nil {
		return err
	}
	for _, g := range ac.Guides {
		if _, err := fmt.Fprintf(w, "  %s: %s\n", g.Rule, g.Verdict); err != nil {
			return err
		}
	}
	return nil
}
