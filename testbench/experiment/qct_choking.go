package experiment

import (
	"context"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

// QCTPoint is one closed-loop run: a policy (and α label), with or without
// background, a query size; the average query completion time and the
// query flows' timeouts per query.
type QCTPoint struct {
	Policy     string
	Alpha      float64 // α of the query's class
	Background bool
	QueryFrac  float64 // query size, fraction of the buffer
	QCTus      float64 // average QCT, µs
	RTOs       float64 // timeouts of the query flows, per query
	DropsPerQ  float64 // query packets dropped per query
}

// The qct-choking sweep (paper Fig. 6a): query sizes as fractions of B.
var (
	QCTChokeQueries      = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}
	QCTChokeQueriesQuick = []float64{0.2, 0.6}
)

// qctQueries is the number of queries averaged per point.
func qctQueries(o Options) int {
	if o.Quick {
		return 2
	}
	return 8
}

var qctChoking = &Experiment{
	Name:    "qct-choking",
	Figure:  "Fig. 6a",
	Summary: "closed-loop DCTCP: average QCT of a high-priority 40-flow incast with and without 14 low-priority long-lived flows on its port, DT versus Occamy",
	runs:    func(o Options) int { return len(qctChokeCases) * len(qctChokeSizes(o)) },
	run:     runQCTChoking,
}

func qctChokeSizes(o Options) []float64 {
	if o.Quick {
		return QCTChokeQueriesQuick
	}
	return QCTChokeQueries
}

// qctChokeCases: as in the paper's testbed, the query's class gets α=8
// with the background and α=1 without, so it deserves the same buffer
// (B/2) in both; the low-priority classes have α=1.
var qctChokeCases = []chokeCase{{"dt", true, 8}, {"dt", false, 1}, {"occamy", true, 8}, {"occamy", false, 1}}

// qctChokeSetup is the testbed of the paper's Fig. 6a on the model: the
// receiver behind port 0; 5 hosts answer a query with 8 flows each (incast
// degree 40) into class 0 (high priority, strict); 2 other hosts send 14
// long-lived flows, two per low-priority class 1..7 of port 0.
func qctChokeSetup(c chokeCase, frac float64, queries int) (qctSetup, error) {
	exp := []int{0, 0, 0, 0, 0, 0, 0, 0}
	if c.alpha == 8 {
		exp[0] = 3
	}
	cfg, err := qctConfig(c.pol, exp)
	if err != nil {
		return qctSetup{}, err
	}
	// The testbed's port: the query's class above all, the seven
	// low-priority classes sharing what is left. DRR with quantum 65535
	// cells for class 0 and one packet for the others is that: class 0
	// takes >99.9% of the port while it has packets.
	cfg.Sched = tm.SchedDRR
	for i := range cfg.Quantum {
		cfg.Quantum[i] = 6
	}
	cfg.Quantum[0] = 65535
	s := qctSetup{Config: cfg, QueryQueue: 0, Hosts: []int{0, 1, 2, 3, 4}, Flows: 40, FlowPkts: queryPkts(frac, 40), Queries: queries}
	if c.bg {
		for h := 5; h <= 6; h++ {
			for cl := 1; cl <= 7; cl++ {
				s.Background = append(s.Background, traffic.Flow{Host: h, Queue: cl, Cells: 6})
			}
		}
	}
	return s, nil
}

// QCTChoking runs every case at every query size.
func QCTChoking(ctx context.Context, o Options, sizes []float64, prog func()) ([]QCTPoint, error) {
	type job struct {
		c chokeCase
		q float64
	}
	var jobs []job
	for _, c := range qctChokeCases {
		for _, q := range sizes {
			jobs = append(jobs, job{c, q})
		}
	}
	n := qctQueries(o)
	return parallel(ctx, o, len(jobs), prog, func(i int) (QCTPoint, error) {
		j := jobs[i]
		s, err := qctChokeSetup(j.c, j.q, n)
		if err != nil {
			return QCTPoint{}, err
		}
		r, err := runQCT(s)
		if err != nil {
			return QCTPoint{}, fmt.Errorf("qct-choking %s bg=%v query %.0f%%: %w", j.c.pol, j.c.bg, 100*j.q, err)
		}
		return QCTPoint{Policy: j.c.pol, Alpha: j.c.alpha, Background: j.c.bg, QueryFrac: j.q, QCTus: r.meanUS(),
			RTOs: float64(r.RTOs) / float64(n), DropsPerQ: float64(r.Drops) / float64(n)}, nil
	})
}

// qctAt returns the point of (pol, bg, q), or a zero point.
func qctAt(pts []QCTPoint, pol string, bg bool, q float64) QCTPoint {
	for _, p := range pts {
		if p.Policy == pol && p.Background == bg && p.QueryFrac == q {
			return p
		}
	}
	return QCTPoint{}
}

func qctRows(pts []QCTPoint) [][]string {
	var rows [][]string
	for _, p := range pts {
		rows = append(rows, []string{p.Policy, alphaName(p.Alpha), fmt.Sprint(p.Background), fmtF(p.QueryFrac), fmtF(p.QCTus), fmtF(p.RTOs), fmtF(p.DropsPerQ)})
	}
	return rows
}

var qctHeader = []string{"policy", "alpha", "background", "query_frac_of_B", "avg_qct_us", "rtos_per_query", "query_drops_per_query"}

func runQCTChoking(ctx context.Context, o Options, prog func()) (*Output, error) {
	sizes := qctChokeSizes(o)
	pts, err := QCTChoking(ctx, o, sizes, prog)
	if err != nil {
		return nil, err
	}
	out := &Output{Header: qctHeader, Rows: qctRows(pts)}
	pl := newPlot("Average QCT, 40-flow DCTCP incast, with and without low-priority background", "query size (fraction of the 2 MiB buffer)", "average QCT (µs)")
	for i, c := range qctChokeCases {
		var xs, ys []float64
		for _, q := range sizes {
			xs = append(xs, q)
			ys = append(ys, qctAt(pts, c.pol, c.bg, q).QCTus)
		}
		if err := addLine(pl, c.name(), xs, ys, style{color: i / 2, dashed: !c.bg, points: true}); err != nil {
			return nil, err
		}
	}
	pl.Y.Min = 0
	pl.Legend.Left = true
	out.Figure = &Figure{Plots: [][]*plot.Plot{{pl}}, Width: 18 * vg.Centimeter, Height: 11 * vg.Centimeter}
	worst := 0.0
	for _, q := range sizes {
		d1, d0 := qctAt(pts, "dt", true, q), qctAt(pts, "dt", false, q)
		o1, o0 := qctAt(pts, "occamy", true, q), qctAt(pts, "occamy", false, q)
		worst = max(worst, d1.QCTus/d0.QCTus)
		out.Verdict = append(out.Verdict, fmt.Sprintf("query %.0f%% of B: DT %.0f µs with background vs %.0f alone (%.1f×, %.1f RTOs/query); Occamy %.0f vs %.0f (%.1f×, %.1f RTOs/query)",
			100*q, d1.QCTus, d0.QCTus, d1.QCTus/d0.QCTus, d1.RTOs, o1.QCTus, o0.QCTus, o1.QCTus/o0.QCTus, o1.RTOs))
	}
	out.Verdict = append(out.Verdict, fmt.Sprintf("paper (Fig. 6a): with DT the low-priority background degrades the average QCT by up to ~8×; model: up to %.1f×", worst))
	return out, nil
}
