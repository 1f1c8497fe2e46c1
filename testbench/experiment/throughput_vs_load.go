package experiment

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"occamy/hw/tm"
	"occamy/testbench/throughput"
)

var throughputVsLoad = &Experiment{
	Name:    "throughput-vs-load",
	Figure:  "— (Fig. 6d for idle memory)",
	Summary: "expelled packets per clock versus load, for k = 1, 2, 4, 8 and both free modes",
	runs: func(o Options) int {
		g, _ := tvlGrid(o)
		pts, _ := g.Points()
		return len(pts)
	},
	run: runThroughputVsLoad,
}

// tvlGrid is the sweep: throughput.DefaultGrid, or k = 1, 4 at 0, 50, 90%
// with shorter runs when quick.
func tvlGrid(o Options) (throughput.Grid, throughput.Options) {
	g, opt := throughput.DefaultGrid(), throughput.DefaultOptions()
	opt.Seed = o.Seed
	if o.Quick {
		g.K, g.Load = []int{1, 4}, []float64{0, 50, 90}
		opt.B, opt.Window, opt.Warmup, opt.IdleCycles = 4096, 4000, 500, 2000
	}
	return g, opt
}

// ThroughputVsLoad runs the sweep.
func ThroughputVsLoad(ctx context.Context, o Options, prog func()) (*throughput.Report, error) {
	g, opt := tvlGrid(o)
	pts, err := g.Points()
	if err != nil {
		return nil, err
	}
	res, err := throughput.Sweep(ctx, pts, opt, o.Jobs, prog)
	if err != nil {
		return nil, err
	}
	return &throughput.Report{Options: opt, Results: res}, nil
}

func runThroughputVsLoad(ctx context.Context, o Options, prog func()) (*Output, error) {
	rep, err := ThroughputVsLoad(ctx, o, prog)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := throughput.WriteCSV(&b, rep); err != nil {
		return nil, err
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		return nil, err
	}
	out := &Output{Header: rows[0], Rows: rows[1:]}
	g, _ := tvlGrid(o)
	var panels []*plot.Plot
	for _, fm := range []tm.FreeMode{tm.FreeCell, tm.FreeChain} {
		p := newPlot(fmt.Sprintf("Head drops, %s freeing", map[tm.FreeMode]string{tm.FreeCell: "per-cell", tm.FreeChain: "chain"}[fm]), "normal load (% of line rate)", "packets expelled per clock")
		for i, k := range g.K {
			var xs, ys, bs []float64
			for _, r := range rep.Results {
				if r.Point.K == k && r.Point.FreeMode == fm {
					xs = append(xs, r.Point.Load)
					ys = append(ys, r.Expulsion.PktsPerClock)
					bs = append(bs, r.Bound.PktsPerClock)
				}
			}
			if err := addLine(p, fmt.Sprintf("k=%d", k), xs, ys, style{color: i, points: true}); err != nil {
				return nil, err
			}
			if err := addLine(p, "", xs, bs, style{color: i, dashed: true}); err != nil {
				return nil, err
			}
		}
		p.Y.Min, p.Y.Max = 0, 1.35 // the pipelined executor reaches ~1 packet per clock; room for the legend above the data
		p.Legend.Top, p.Legend.Left = true, true
		panels = append(panels, p)
	}
	idle := newPlot("Memory ports idle under the normal load", "normal load (% of line rate)", "free fraction per cycle: median (mean dashed)")
	for i, k := range g.K {
		var xs, ys, ms []float64
		for _, r := range rep.Results {
			if r.Point.K == k && r.Point.FreeMode == tm.FreeCell {
				xs = append(xs, r.Point.Load)
				ys = append(ys, r.Idle.P50)
				ms = append(ms, r.Idle.Mean)
			}
		}
		if err := addLine(idle, fmt.Sprintf("k=%d", k), xs, ys, style{color: i, points: true}); err != nil {
			return nil, err
		}
		if err := addLine(idle, "", xs, ms, style{color: i, dashed: true}); err != nil {
			return nil, err
		}
	}
	if err := addLine(idle, "paper, 90% load", []float64{90}, []float64{0.38}, style{color: 5, points: true}); err != nil {
		return nil, err
	}
	idle.Y.Min, idle.Y.Max = 0, 1.05
	idle.Legend.Top, idle.Legend.Left = false, true
	panels = append(panels, idle)
	out.Figure = &Figure{Plots: [][]*plot.Plot{panels}, Width: 36 * vg.Centimeter, Height: 12 * vg.Centimeter}
	out.Verdict = tvlVerdict(rep)
	return out, nil
}

// TVLAt returns the result at k, free mode and load (nil if absent).
func TVLAt(rep *throughput.Report, k int, fm tm.FreeMode, load float64) *throughput.Result {
	for i := range rep.Results {
		r := &rep.Results[i]
		if r.Point.K == k && r.Point.FreeMode == fm && r.Point.Load == load {
			return r
		}
	}
	return nil
}

func tvlVerdict(rep *throughput.Report) []string {
	var v []string
	for _, fm := range []tm.FreeMode{tm.FreeCell, tm.FreeChain} {
		for _, k := range []int{1, 4} {
			line := fmt.Sprintf("k=%d %-5s expelled pkts/clock:", k, fm)
			for _, l := range []float64{0, 50, 90} {
				if r := TVLAt(rep, k, fm, l); r != nil {
					line += fmt.Sprintf(" %.3f at %g%%", r.Expulsion.PktsPerClock, l)
					if l == 0 {
						line += fmt.Sprintf(" (bound %.3f),", r.Bound.PktsPerClock)
					} else {
						line += ","
					}
				}
			}
			v = append(v, line[:len(line)-1])
		}
	}
	if r := TVLAt(rep, 4, tm.FreeChain, 0); r != nil {
		v = append(v, fmt.Sprintf("paper: a packet every 2 cycles (0.5/clock); model, chain freeing, no load: %.3f/clock", r.Expulsion.PktsPerClock))
	}
	for _, k := range []int{1, 4} {
		if r := TVLAt(rep, k, tm.FreeCell, 90); r != nil {
			v = append(v, fmt.Sprintf("paper (Fig. 6d): median free memory bandwidth ~38%% at 90%% load; model k=%d: %.0f%% (p10 %.0f%%, p90 %.0f%%)",
				k, 100*r.Idle.P50, 100*r.Idle.P10, 100*r.Idle.P90))
		}
	}
	return v
}
