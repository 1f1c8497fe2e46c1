package experiment

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// BurstPoint is one run of the burst-absorption experiment.
type BurstPoint struct {
	Policy   string
	Alpha    float64
	MaxBurst float64 // largest burst absorbed without a drop, cells
	Frac     float64 // MaxBurst / B
	Dropped  float64 // burst packets dropped at the scenario's default burst (B/2)
}

// Alphas of the burst-absorption sweep; the quick sweep keeps 1 and 4.
var (
	BurstAlphas      = []float64{0.25, 0.5, 1, 2, 4, 8, 16}
	BurstAlphasQuick = []float64{1, 4}
	BurstPolicies    = []string{"dt", "occamy", "pushout"}
)

var burstAbsorption = &Experiment{
	Name:    "burst-absorption",
	Figure:  "Fig. 12",
	Summary: "the largest burst absorbed without a drop versus α, for DT, Occamy and Pushout",
	runs:    func(o Options) int { return len(BurstPolicies) * len(burstAlphas(o)) },
	run:     runBurstAbsorption,
}

func burstAlphas(o Options) []float64 {
	if o.Quick {
		return BurstAlphasQuick
	}
	return BurstAlphas
}

// BurstAbsorption runs the burst-absorption scenario (its defaults: one
// long-lived queue, a 16-sender incast) with the lossless-burst search for
// every policy and α.
func BurstAbsorption(ctx context.Context, o Options, policies []string, alphas []float64, prog func()) ([]BurstPoint, error) {
	type job struct {
		pol string
		a   float64
	}
	var jobs []job
	for _, p := range policies {
		for _, a := range alphas {
			jobs = append(jobs, job{p, a})
		}
	}
	return parallel(ctx, o, len(jobs), prog, func(i int) (BurstPoint, error) {
		j := jobs[i]
		r, err := scenarioRun("burst-absorption", j.pol, j.a, map[string]float64{"search": 1}, o.Seed)
		if err != nil {
			return BurstPoint{}, err
		}
		return BurstPoint{Policy: j.pol, Alpha: j.a, MaxBurst: metricOf(r, "max_lossless_burst_cells"),
			Frac: metricOf(r, "max_lossless_burst_frac"), Dropped: metricOf(r, "burst_pkts_dropped")}, nil
	})
}

func runBurstAbsorption(ctx context.Context, o Options, prog func()) (*Output, error) {
	alphas := burstAlphas(o)
	pts, err := BurstAbsorption(ctx, o, BurstPolicies, alphas, prog)
	if err != nil {
		return nil, err
	}
	out := &Output{Header: []string{"policy", "alpha", "max_lossless_burst_cells", "max_lossless_burst_frac", "burst_pkts_dropped_at_B_over_2"}}
	for _, p := range pts {
		out.Rows = append(out.Rows, []string{p.Policy, alphaName(p.Alpha), fmtF(p.MaxBurst), fmtF(p.Frac), fmtF(p.Dropped)})
	}
	pl := newPlot("Largest burst absorbed without a drop (16-sender incast, one long-lived queue)", "α", "fraction of the buffer")
	for i, pol := range BurstPolicies {
		var xs, ys []float64
		for _, p := range pts {
			if p.Policy == pol {
				xs = append(xs, math.Log2(p.Alpha))
				ys = append(ys, p.Frac)
			}
		}
		if err := addLine(pl, map[string]string{"dt": "DT", "occamy": "Occamy", "pushout": "Pushout"}[pol], xs, ys, style{color: i, points: true}); err != nil {
			return nil, err
		}
	}
	var ticks []plot.Tick
	for _, a := range alphas {
		ticks = append(ticks, plot.Tick{Value: math.Log2(a), Label: alphaLabel(a)})
	}
	pl.X.Tick.Marker = plot.ConstantTicks(ticks)
	pl.Y.Min, pl.Y.Max = 0, 0.7 // room for the legend above the data
	pl.Legend.Top, pl.Legend.Left = true, false
	out.Figure = &Figure{Plots: [][]*plot.Plot{{pl}}, Width: 18 * vg.Centimeter, Height: 11 * vg.Centimeter}
	out.Verdict = burstVerdict(pts)
	return out, nil
}

func alphaLabel(a float64) string {
	if a < 1 {
		return fmt.Sprintf("1/%g", 1/a)
	}
	return alphaName(a)
}

// burstAt returns the largest lossless burst of pol at α (NaN if absent).
func burstAt(pts []BurstPoint, pol string, a float64) float64 {
	for _, p := range pts {
		if p.Policy == pol && p.Alpha == a {
			return p.MaxBurst
		}
	}
	return math.NaN()
}

func burstVerdict(pts []BurstPoint) []string {
	var v []string
	o1, o4 := burstAt(pts, "occamy", 1), burstAt(pts, "occamy", 4)
	d1, d4 := burstAt(pts, "dt", 1), burstAt(pts, "dt", 4)
	v = append(v, fmt.Sprintf("at α=4 Occamy absorbs %+.0f%% more burst than DT (%.0f vs %.0f cells); paper: +57%%", pct(o4, d4), o4, d4))
	v = append(v, fmt.Sprintf("Occamy from α=1 to α=4: %+.0f%% (%.0f → %.0f cells); paper: +29%%", pct(o4, o1), o1, o4))
	v = append(v, fmt.Sprintf("DT from α=1 to α=4: %+.0f%% (%.0f → %.0f cells); paper: −12%%", pct(d4, d1), d1, d4))
	claims := o4 > d4 && o4 > o1 && d4 <= d1
	if claims {
		v = append(v, "the paper's qualitative claims hold: Occamy > DT at α=4; Occamy improves from α=1 to α=4 while DT does not")
	} else {
		v = append(v, "the paper's qualitative claims do NOT all hold in the model (see the lines above)")
	}
	for _, a := range []float64{8, 16} {
		if p, o := burstAt(pts, "pushout", a), burstAt(pts, "occamy", a); !math.IsNaN(p) && !math.IsNaN(o) {
			v = append(v, fmt.Sprintf("at α=%g Occamy reaches %.0f%% of Pushout's %.0f cells", a, 100*o/p, p))
		}
	}
	return v
}
