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
	Policy   string // occamy (round robin), occamy-lqd (longest queue) or pushout (ideal)
	Senders  int    // incast senders (burst rate in line rates)
	BGQueues int    // over-allocated long-lived queues
	MaxBurst float64
	Dropped  float64 // burst packets dropped at the default burst (B/2)
}

// The sweep: every number of long-lived queues the 8-port switch allows
// (1..P−1) at two burst rates; the quick sweep keeps two points.
var (
	RRQueues       = []int{1, 2, 3, 4, 5, 6, 7}
	RRQueuesQuick  = []int{1, 3}
	RRSenders      = []int{16, 40}
	RRSendersQuick = []int{16}
	RRPolicies     = []string{"occamy", "occamy-lqd", "pushout"}
)

// RRTolerance is the paper's bound on the difference (Fig. 21: within ~15%).
const RRTolerance = 0.15

var rrVsLongest = &Experiment{
	Name:    "round-robin-vs-longest",
	Figure:  "Fig. 21",
	Summary: "Occamy's round-robin head drop versus longest-queue head drop (and the ideal Pushout) on the burst metric, over 1–7 over-allocated queues and two burst rates",
	runs:    func(o Options) int { q, s := rrSweep(o); return len(RRPolicies) * len(q) * len(s) },
	run:     runRR,
}

func rrSweep(o Options) (queues, senders []int) {
	if o.Quick {
		return RRQueuesQuick, RRSendersQuick
	}
	return RRQueues, RRSenders
}

// RoundRobinVsLongest runs burst-absorption at α=8 with n long-lived
// queues for each n and each burst rate, under occamy, occamy-lqd and the
// ideal pushout, with the lossless-burst search.
func RoundRobinVsLongest(ctx context.Context, o Options, queues, senders []int, prog func()) ([]RRPoint, error) {
	type job struct {
		pol  string
		s, n int
	}
	var jobs []job
	for _, p := range RRPolicies {
		for _, s := range senders {
			for _, n := range queues {
				jobs = append(jobs, job{p, s, n})
			}
		}
	}
	return parallel(ctx, o, len(jobs), prog, func(i int) (RRPoint, error) {
		j := jobs[i]
		r, err := scenarioRun("burst-absorption", j.pol, 8, map[string]float64{"search": 1, "bg_queues": float64(j.n), "senders": float64(j.s)}, o.Seed)
		if err != nil {
			return RRPoint{}, err
		}
		return RRPoint{Policy: j.pol, Senders: j.s, BGQueues: j.n, MaxBurst: metricOf(r, "max_lossless_burst_cells"), Dropped: metricOf(r, "burst_pkts_dropped")}, nil
	})
}

// rrAt returns the largest lossless burst of pol at (senders, n), NaN if absent.
func rrAt(pts []RRPoint, pol string, senders, n int) float64 {
	for _, p := range pts {
		if p.Policy == pol && p.Senders == senders && p.BGQueues == n {
			return p.MaxBurst
		}
	}
	return math.NaN()
}

// RRGap returns, for n queues at a burst rate, |rr − lqd| / lqd of the
// largest lossless burst (NaN if absent).
func RRGap(pts []RRPoint, senders, n int) float64 {
	rr, lqd := rrAt(pts, "occamy", senders, n), rrAt(pts, "occamy-lqd", senders, n)
	return math.Abs(rr-lqd) / lqd
}

// RRHolds returns the queue counts at which the 15% claim holds and those
// at which it does not, at one burst rate.
func RRHolds(pts []RRPoint, senders int, queues []int) (holds, fails []int) {
	for _, n := range queues {
		if RRGap(pts, senders, n) <= RRTolerance {
			holds = append(holds, n)
		} else {
			fails = append(fails, n)
		}
	}
	return holds, fails
}

func runRR(ctx context.Context, o Options, prog func()) (*Output, error) {
	queues, senders := rrSweep(o)
	pts, err := RoundRobinVsLongest(ctx, o, queues, senders, prog)
	if err != nil {
		return nil, err
	}
	out := &Output{Header: []string{"policy", "senders", "bg_queues", "max_lossless_burst_cells", "burst_pkts_dropped_at_B_over_2"}}
	for _, p := range pts {
		out.Rows = append(out.Rows, []string{p.Policy, fmt.Sprint(p.Senders), fmt.Sprint(p.BGQueues), fmtF(p.MaxBurst), fmtF(p.Dropped)})
	}
	var row []*plot.Plot
	names := map[string]string{"occamy": "Occamy, round robin", "occamy-lqd": "Occamy, longest queue", "pushout": "Pushout (ideal)"}
	for _, s := range senders {
		pl := newPlot(fmt.Sprintf("α=8, %d-sender burst", s), "over-allocated long-lived queues", "largest lossless burst (cells)")
		for i, pol := range RRPolicies {
			var xs, ys []float64
			for _, n := range queues {
				xs = append(xs, float64(n))
				ys = append(ys, rrAt(pts, pol, s, n))
			}
			if err := addLine(pl, names[pol], xs, ys, style{color: i, points: true, dashed: pol == "pushout"}); err != nil {
				return nil, err
			}
		}
		pl.Y.Min = 0
		pl.Y.Max = 1.3 * maxBurst(pts) // room for the legend above the data
		row = append(row, pl)
	}
	out.Figure = &Figure{Plots: [][]*plot.Plot{row}, Width: float64Len(13 * len(row)), Height: 11 * vg.Centimeter}
	for _, s := range senders {
		for _, n := range queues {
			out.Verdict = append(out.Verdict, fmt.Sprintf("%2d senders, %d long-lived queue(s): round robin %.0f, longest queue %.0f, ideal Pushout %.0f cells: round robin is %.1f%% from longest queue",
				s, n, rrAt(pts, "occamy", s, n), rrAt(pts, "occamy-lqd", s, n), rrAt(pts, "pushout", s, n), 100*RRGap(pts, s, n)))
		}
	}
	for _, s := range senders {
		holds, fails := RRHolds(pts, s, queues)
		out.Verdict = append(out.Verdict, fmt.Sprintf("paper (Fig. 21): round robin within ~15%% of longest-queue drop; model at %d senders: within 15%% at %v queue(s), NOT within at %v", s, holds, fails))
	}
	return out, nil
}

// float64Len is n centimetres.
func float64Len(n int) vg.Length { return vg.Length(n) * vg.Centimeter }

func maxBurst(pts []RRPoint) float64 {
	m := 0.0
	for _, p := range pts {
		m = math.Max(m, p.MaxBurst)
	}
	return m
}
