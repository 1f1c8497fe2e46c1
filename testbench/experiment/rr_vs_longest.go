package experiment

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// RRPoint is one run of the round-robin-vs-longest experiment.
type RRPoint struct {
	Policy   string // occamy (round robin) or occamy-lqd (longest queue)
	BGQueues int    // over-allocated long-lived queues
	MaxBurst float64
	Dropped  float64 // burst packets dropped at the default burst (B/2)
}

// Numbers of long-lived queues of the sweep.
var (
	RRQueues      = []int{1, 2, 3, 4, 6}
	RRQueuesQuick = []int{1, 3}
)

// RRTolerance is the paper's bound on the difference (Fig. 21: within ~15%).
const RRTolerance = 0.15

var rrVsLongest = &Experiment{
	Name:    "round-robin-vs-longest",
	Figure:  "Fig. 21",
	Summary: "Occamy's round-robin head drop versus longest-queue head drop on the burst metric",
	runs:    func(o Options) int { return 2 * len(rrQueues(o)) },
	run:     runRR,
}

func rrQueues(o Options) []int {
	if o.Quick {
		return RRQueuesQuick
	}
	return RRQueues
}

// RoundRobinVsLongest runs burst-absorption at α=8 with n long-lived
// queues for each n, under occamy and occamy-lqd, with the lossless-burst
// search.
func RoundRobinVsLongest(ctx context.Context, o Options, queues []int, prog func()) ([]RRPoint, error) {
	type job struct {
		pol string
		n   int
	}
	var jobs []job
	for _, p := range []string{"occamy", "occamy-lqd"} {
		for _, n := range queues {
			jobs = append(jobs, job{p, n})
		}
	}
	return parallel(ctx, o, len(jobs), prog, func(i int) (RRPoint, error) {
		j := jobs[i]
		r, err := scenarioRun("burst-absorption", j.pol, 8, map[string]float64{"search": 1, "bg_queues": float64(j.n)}, o.Seed)
		if err != nil {
			return RRPoint{}, err
		}
		return RRPoint{Policy: j.pol, BGQueues: j.n, MaxBurst: metricOf(r, "max_lossless_burst_cells"), Dropped: metricOf(r, "burst_pkts_dropped")}, nil
	})
}

// RRGap returns, for n queues, |rr − lqd| / lqd of the largest lossless
// burst (NaN if absent).
func RRGap(pts []RRPoint, n int) float64 {
	rr, lqd := math.NaN(), math.NaN()
	for _, p := range pts {
		if p.BGQueues == n {
			if p.Policy == "occamy" {
				rr = p.MaxBurst
			} else {
				lqd = p.MaxBurst
			}
		}
	}
	return math.Abs(rr-lqd) / lqd
}

func runRR(ctx context.Context, o Options, prog func()) (*Output, error) {
	queues := rrQueues(o)
	pts, err := RoundRobinVsLongest(ctx, o, queues, prog)
	if err != nil {
		return nil, err
	}
	out := &Output{Header: []string{"policy", "bg_queues", "max_lossless_burst_cells", "burst_pkts_dropped_at_B_over_2"}}
	for _, p := range pts {
		out.Rows = append(out.Rows, []string{p.Policy, fmt.Sprint(p.BGQueues), fmtF(p.MaxBurst), fmtF(p.Dropped)})
	}
	pl := newPlot("Round-robin vs longest-queue head drop (α=8, 16-sender burst)", "over-allocated long-lived queues", "largest lossless burst (cells)")
	for i, pol := range []string{"occamy", "occamy-lqd"} {
		var xs, ys []float64
		for _, p := range pts {
			if p.Policy == pol {
				xs = append(xs, float64(p.BGQueues))
				ys = append(ys, p.MaxBurst)
			}
		}
		name := map[string]string{"occamy": "Occamy, round robin", "occamy-lqd": "Occamy, longest queue"}[pol]
		if err := addLine(pl, name, xs, ys, style{color: i, points: true}); err != nil {
			return nil, err
		}
	}
	pl.Y.Min = 0
	pl.Y.Max = 1.25 * maxBurst(pts) // room for the legend above the data
	out.Figure = &Figure{Plots: [][]*plot.Plot{{pl}}, Width: 18 * vg.Centimeter, Height: 11 * vg.Centimeter}
	worst := 0.0
	for _, n := range queues {
		g := RRGap(pts, n)
		worst = math.Max(worst, g)
		out.Verdict = append(out.Verdict, fmt.Sprintf("%d long-lived queue(s): round robin is %.1f%% from longest queue", n, 100*g))
	}
	state := "within"
	if worst > RRTolerance {
		state = "NOT within"
	}
	out.Verdict = append(out.Verdict, fmt.Sprintf("paper (Fig. 21): round robin within ~15%% of longest-queue drop; model: largest gap %.1f%%, %s 15%%", 100*worst, state))
	return out, nil
}

func maxBurst(pts []RRPoint) float64 {
	m := 0.0
	for _, p := range pts {
		m = math.Max(m, p.MaxBurst)
	}
	return m
}
