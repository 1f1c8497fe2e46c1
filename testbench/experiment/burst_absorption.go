package experiment

import (
	"context"
	"fmt"
	"math"
	"occamy/hw/tm"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// BurstPoint is one run of the burst-absorption experiment.
type BurstPoint struct {
	Policy   string
	Alpha    float64
	Senders  int     // incast senders = burst rate in line rates
	MaxBurst float64 // largest burst absorbed without a drop, cells
	Frac     float64 // MaxBurst / B
	Dropped  float64 // burst packets dropped at the scenario's default burst (B/2)
}

// The sweep: every α at the scenario's 16 senders, and the burst rate from
// 2 to 96 line rates at the α of the paper's claims (1 and 4): past the
// paper's incast degree of 40, because with the pipelined head-drop
// executor the α=1→4 claim stops only beyond it (at 48). The quick
// sweep keeps α 1 and 4 at 16 senders. pushout is the ideal Pushout,
// pushout-ports the port-limited one (shown because it collapses below DT
// at high burst rates).
var (
	BurstAlphas         = []float64{0.25, 0.5, 1, 2, 4, 8, 16}
	BurstAlphasQuick    = []float64{1, 4}
	BurstClaimAlphas    = []float64{1, 4}
	BurstSenders        = []int{2, 4, 8, 12, 16, 20, 24, 32, 40, 48, 64, 96}
	BurstDefaultSenders = 16
	BurstPolicies       = []string{"dt", "occamy", "pushout", "pushout-ports"}
	BurstPoliciesQuick  = []string{"dt", "occamy", "pushout"}
)

var burstAbsorption = &Experiment{
	Name:    "burst-absorption",
	Figure:  "Fig. 12",
	Summary: "the largest burst absorbed without a drop versus α and versus the burst rate, for DT, Occamy and Pushout (ideal and port-limited)",
	runs: func(o Options) int {
		pols, alphas, senders := burstSweep(o)
		return len(pols) * (len(alphas) + len(BurstClaimAlphas)*(len(senders)-1))
	},
	run: runBurstAbsorption,
}

func burstSweep(o Options) (pols []string, alphas []float64, senders []int) {
	if o.Quick {
		return BurstPoliciesQuick, BurstAlphasQuick, []int{BurstDefaultSenders}
	}
	return BurstPolicies, BurstAlphas, BurstSenders
}

// burstJob is one run of the burst-absorption sweep.
type burstJob struct {
	pol string
	a   float64
	s   int
}

// BurstAbsorption runs the burst-absorption scenario (one long-lived queue,
// an incast of each number of senders) with the lossless-burst search for
// every policy, α and burst rate.
func BurstAbsorption(ctx context.Context, o Options, policies []string, alphas []float64, senders []int, prog func()) ([]BurstPoint, error) {
	var jobs []burstJob
	for _, p := range policies {
		for _, s := range senders {
			for _, a := range alphas {
				jobs = append(jobs, burstJob{p, a, s})
			}
		}
	}
	return burstRuns(ctx, o, jobs, prog)
}

// burstRuns runs the jobs as one sweep.
func burstRuns(ctx context.Context, o Options, jobs []burstJob, prog func()) ([]BurstPoint, error) {
	return parallel(ctx, o, len(jobs), prog, func(i int) (BurstPoint, error) {
		j := jobs[i]
		r, err := scenarioRun("burst-absorption", j.pol, j.a, map[string]float64{"search": 1, "senders": float64(j.s)}, o.Seed)
		if err != nil {
			return BurstPoint{}, err
		}
		return BurstPoint{Policy: j.pol, Alpha: j.a, Senders: j.s, MaxBurst: metricOf(r, "max_lossless_burst_cells"),
			Frac: metricOf(r, "max_lossless_burst_frac"), Dropped: metricOf(r, "burst_pkts_dropped")}, nil
	})
}

func runBurstAbsorption(ctx context.Context, o Options, prog func()) (*Output, error) {
	pols, alphas, senders := burstSweep(o)
	// One sweep (so that it shards as one): every α at the default burst
	// rate, then the claim α at the other rates, policy by policy.
	var jobs []burstJob
	for _, p := range pols {
		for _, a := range alphas {
			jobs = append(jobs, burstJob{p, a, BurstDefaultSenders})
		}
	}
	for _, p := range pols {
		for _, s := range senders {
			if s == BurstDefaultSenders {
				continue
			}
			for _, a := range BurstClaimAlphas {
				jobs = append(jobs, burstJob{p, a, s})
			}
		}
	}
	pts, err := burstRuns(ctx, o, jobs, prog)
	if err != nil {
		return nil, err
	}
	out := &Output{Header: []string{"policy", "alpha", "senders", "max_lossless_burst_cells", "max_lossless_burst_frac", "burst_pkts_dropped_at_B_over_2"}}
	for _, p := range pts {
		out.Rows = append(out.Rows, []string{p.Policy, alphaName(p.Alpha), fmt.Sprint(p.Senders), fmtF(p.MaxBurst), fmtF(p.Frac), fmtF(p.Dropped)})
	}
	names := map[string]string{"dt": "DT", "occamy": "Occamy", "pushout": "Pushout (ideal)", "pushout-ports": "Pushout (port-limited)"}
	pl := newPlot(fmt.Sprintf("Largest lossless burst vs α (%d-sender incast)", BurstDefaultSenders), "α", "fraction of the buffer")
	for i, pol := range pols {
		var xs, ys []float64
		for _, a := range alphas {
			xs = append(xs, math.Log2(a))
			ys = append(ys, burstAt(pts, pol, a, BurstDefaultSenders)/float64(bufCells))
		}
		if err := addLine(pl, names[pol], xs, ys, style{color: i, points: true}); err != nil {
			return nil, err
		}
	}
	var ticks []plot.Tick
	for _, a := range alphas {
		ticks = append(ticks, plot.Tick{Value: math.Log2(a), Label: alphaLabel(a)})
	}
	pl.X.Tick.Marker = plot.ConstantTicks(ticks)
	pl.Y.Min, pl.Y.Max = 0, 0.75 // room for the legend above the data
	pl.Legend.Top, pl.Legend.Left = true, false
	row := []*plot.Plot{pl}
	if len(senders) > 1 {
		ps := newPlot("Largest lossless burst vs burst rate (solid α=4, dashed α=1)", "incast senders (line rates)", "fraction of the buffer")
		for i, pol := range pols {
			for _, a := range []float64{4, 1} {
				if (pol == "pushout" || pol == "pushout-ports") && a == 1 {
					continue
				}
				var xs, ys []float64
				for _, s := range senders {
					xs = append(xs, float64(s))
					ys = append(ys, burstAt(pts, pol, a, s)/float64(bufCells))
				}
				name := names[pol]
				if pol == "dt" || pol == "occamy" {
					name += " α=" + alphaName(a)
				}
				if err := addLine(ps, name, xs, ys, style{color: i, points: true, dashed: a == 1}); err != nil {
					return nil, err
				}
			}
		}
		ps.Y.Min, ps.Y.Max = 0, 1.3 // 2 senders reach 0.9-1.0; room for the legend
		sendersAxis(ps, senders)
		ps.Legend.Top, ps.Legend.Left = true, false
		row = append(row, ps)
	}
	out.Figure = &Figure{Plots: [][]*plot.Plot{row}, Width: float64Len(18 * len(row)), Height: 12 * vg.Centimeter}
	out.Verdict = burstVerdict(pts, senders)
	return out, nil
}

// bufCells is the default switch's buffer, for fractions.
var bufCells = tm.DefaultConfig().B

func alphaLabel(a float64) string {
	if a < 1 {
		return fmt.Sprintf("1/%g", 1/a)
	}
	return alphaName(a)
}

// burstAt returns the largest lossless burst of pol at α and a burst rate
// (NaN if absent).
func burstAt(pts []BurstPoint, pol string, a float64, senders int) float64 {
	for _, p := range pts {
		if p.Policy == pol && p.Alpha == a && p.Senders == senders {
			return p.MaxBurst
		}
	}
	return math.NaN()
}

// BurstClaims are the paper's three Fig. 12 claims at one burst rate.
type BurstClaims struct {
	OccamyOverDT  bool // Occamy absorbs more than DT at α=4
	OccamyImprove bool // Occamy at α=4 absorbs more than at α=1
	DTNoImprove   bool // DT at α=4 absorbs no more than at α=1
}

// BurstClaimsAt evaluates the claims at a burst rate.
func BurstClaimsAt(pts []BurstPoint, senders int) BurstClaims {
	o1, o4 := burstAt(pts, "occamy", 1, senders), burstAt(pts, "occamy", 4, senders)
	d1, d4 := burstAt(pts, "dt", 1, senders), burstAt(pts, "dt", 4, senders)
	return BurstClaims{OccamyOverDT: o4 > d4, OccamyImprove: o4 > o1, DTNoImprove: d4 <= d1}
}

// BurstClaimRanges returns, for each claim, the burst rates where it holds.
func BurstClaimRanges(pts []BurstPoint, senders []int) (overDT, improve, dtNo []int) {
	for _, s := range senders {
		c := BurstClaimsAt(pts, s)
		if c.OccamyOverDT {
			overDT = append(overDT, s)
		}
		if c.OccamyImprove {
			improve = append(improve, s)
		}
		if c.DTNoImprove {
			dtNo = append(dtNo, s)
		}
	}
	return overDT, improve, dtNo
}

func burstVerdict(pts []BurstPoint, senders []int) []string {
	var v []string
	for _, s := range senders {
		o1, o4 := burstAt(pts, "occamy", 1, s), burstAt(pts, "occamy", 4, s)
		d1, d4 := burstAt(pts, "dt", 1, s), burstAt(pts, "dt", 4, s)
		v = append(v, fmt.Sprintf("%3d senders: Occamy vs DT at α=4 %+.0f%% (%.0f vs %.0f; paper +57%%); Occamy α=1→4 %+.0f%% (paper +29%%); DT α=1→4 %+.0f%% (paper −12%%); ideal Pushout α=4 %.0f cells",
			s, pct(o4, d4), o4, d4, pct(o4, o1), pct(d4, d1), burstAt(pts, "pushout", 4, s)))
	}
	over, imp, dtNo := BurstClaimRanges(pts, senders)
	v = append(v, fmt.Sprintf("claim holds at senders: Occamy > DT at α=4: %v; Occamy improves α=1→4: %v; DT does not improve α=1→4: %v (of %v)", over, imp, dtNo, senders))
	for _, a := range []float64{8, 16} {
		if p, o := burstAt(pts, "pushout", a, BurstDefaultSenders), burstAt(pts, "occamy", a, BurstDefaultSenders); !math.IsNaN(p) && !math.IsNaN(o) {
			v = append(v, fmt.Sprintf("at α=%g, %d senders, Occamy reaches %.0f%% of the ideal Pushout's %.0f cells", a, BurstDefaultSenders, 100*o/p, p))
		}
	}
	return v
}
