package scenario

import (
	"math"

	"occamy/hw/tm"
	"occamy/testbench/field"
	"occamy/testbench/traffic"
)

// dtTwoQueue is the paper's Fig. 3: queue 1 (port 0, class 0) is congested
// by a long-lived flow and sits at its DT threshold; then a burst arrives
// at queue 2 (port 1, class 0). Both queues drain at line rate on their
// own ports. Under DT, queue 1 can only shrink as fast as its port drains
// it (1/R cells a cycle), while the threshold falls α/(1+α) times as fast
// as queue 2 grows ((burst_rate − 1)/R); so DT is healthy when
// burst_rate ≤ 2 + 1/α and anomalous above. Healthy: queue 2 is first
// dropped near its fair share αB/(1+2α). Anomalous: much earlier.
var dtTwoQueue = &Scenario{
	Name:    "dt-two-queue",
	Summary: "one queue in DT steady state, then a burst to a second queue (healthy or anomalous by the burst rate)",
	Figure:  "Fig. 3",
	Paper: "With DT, the threshold falls as the burst queue grows; in the healthy case (3a) the congested " +
		"queue drains as fast as the threshold falls and both end with the same share; in the anomalous " +
		"case (3b), with a fast burst or a slowly draining queue, the congested queue keeps more than its " +
		"share and the burst is dropped before it gets its own.",
	Measure: "the burst queue's length at its first drop, as a fraction of the fair share αB/(1+2α) " +
		"(about 1 healthy, well below 1 anomalous), and the congested queue's length at that moment.",
	Params: []Param{
		{Name: "bg_rate", Default: 4, Min: 1.01, Max: 64, Doc: "queue 1's long-lived flow, in line rates (above 1 so it congests)"},
		{Name: "burst_rate", Default: 8, Min: 1.01, Max: 64, Doc: "queue 2's burst, in line rates; DT is healthy at or below 2+1/α (e.g. 1.5) and anomalous above (e.g. 8)"},
		{Name: "burst_start", Auto: "time for queue 1 to reach its steady state αB/(1+α), with margin", Min: 0, Max: 1e9, Int: true, Doc: "cycle the burst starts"},
		{Name: "burst_bytes", Auto: "4·B·CellBytes (long enough for queue 2 to reach its share)", Min: 1, Max: traffic.MaxBurstBytes, Int: true, Doc: "burst size in bytes"},
		pktParam,
	},
	Plan: planDTTwoQueue,
}

func planDTTwoQueue(cfg *tm.Config, v Values) (*Plan, error) {
	if cfg.P < 2 {
		return nil, field.Errorf("TM.P", "P=%d, scenario dt-two-queue needs at least 2 ports", cfg.P)
	}
	a := alphaOf(cfg, 0)
	b := float64(cfg.B)
	q1, q2 := 0, cfg.Q
	steady := a * b / (1 + a)
	fair := a * b / (1 + 2*a)
	if !v.Has("burst_start") {
		v["burst_start"] = float64(fillTime(cfg, steady, v["bg_rate"]-1))
	}
	if !v.Has("burst_bytes") {
		v["burst_bytes"] = 4 * b * float64(cfg.CellBytes)
	}
	start := uint64(v["burst_start"])
	growth := (v["burst_rate"] - 1) / float64(cfg.R) // cells per cycle
	cycles := start + uint64(math.Ceil(1.5*fair/growth)) + 2000
	size := fixedSize(v["pkt_bytes"])
	return &Plan{
		Sources: []traffic.Spec{
			{Kind: traffic.KindConstant, Queue: intp(q1), Rate: v["bg_rate"], Size: size},
			{Kind: traffic.KindOnOff, Queue: intp(q2), Rate: v["burst_rate"], BurstBytes: int64(v["burst_bytes"]), Count: 1, Start: start, Size: size},
		},
		Cycles: cycles,
		Groups: []Group{{Name: "q1", Queues: []int{q1}, Snap: start - 1}, {Name: "q2", Queues: []int{q2}}},
		Metrics: func(r *Run) ([]Metric, error) {
			w1, w2 := r.Watches["q1"], r.Watches["q2"]
			at := w2.LenAtFirstDrop
			share := ratio(float64(at), fair)
			anom := 0.0
			if w2.FirstDrop >= 0 && share < 0.9 {
				anom = 1
			}
			firstDrop := -1.0
			if w2.FirstDrop >= 0 {
				firstDrop = float64(w2.FirstDrop - int64(start))
			}
			s2 := w2.Sum(r.Stats)
			return []Metric{
				metric("q1_steady_cells", float64(w1.QlenAtSnap[q1]), "cells", "queue 1 just before the burst"),
				metric("q1_steady_theory_cells", steady, "cells", "DT steady state αB/(1+α)"),
				metric("fair_share_cells", fair, "cells", "each queue's DT share with both congested, αB/(1+2α)"),
				metric("q2_first_drop_after_cycles", firstDrop, "cycles", "cycles from the burst start to queue 2's first drop (-1: none)"),
				metric("q2_at_first_drop_cells", float64(at), "cells", "queue 2's length at its first drop"),
				metric("q2_share_at_first_drop", share, "", "q2_at_first_drop / fair_share: about 1 healthy, below 0.9 anomalous"),
				metric("q1_at_q2_first_drop_cells", float64(w2.QlenAtDrop[q1]), "cells", "queue 1's length when queue 2 is first dropped"),
				metric("anomalous", anom, "", "1 when queue 2 was dropped before reaching 90% of its fair share"),
				metric("q2_dropped_pkts", float64(s2.AdmDropped.Pkts+s2.HeadDropped.Pkts), "pkts", "burst packets dropped (admission and head)"),
				metric("q1_final_cells", float64(r.Stats.Queues[q1].Len.Cells), "cells", "queue 1 at the end"),
				metric("q2_final_cells", float64(r.Stats.Queues[q2].Len.Cells), "cells", "queue 2 at the end"),
			}, nil
		},
	}, nil
}

func init() { Register(dtTwoQueue) }
