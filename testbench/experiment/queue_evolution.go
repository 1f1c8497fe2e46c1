package experiment

import (
	"context"
	"fmt"
	"math"

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
	// none; an admission drop at its packet's offer); AtDrop the burst
	// queue's length then (cells; for an admission drop with the packets
	// admitted in its answer, tm.AdmitSettle cycles later); Fair the burst's
	// fair share αB/(1+2α); Share = AtDrop/Fair (0 without a drop).
	// GotFair: never dropped, or Share ≥ 0.9 (the scenarios' threshold
	// between DT's healthy and anomalous cases).
	FirstDrop int64
	AtDrop    float64
	Fair      float64
	Share     float64
	GotFair   bool
	Peak      float64 // the burst queue's largest length, cells
}

// EvolutionSenders are the burst rates (incast senders at one line rate
// each) of the queue-evolution sweep, and EvolutionFigSenders the one whose
// time series is drawn. The paper does not give its testbed's burst rate;
// 3 line rates is the fastest burst for which DT theory (healthy iff rate
// ≤ 2 + 1/α) says α=1 is healthy and α=4 is not, the two cases of the
// paper's Fig. 11. The sweep shows where each case stops: it goes past
// the paper's incast degree of 40 to 128 line rates because Occamy's cases
// hold to 40 with the pipelined head-drop executor and stop beyond it.
var (
	EvolutionSenders      = []int{2, 3, 4, 6, 8, 12, 16, 24, 32, 40, 48, 64, 96, 128}
	EvolutionSendersQuick = []int{3, 16}
	EvolutionFigSenders   = 3
)

// EvolutionOverfill sizes each burst so that, absorbed whole, its queue
// would reach this multiple of its fair share (the port drains one line
// rate while it arrives): a run where the burst is never dropped has then
// really held its fair share, not merely stayed below it.
const EvolutionOverfill = 1.25

// evolutionPolicies are the policies of the sweep; pushout is the ideal
// Pushout, whose fair share is B/2 (it runs at α=4 only: α sets nothing
// but the background's start time there).
var evolutionPolicies = []string{"dt", "occamy", "pushout"}

func evolutionSenders(o Options) []int {
	if o.Quick {
		return EvolutionSendersQuick
	}
	return EvolutionSenders
}

var queueEvolution = &Experiment{
	Name:    "queue-evolution",
	Figure:  "Fig. 11",
	Summary: "queue lengths over time for Occamy and DT at α=1 and α=4 as a burst arrives",
	runs:    func(o Options) int { return 5 * len(evolutionSenders(o)) },
	run:     runQueueEvolution,
}

// QueueEvolution runs dt and occamy at α = 1 and 4, and the ideal pushout
// at α = 4, for each burst rate (at least 2 senders).
func QueueEvolution(ctx context.Context, o Options, senders []int, prog func()) ([]Series, error) {
	type job struct {
		senders int
		policy  string
		alpha   float64
	}
	var jobs []job
	for _, s := range senders {
		for _, pol := range evolutionPolicies {
			for _, a := range []float64{1, 4} {
				if pol != "pushout" || a == 4 {
					jobs = append(jobs, job{s, pol, a})
				}
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
	if senders < 2 {
		return s, fmt.Errorf("queue-evolution: %d senders, want at least 2 (one line rate drains as fast as it arrives)", senders)
	}
	cfg0 := tm.DefaultConfig()
	b := float64(cfg0.B)
	s.Fair = alpha * b / (1 + 2*alpha)
	if policy == "pushout" {
		s.Fair = b / 2
	}
	burstBytes := math.Ceil(EvolutionOverfill*s.Fair*float64(senders)/float64(senders-1)) * float64(cfg0.CellBytes)
	prep, err := scenario.Prepare(scenario.Options{Scenario: "burst-absorption", Policy: policy, Alpha: alpha, Seed: &seed,
		Params: map[string]float64{"senders": float64(senders), "search": 0, "burst_bytes": burstBytes}})
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
	burstCells := prep.Values["burst_bytes"] / float64(cfg.CellBytes)
	span := uint64(1.25*burstCells*float64(cfg.R)/float64(senders)) + 2000
	from, to := start-min(start, 2000), min(prep.Cycles, start+span)
	every := max(1, (to-from)/400)
	st := m.Stats()
	bs := &st.Queues[burstQ]
	var drops, admDrops uint64
	readAt := -1 // steps until AtDrop is read (-1: not waiting)
	for c := uint64(0); c < to; c++ {
		for _, pk := range mix.Tick(c) {
			m.Offer(tm.Arrival{Queue: pk.Queue, Cells: pk.Cells})
		}
		if err := m.Step(); err != nil {
			return s, fmt.Errorf("%s α=%g cycle %d: %w", policy, alpha, c, err)
		}
		d := bs.AdmDropped.Pkts + bs.HeadDropped.Pkts
		if d != drops && s.FirstDrop < 0 {
			// An admission drop is counted at its answer, tm.AdmitLag
			// cycles after the packet's offer: the drop is the offer's
			// cycle, the length the one the refusal saw.
			at := int64(c)
			if bs.AdmDropped.Pkts != admDrops {
				at -= tm.AdmitLag
			}
			s.FirstDrop = at - int64(start)
			// The refusal's view counts the packets admitted before it in
			// its own cycle (a wave of the incast's senders arrives in one
			// cycle); they are answered with it and show in the length
			// tm.AdmitSettle cycles later: read it then, as the length was
			// read at the drop before the admission was pipelined.
			readAt = 0
			if bs.AdmDropped.Pkts != admDrops {
				readAt = tm.AdmitSettle
			}
		}
		if readAt == 0 {
			s.AtDrop = float64(m.Probe().Qlen[burstQ])
		}
		if readAt >= 0 {
			readAt--
		}
		drops, admDrops = d, bs.AdmDropped.Pkts
		s.Peak = math.Max(s.Peak, float64(m.Probe().Qlen[burstQ]))
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
	senders := evolutionSenders(o)
	series, err := QueueEvolution(ctx, o, senders, prog)
	if err != nil {
		return nil, err
	}
	out := &Output{Header: []string{"senders", "policy", "alpha", "cycle_since_burst", "bg_cells", "burst_cells", "threshold_cells",
		"fair_share_cells", "burst_first_drop_cycle", "burst_cells_at_first_drop", "share", "got_fair_share", "burst_peak_cells"}}
	for _, s := range series {
		for i := range s.T {
			out.Rows = append(out.Rows, []string{fmt.Sprint(s.Senders), s.Policy, alphaName(s.Alpha), fmtF(s.T[i]),
				fmtF(s.BG[i]), fmtF(s.Burst[i]), fmtF(s.Thr[i]), fmtF(s.Fair), fmt.Sprint(s.FirstDrop), fmtF(s.AtDrop), fmtF(s.Share), fmt.Sprint(s.GotFair), fmtF(s.Peak)})
		}
	}
	// The figure: the paper's case (EvolutionFigSenders), DT above,
	// Occamy below, α=1 left, α=4 right; the bottom row is the sweep.
	grid := [][]*plot.Plot{{nil, nil}, {nil, nil}, {nil, nil}}
	for _, s := range series {
		if s.Senders != EvolutionFigSenders || s.Policy == "pushout" {
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
	for col, a := range []float64{1, 4} {
		p := newPlot(fmt.Sprintf("α=%s: burst queue at its first drop / fair share", alphaName(a)), "incast senders (line rates)", "share (≥ 0.9: fair; 1.25: never dropped)")
		for i, pol := range evolutionPolicies {
			var xs, ys []float64
			for _, s := range series {
				if s.Policy == pol && s.Alpha == a {
					xs = append(xs, float64(s.Senders))
					y := s.Share
					if s.FirstDrop < 0 {
						y = EvolutionOverfill
					}
					ys = append(ys, y)
				}
			}
			if len(xs) == 0 {
				continue
			}
			name := map[string]string{"dt": "DT", "occamy": "Occamy", "pushout": "Pushout (ideal)"}[pol]
			if err := addLine(p, name, xs, ys, style{color: i, points: true}); err != nil {
				return nil, err
			}
		}
		if err := addLine(p, "", []float64{float64(senders[0]), float64(senders[len(senders)-1])}, []float64{0.9, 0.9}, style{color: 3, dashed: true}); err != nil {
			return nil, err
		}
		p.Y.Min, p.Y.Max = 0, 1.6
		sendersAxis(p, senders)
		grid[2][col] = p
	}
	out.Figure = &Figure{Plots: grid, Width: 26 * vg.Centimeter, Height: 27 * vg.Centimeter}
	for _, s := range series {
		got := "gets"
		if !s.GotFair {
			got = "does NOT get"
		}
		at := "never dropped"
		if s.FirstDrop >= 0 {
			at = fmt.Sprintf("%.2f of its %.0f cells when first dropped, %d cycles after it started", s.Share, s.Fair, s.FirstDrop)
		}
		out.Verdict = append(out.Verdict, fmt.Sprintf("%2d senders, %-7s α=%s: the burst %s its fair share (%s)",
			s.Senders, s.Policy, alphaName(s.Alpha), got, at))
	}
	out.Verdict = append(out.Verdict, evolutionSummary(series))
	for _, c := range []struct {
		pol string
		a   float64
	}{{"occamy", 1}, {"occamy", 4}, {"dt", 1}, {"dt", 4}, {"pushout", 4}} {
		fair, unfair := EvolutionFairRange(series, senders, c.pol, c.a)
		out.Verdict = append(out.Verdict, fmt.Sprintf("%s α=%s: fair share at senders %v, not at %v", c.pol, alphaName(c.a), fair, unfair))
	}
	return out, nil
}

// evolutionSummary compares with the paper: Occamy fair at α=1 and 4, DT
// only at α=1.
func evolutionSummary(series []Series) string {
	n := EvolutionFigSenders
	get := func(pol string, a float64) bool { return EvolutionFair(series, n, pol, a) }
	match := get("occamy", 1) && get("occamy", 4) && get("dt", 1) && !get("dt", 4)
	verdict := "matches"
	if !match {
		verdict = "does NOT match"
	}
	return fmt.Sprintf("paper (Fig. 11): Occamy gives the burst its fair share at α=1 and α=4, DT only at α=1: at %d senders the model %s (fair share reached: occamy %v/%v, dt %v/%v at α=1/4)",
		n, verdict, get("occamy", 1), get("occamy", 4), get("dt", 1), get("dt", 4))
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

// EvolutionFairRange splits the burst rates into those where pol at α gave
// the burst its fair share and those where it did not.
func EvolutionFairRange(series []Series, senders []int, pol string, a float64) (fair, unfair []int) {
	for _, n := range senders {
		if EvolutionFair(series, n, pol, a) {
			fair = append(fair, n)
		} else {
			unfair = append(unfair, n)
		}
	}
	return fair, unfair
}
