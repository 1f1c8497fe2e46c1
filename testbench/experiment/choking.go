package experiment

import (
	"context"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// ChokePoint is one run of the choking experiment.
type ChokePoint struct {
	Policy     string
	Background bool    // with the seven low-priority queues on the incast's port
	Alpha      float64 // α of the incast's class (8 with background, 1 alone: the same deserved share)
	QueryFrac  float64 // incast size, fraction of the buffer
	DropFrac   float64 // incast packets dropped / arrived
	MaxLen     float64 // the incast queue's largest length, cells
	Deserved   float64 // its DT share, cells
}

// Query sizes of the choking sweep, fractions of the buffer.
var (
	ChokeQueries      = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}
	ChokeQueriesQuick = []float64{0.2, 0.6}
)

var choking = &Experiment{
	Name:    "choking",
	Figure:  "Fig. 6a",
	Summary: "loss of a high-priority incast with and without low-priority background on its port, DT versus Occamy",
	runs:    func(o Options) int { return len(chokeCases) * len(chokeQueries(o)) },
	run:     runChoking,
}

func chokeQueries(o Options) []float64 {
	if o.Quick {
		return ChokeQueriesQuick
	}
	return ChokeQueries
}

type chokeCase struct {
	pol   string
	bg    bool
	alpha float64
}

// chokeCases: DT and Occamy with and without the background, and the ideal
// and port-limited Pushout with it (α only sets the admission of the DT
// policies; Pushout ignores it).
var chokeCases = []chokeCase{{"dt", true, 8}, {"dt", false, 1}, {"occamy", true, 8}, {"occamy", false, 1},
	{"pushout", true, 8}, {"pushout-ports", true, 8}}

func (c chokeCase) name() string {
	n := map[string]string{"dt": "DT", "occamy": "Occamy", "pushout": "Pushout (ideal)", "pushout-ports": "Pushout (port-limited)"}[c.pol]
	if c.pol == "pushout" || c.pol == "pushout-ports" {
		return n + " with background"
	}
	if c.bg {
		return n + " with background (α=8)"
	}
	return n + " alone (α=1)"
}

// Choking runs the buffer-choking scenario (40-sender incast, seven
// low-priority long-lived queues at α=1 on the same port, strict priority)
// for each case and query size.
func Choking(ctx context.Context, o Options, queries []float64, prog func()) ([]ChokePoint, error) {
	type job struct {
		c chokeCase
		q float64
	}
	var jobs []job
	for _, c := range chokeCases {
		for _, q := range queries {
			jobs = append(jobs, job{c, q})
		}
	}
	const b, cellBytes = 16384, 256 // the scenario's default switch
	return parallel(ctx, o, len(jobs), prog, func(i int) (ChokePoint, error) {
		j := jobs[i]
		bg := 0.0
		if j.c.bg {
			bg = 1
		}
		r, err := scenarioRun("buffer-choking", j.c.pol, j.c.alpha,
			map[string]float64{"background": bg, "query_bytes": float64(int64(j.q * b * cellBytes))}, o.Seed)
		if err != nil {
			return ChokePoint{}, err
		}
		return ChokePoint{Policy: j.c.pol, Background: j.c.bg, Alpha: j.c.alpha, QueryFrac: j.q,
			DropFrac: metricOf(r, "incast_drop_frac"), MaxLen: metricOf(r, "incast_max_len_cells"),
			Deserved: metricOf(r, "incast_deserved_cells")}, nil
	})
}

func runChoking(ctx context.Context, o Options, prog func()) (*Output, error) {
	queries := chokeQueries(o)
	pts, err := Choking(ctx, o, queries, prog)
	if err != nil {
		return nil, err
	}
	out := &Output{Header: []string{"policy", "background", "alpha", "query_frac_of_B", "incast_drop_frac", "incast_max_len_cells", "incast_deserved_cells"}}
	for _, p := range pts {
		out.Rows = append(out.Rows, []string{p.Policy, fmt.Sprint(p.Background), alphaName(p.Alpha), fmtF(p.QueryFrac),
			fmtF(p.DropFrac), fmtF(p.MaxLen), fmtF(p.Deserved)})
	}
	pl := newPlot("High-priority incast loss, with and without low-priority background", "query size (fraction of the buffer)", "incast packets dropped (fraction)")
	for i, c := range chokeCases {
		var xs, ys []float64
		for _, p := range pts {
			if p.Policy == c.pol && p.Background == c.bg {
				xs = append(xs, p.QueryFrac)
				ys = append(ys, p.DropFrac)
			}
		}
		if err := addLine(pl, c.name(), xs, ys, style{color: []int{0, 0, 1, 1, 2, 4}[i], dashed: !c.bg, points: true}); err != nil {
			return nil, err
		}
	}
	pl.Y.Min, pl.Y.Max = 0, 1.35 // room for the legend above the data
	pl.Y.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0, Label: "0"}, {Value: 0.25, Label: "0.25"}, {Value: 0.5, Label: "0.5"},
		{Value: 0.75, Label: "0.75"}, {Value: 1, Label: "1"}})
	pl.Legend.Left = true
	out.Figure = &Figure{Plots: [][]*plot.Plot{{pl}}, Width: 18 * vg.Centimeter, Height: 11 * vg.Centimeter}
	out.Verdict = chokeVerdict(pts, queries)
	return out, nil
}

// ChokeDrop returns the drop fraction of a case at a query size (-1 if absent).
func ChokeDrop(pts []ChokePoint, pol string, bg bool, q float64) float64 {
	for _, p := range pts {
		if p.Policy == pol && p.Background == bg && p.QueryFrac == q {
			return p.DropFrac
		}
	}
	return -1
}

func chokeVerdict(pts []ChokePoint, queries []float64) []string {
	var v []string
	for _, q := range queries {
		v = append(v, fmt.Sprintf("query %.0f%% of B: DT drops %.0f%% with background vs %.0f%% alone; Occamy %.0f%% vs %.0f%%; with background ideal Pushout %.0f%%, port-limited Pushout %.0f%%",
			100*q, 100*ChokeDrop(pts, "dt", true, q), 100*ChokeDrop(pts, "dt", false, q),
			100*ChokeDrop(pts, "occamy", true, q), 100*ChokeDrop(pts, "occamy", false, q),
			100*ChokeDrop(pts, "pushout", true, q), 100*ChokeDrop(pts, "pushout-ports", true, q)))
	}
	worse, better := 0, 0
	for _, q := range queries {
		if ChokeDrop(pts, "dt", true, q) > ChokeDrop(pts, "dt", false, q) {
			worse++
		}
		if ChokeDrop(pts, "occamy", true, q) <= ChokeDrop(pts, "dt", true, q) {
			better++
		}
	}
	v = append(v, fmt.Sprintf("paper (Fig. 6a): with DT the background makes the incast lose buffer it deserves (QCT up to ~8× worse); model: DT with background loses more than alone at %d of %d sizes, Occamy loses no more than DT with background at %d of %d",
		worse, len(queries), better, len(queries)))
	return v
}
