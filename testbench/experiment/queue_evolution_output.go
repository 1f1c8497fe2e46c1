package experiment

// The queue-evolution experiment's output: its table, its figure and its
// summary against the paper; the runs themselves are in queue_evolution.go.

import (
	"context"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

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
