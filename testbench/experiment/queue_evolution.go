package experiment

import (
	"context"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"occamy/hw/tm"
	"occamy/testbench/scenario"
	"occamy/testbench/traffic"
)

// Series is one run of the queue-evolution experiment: the
// burst-absorption scenario (one long-lived queue at its DT threshold, then
// an incast burst to another port) sampled over time.
type Series struct {
	Senders int
	Policy  string
	Alpha   float64
	T       []float64 // cycles since the burst started
	BG      []float64 // long-lived queue, cells
	Burst   []float64 // burst queue, cells
	Thr     []float64 // DT threshold of class 0, cells
	// FirstDrop is the burst's first drop, cycles after its start (-1:
	// none); AtDrop the burst queue's length then (cells); Fair the burst's
	// fair share αB/(1+2α); Share = AtDrop/Fair (0 without a drop).
	// GotFair: never dropped, or Share ≥ 0.9 (the scenarios' threshold
	// between DT's healthy and anomalous cases).
	FirstDrop int64
	AtDrop    float64
	Fair      float64
	Share     float64
	GotFair   bool
}

// EvolutionSenders are the burst rates (incast senders at one line rate
// each) of the queue-evolution experiment. The paper does not give its
// testbed's burst rate; 3 line rates is the fastest burst for which DT
// theory (healthy iff rate ≤ 2 + 1/α) says α=1 is healthy and α=4 is not,
// the two cases of the paper's Fig. 11; 16 is the burst-absorption
// scenario's default, where DT is anomalous at both.
var EvolutionSenders = []int{3, 16}

var queueEvolution = &Experiment{
	Name:    "queue-evolution",
	Figure:  "Fig. 11",
	Summary: "queue lengths over time for Occamy and DT at α=1 and α=4 as a burst arrives",
	runs:    func(o Options) int { return 4 * len(EvolutionSenders) },
	run:     runQueueEvolution,
}

// QueueEvolution runs dt and occamy at α = 1 and 4 for each burst rate.
func QueueEvolution(ctx context.Context, o Options, senders []int, prog func()) ([]Series, error) {
	type job struct {
		senders int
		policy  string
		alpha   float64
	}
	var jobs []job
	for _, s := range senders {
		for _, pol := range []string{"dt", "occamy"} {
			for _, a := range []float64{1, 4} {
				jobs = append(jobs, job{s, pol, a})
			}
		}
	}
	return parallel(ctx, o, len(jobs), prog, func(i int) (Series, error) {
		j := jobs[i]
		return evolve(j.senders, j.policy, j.alpha, o.Seed)
	})
}

// evolve steps the burst-absorption scenario itself to sample the queues.
func evolve(senders int, policy string, alpha float64, seed uint64) (Series, error) {
	s := Series{Senders: senders, Policy: policy, Alpha: alpha, FirstDrop: -1}
	prep, err := scenario.Prepare(scenario.Options{Scenario: "burst-absorption", Policy: policy, Alpha: alpha, Seed: &seed,
		Params: map[string]float64{"senders": float64(senders), "search": 0}})
	if err != nil {
		return s, err
	}
	cfg := prep.Config
	var bgQ, burstQ int
	for _, g := range prep.Plan.Groups {
		switch g.Name {
		case "bg":
			bgQ = g.Queues[0]
		case "burst":
			burstQ = g.Queues[0]
		}
	}
	m, err := tm.New(cfg)
	if err != nil {
		return s, err
	}
	mix, err := traffic.BuildAll(prep.Sources, scenario.Env(&cfg), prep.Seed, "sources")
	if err != nil {
		return s, err
	}
	start := uint64(prep.Values["burst_start"])
	b := float64(cfg.B)
	s.Fair = alpha * b / (1 + 2*alpha)
	burstCells := prep.Values["burst_bytes"] / float64(cfg.CellBytes)
	span := uint64(1.25*burstCells*float64(cfg.R)/float64(senders)) + 2000
	from, to := start-min(start, 2000), min(prep.Cycles, start+span)
	every := max(1, (to-from)/400)
	st := m.Stats()
	bs := &st.Queues[burstQ]
	var drops uint64
	for c := uint64(0); c < to; c++ {
		for _, pk := range mix.Tick(c) {
			m.Offer(tm.Arrival{Queue: pk.Queue, Cells: pk.Cells})
		}
		if err := m.Step(); err != nil {
			return s, fmt.Errorf("%s α=%g cycle %d: %w", policy, alpha, c, err)
		}
		d := bs.AdmDropped.Pkts + bs.HeadDropped.Pkts
		if d != drops && s.FirstDrop < 0 {
			s.FirstDrop = int64(c) - int64(start)
			s.AtDrop = float64(m.Probe().Qlen[burstQ])
		}
		drops = d
		if c >= from && (c-from)%every == 0 {
			p := m.Probe()
			s.T = append(s.T, float64(c)-float64(start))
			s.BG = append(s.BG, float64(p.Qlen[bgQ]))
			s.Burst = append(s.Burst, float64(p.Qlen[burstQ]))
			s.Thr = append(s.Thr, float64(p.Thr[0]))
		}
	}
	if s.FirstDrop >= 0 {
		s.Share = s.AtDrop / s.Fair
	}
	s.GotFair = s.FirstDrop < 0 || s.Share >= 0.9
	return s, nil
}

func runQueueEvolution(ctx context.Context, o Options, prog func()) (*Output, error) {
	series, err := QueueEvolution(ctx, o, EvolutionSenders, prog)
	if err != nil {
		return nil, err
	}
	out := &Output{Header: []string{"senders", "policy", "alpha", "cycle_since_burst", "bg_cells", "burst_cells", "threshold_cells",
		"fair_share_cells", "burst_first_drop_cycle", "burst_cells_at_first_drop", "share", "got_fair_share"}}
	for _, s := range series {
		for i := range s.T {
			out.Rows = append(out.Rows, []string{fmt.Sprint(s.Senders), s.Policy, alphaName(s.Alpha), fmtF(s.T[i]),
				fmtF(s.BG[i]), fmtF(s.Burst[i]), fmtF(s.Thr[i]), fmtF(s.Fair), fmt.Sprint(s.FirstDrop), fmtF(s.AtDrop), fmtF(s.Share), fmt.Sprint(s.GotFair)})
		}
	}
	// The figure: the paper's case (the first burst rate), DT above,
	// Occamy below, α=1 left, α=4 right.
	grid := [][]*plot.Plot{{nil, nil}, {nil, nil}}
	for _, s := range series {
		if s.Senders != EvolutionSenders[0] {
			continue
		}
		row, col := 0, 0
		if s.Policy == "occamy" {
			row = 1
		}
		if s.Alpha == 4 {
			col = 1
		}
		name := map[string]string{"dt": "DT", "occamy": "Occamy"}[s.Policy]
		p := newPlot(fmt.Sprintf("%s, α=%s (%d-sender burst)", name, alphaName(s.Alpha), s.Senders), "cycles since the burst started", "cells")
		if err := addLine(p, "long-lived queue", s.T, s.BG, style{color: 0}); err != nil {
			return nil, err
		}
		if err := addLine(p, "burst queue", s.T, s.Burst, style{color: 1}); err != nil {
			return nil, err
		}
		if err := addLine(p, "DT threshold", s.T, s.Thr, style{color: 2, dashed: true}); err != nil {
			return nil, err
		}
		fair := []float64{s.Fair, s.Fair}
		if err := addLine(p, "fair share", []float64{s.T[0], s.T[len(s.T)-1]}, fair, style{color: 3, dashed: true}); err != nil {
			return nil, err
		}
		p.Y.Min, p.Y.Max = 0, 16384
		grid[row][col] = p
	}
	out.Figure = &Figure{Plots: grid, Width: 26 * vg.Centimeter, Height: 18 * vg.Centimeter}
	for _, s := range series {
		got := "gets"
		if !s.GotFair {
			got = "does NOT get"
		}
		at := "never dropped"
		if s.FirstDrop >= 0 {
			at = fmt.Sprintf("%.2f of its %.0f cells when first dropped, %d cycles after it started", s.Share, s.Fair, s.FirstDrop)
		}
		out.Verdict = append(out.Verdict, fmt.Sprintf("%2d senders, %-6s α=%s: the burst %s its fair share (%s)",
			s.Senders, s.Policy, alphaName(s.Alpha), got, at))
	}
	out.Verdict = append(out.Verdict, evolutionSummary(series))
	return out, nil
}

// evolutionSummary compares with the paper: Occamy fair at α=1 and 4, DT
// only at α=1.
func evolutionSummary(series []Series) string {
	n := EvolutionSenders[0]
	get := func(pol string, a float64) bool { return EvolutionFair(series, n, pol, a) }
	match := get("occamy", 1) && get("occamy", 4) && get("dt", 1) && !get("dt", 4)
	verdict := "matches"
	if !match {
		verdict = "does NOT match"
	}
	return fmt.Sprintf("paper (Fig. 11): Occamy gives the burst its fair share at α=1 and α=4, DT only at α=1: at %d senders the model %s (fair share reached: occamy %v/%v, dt %v/%v at α=1/4)",
		n, verdict, get("occamy", 1), get("occamy", 4), get("dt", 1), get("dt", 4)) + faster(series)
}

// EvolutionFair reports whether the burst got its fair share in the run of
// that burst rate, policy and α.
func EvolutionFair(series []Series, senders int, pol string, a float64) bool {
	for _, s := range series {
		if s.Senders == senders && s.Policy == pol && s.Alpha == a {
			return s.GotFair
		}
	}
	return false
}

// faster notes the DT theory at the scenario's default burst rate.
func faster(series []Series) string {
	for _, s := range series {
		if s.Senders > EvolutionSenders[0] && s.Policy == "dt" && s.Alpha == 1 {
			state := "also anomalous"
			if s.GotFair {
				state = "healthy"
			}
			return fmt.Sprintf("; at %d senders DT α=1 is %s (%.2f of the fair share at the first drop): DT theory is healthy only for burst rates ≤ 2+1/α = %g line rates",
				s.Senders, state, s.Share, 2+1/s.Alpha)
		}
	}
	return ""
}
