package experiment

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"occamy/testbench/traffic"
)

// The qct-burst sweep (paper Fig. 13a/b): query (burst) sizes as fractions
// of B, and the policies with their α. DT and ABM run at α=1 (DT's best in
// the paper's Fig. 16a) and α=8 (Occamy's); the ideal Pushout has no α.
var (
	QCTBurstSizes      = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}
	QCTBurstSizesQuick = []float64{0.3, 0.8}
	qctBurstCases      = []chokeCase{{"dt", true, 1}, {"dt", true, 8}, {"abm", true, 1}, {"abm", true, 8}, {"occamy", true, 8}, {"pushout", true, 8}}
)

var qctBurst = &Experiment{
	Name:    "qct-burst",
	Figure:  "Fig. 13a/b",
	Summary: "closed-loop DCTCP: average QCT and RTOs of a 40-sender incast against its size, with long-lived background on the seven other ports, for DT, ABM, Occamy and the ideal Pushout",
	runs:    func(o Options) int { return len(qctBurstCases) * len(qctBurstSizes(o)) },
	run:     runQCTBurst,
}

func qctBurstSizes(o Options) []float64 {
	if o.Quick {
		return QCTBurstSizesQuick
	}
	return QCTBurstSizes
}

// qctBurstSetup: the receiver of the query behind port 0 (class 0), 40
// hosts answering with one flow each; 14 other hosts keep ports 1..7
// congested with one long-lived flow each, two hosts per port, so the
// background holds nearly all the buffer on other ports (no buffer
// choking: the query loses only if buffer is not moved to it in time).
func qctBurstSetup(c chokeCase, frac float64, queries int) (qctSetup, error) {
	exp := make([]int, 8)
	for i := range exp {
		exp[i] = int(math.Log2(c.alpha))
	}
	cfg, err := qctConfig(c.pol, exp)
	if err != nil {
		return qctSetup{}, err
	}
	hosts := make([]int, 40)
	for i := range hosts {
		hosts[i] = i
	}
	s := qctSetup{Config: cfg, QueryQueue: 0, Hosts: hosts, Flows: 40, FlowPkts: queryPkts(frac, 40), Queries: queries}
	for p := 1; p < cfg.P; p++ {
		for h := 0; h < 2; h++ {
			s.Background = append(s.Background, traffic.Flow{Host: 40 + 2*(p-1) + h, Queue: p * cfg.Q, Cells: 6})
		}
	}
	return s, nil
}

// qctBurstJob is one point of the qct-burst sweep: a policy case at a
// query size.
type qctBurstJob struct {
	c chokeCase
	q float64
}

// QCTBurst runs every policy at every query size.
func QCTBurst(ctx context.Context, o Options, sizes []float64, prog func()) ([]QCTPoint, error) {
	var jobs []qctBurstJob
	for _, c := range qctBurstCases {
		for _, q := range sizes {
			jobs = append(jobs, qctBurstJob{c, q})
		}
	}
	return qctBurstRuns(ctx, o, jobs, prog)
}

// qctBurstRuns runs the given points of the sweep (a test runs a subset).
func qctBurstRuns(ctx context.Context, o Options, jobs []qctBurstJob, prog func()) ([]QCTPoint, error) {
	n := qctQueries(o)
	return parallel(ctx, o, len(jobs), prog, func(i int) (QCTPoint, error) {
		j := jobs[i]
		s, err := qctBurstSetup(j.c, j.q, n)
		if err != nil {
			return QCTPoint{}, err
		}
		r, err := runQCT(s)
		if err != nil {
			return QCTPoint{}, fmt.Errorf("qct-burst %s α=%g query %.0f%%: %w", j.c.pol, j.c.alpha, 100*j.q, err)
		}
		return QCTPoint{Policy: j.c.pol, Alpha: j.c.alpha, Background: true, QueryFrac: j.q, QCTus: r.meanUS(),
			RTOs: float64(r.RTOs) / float64(n), DropsPerQ: float64(r.Drops) / float64(n)}, nil
	})
}

// qctBurstAt returns the point of (pol, α, q).
func qctBurstAt(pts []QCTPoint, pol string, a, q float64) QCTPoint {
	for _, p := range pts {
		if p.Policy == pol && p.Alpha == a && p.QueryFrac == q {
			return p
		}
	}
	return QCTPoint{QCTus: math.NaN(), RTOs: math.NaN()}
}

// NoRTOUpTo is the largest query size from which down every smaller size
// of the sweep had no RTO (0 if the smallest already had one).
func NoRTOUpTo(pts []QCTPoint, pol string, a float64, sizes []float64) float64 {
	best := 0.0
	for _, q := range sizes {
		if qctBurstAt(pts, pol, a, q).RTOs > 0 {
			break
		}
		best = q
	}
	return best
}

func qctCaseName(c chokeCase) string {
	n := map[string]string{"dt": "DT", "abm": "ABM", "occamy": "Occamy", "pushout": "Pushout (ideal)"}[c.pol]
	if c.pol == "pushout" {
		return n
	}
	return n + " α=" + alphaName(c.alpha)
}

func runQCTBurst(ctx context.Context, o Options, prog func()) (*Output, error) {
	sizes := qctBurstSizes(o)
	pts, err := QCTBurst(ctx, o, sizes, prog)
	if err != nil {
		return nil, err
	}
	out := &Output{Header: qctHeader, Rows: qctRows(pts)}
	pq := newPlot("(a) average QCT", "query size (fraction of the 2 MiB buffer)", "average QCT (µs)")
	pr := newPlot("(b) RTOs of the query flows", "query size (fraction of the 2 MiB buffer)", "RTOs per query")
	for i, c := range qctBurstCases {
		var xs, ys, rs []float64
		for _, q := range sizes {
			p := qctBurstAt(pts, c.pol, c.alpha, q)
			xs, ys, rs = append(xs, q), append(ys, p.QCTus), append(rs, p.RTOs)
		}
		st := style{color: i, points: true, dashed: c.alpha == 1}
		if err := addLine(pq, qctCaseName(c), xs, ys, st); err != nil {
			return nil, err
		}
		if err := addLine(pr, qctCaseName(c), xs, rs, st); err != nil {
			return nil, err
		}
	}
	pq.Y.Min, pr.Y.Min = 0, 0
	pq.Legend.Left, pr.Legend.Left = true, true
	out.Figure = &Figure{Plots: [][]*plot.Plot{{pq, pr}}, Width: 30 * vg.Centimeter, Height: 12 * vg.Centimeter}
	for _, q := range sizes {
		line := fmt.Sprintf("query %3.0f%% of B:", 100*q)
		for _, c := range qctBurstCases {
			p := qctBurstAt(pts, c.pol, c.alpha, q)
			line += fmt.Sprintf(" %s %.0f µs (%.1f RTO)", qctCaseName(c), p.QCTus, p.RTOs)
		}
		out.Verdict = append(out.Verdict, line)
	}
	// Occamy's largest QCT reduction against each baseline over the sweep.
	for _, b := range []chokeCase{{"dt", true, 1}, {"dt", true, 8}, {"abm", true, 1}, {"abm", true, 8}} {
		best := 0.0
		for _, q := range sizes {
			o8, x := qctBurstAt(pts, "occamy", 8, q), qctBurstAt(pts, b.pol, b.alpha, q)
			best = math.Max(best, 100*(1-o8.QCTus/x.QCTus))
		}
		out.Verdict = append(out.Verdict, fmt.Sprintf("Occamy's average QCT is up to %.0f%% lower than %s's (paper: ~55%% vs DT, ~42%% vs ABM)", best, qctCaseName(b)))
	}
	line := "no RTO up to a query of:"
	for _, c := range qctBurstCases {
		line += fmt.Sprintf(" %s %.0f%%;", qctCaseName(c), 100*NoRTOUpTo(pts, c.pol, c.alpha, sizes))
	}
	out.Verdict = append(out.Verdict, line+" of B (paper: Occamy 80%, 33% and 60% more than DT and ABM)")
	return out, nil
}
