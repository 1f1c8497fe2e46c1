package scenario

import (
	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

// randomLoad offers random arrivals at a given load to every port, each
// packet to a class drawn uniformly, sizes bimodal, for 200000 cycles
// (--cycles changes it). It is the general workload of the benchmarks.
var randomLoad = &Scenario{
	Name:    "random-load",
	Summary: "random arrivals at a given load on every port, bimodal packet sizes",
	Figure:  "—",
	Paper: "No single figure: the paper's simulations run realistic workloads at 10–90% load (e.g. Fig. 6d " +
		"finds a median of ~38% free memory bandwidth at drop time even at 90% load), which is what makes " +
		"head drops cheap.",
	Measure: "offered load and throughput (fractions of line rate, all ports), drops by kind, the largest " +
		"buffer occupancy.",
	Params: []Param{
		{Name: "load", Default: 0.9, Min: 0.001, Max: 64, Doc: "offered load per port, in line rates"},
		{Name: "small_bytes", Default: 64, Min: 1, Max: traffic.MaxPacketBytes, Int: true, Doc: "small packet size"},
		{Name: "large_bytes", Default: 1500, Min: 1, Max: traffic.MaxPacketBytes, Int: true, Doc: "large packet size"},
		{Name: "large_frac", Default: 0.5, Min: 0, Max: 1, Doc: "fraction of large packets"},
	},
	Plan: func(cfg *tm.Config, v Values) (*Plan, error) {
		size := &traffic.SizeSpec{Dist: traffic.DistBimodal, Small: int(v["small_bytes"]), Large: int(v["large_bytes"]), LargeFrac: v["large_frac"]}
		return &Plan{
			Sources: []traffic.Spec{{Kind: traffic.KindRandom, Load: v["load"], Size: size}},
			Cycles:  200000,
			Metrics: func(r *Run) ([]Metric, error) { return loadMetrics(r), nil },
		}, nil
	},
}

// loadMetrics are the generic figures of a run: load, throughput, drops.
func loadMetrics(r *Run) []Metric {
	t := &r.Stats.Total
	lineCells := float64(r.Config.P) * float64(r.Cycles) / float64(r.Config.R)
	return []Metric{
		metric("offered_load", ratio(float64(t.Arrived.Cells), lineCells), "", "cells arrived / (P · cycles / R)"),
		metric("throughput", ratio(float64(t.Transmitted.Cells), lineCells), "", "cells transmitted / (P · cycles / R)"),
		metric("drop_frac", ratio(float64(t.AdmDropped.Cells+t.HeadDropped.Cells), float64(t.Arrived.Cells)), "", "cells dropped / arrived"),
		metric("adm_dropped_pkts", float64(t.AdmDropped.Pkts), "pkts", "packets refused by admission"),
		metric("head_dropped_pkts", float64(t.HeadDropped.Pkts), "pkts", "packets expelled"),
		metric("max_occupancy_cells", float64(t.MaxLen.Cells), "cells", "largest buffer occupancy"),
		metric("max_occupancy_frac", ratio(float64(t.MaxLen.Cells), float64(r.Config.B)), "", "max_occupancy_cells / B"),
	}
}

// custom runs only the sources given with --config or --source, for
// 100000 cycles unless --cycles says otherwise.
var custom = &Scenario{
	Name:    "custom",
	Summary: "only the sources given with --config or --source",
	Figure:  "—",
	Paper:   "—",
	Measure: "the generic figures of random-load: load, throughput, drops, occupancy.",
	Plan: func(cfg *tm.Config, v Values) (*Plan, error) {
		return &Plan{Cycles: 100000, Metrics: func(r *Run) ([]Metric, error) { return loadMetrics(r), nil }}, nil
	},
}

func init() {
	Register(randomLoad)
	Register(custom)
}
