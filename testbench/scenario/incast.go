package scenario

import (
	"fmt"
	"math"

	"occamy/hw/tm"
	"occamy/testbench/field"
	"occamy/testbench/traffic"
)

// The paper's Fig. 6 experiments: a high-priority incast (class 0 of port
// 0, α from --alpha) meets low-priority long-lived flows on lp_queues
// low-priority classes (1..lp_queues, α = lp_alpha). Scheduling is strict
// priority, class 0 first. In buffer-choking (Fig. 6a) the low-priority
// queues share port 0 with the incast, so once the incast arrives they do
// not drain at all; in incast (Fig. 6b) they sit on port 1 and drain, but
// the incast arrives faster than DT can move buffer to it.

var incastParams = []Param{
	{Name: "senders", Default: 40, Min: 1, Max: traffic.MaxSenders, Int: true, Doc: "incast senders (the paper's incast degree), one line rate each"},
	{Name: "query_bytes", Auto: "0.4·B·CellBytes", Min: 1, Max: traffic.MaxBurstBytes, Int: true, Doc: "incast size in bytes, all senders together (the query size)"},
	{Name: "lp_queues", Default: 7, Min: 0, Max: tm.MaxQ - 1, Int: true, Doc: "low-priority queues, classes 1..lp_queues"},
	{Name: "lp_rate", Default: 2, Min: 0.01, Max: 64, Doc: "long-lived traffic per low-priority queue, in line rates (the paper: 14 flows on 7 queues)"},
	{Name: "lp_alpha", Default: 1, Min: 1.0 / 256, Max: 128, Doc: "α of the low-priority classes (a power of two); --alpha sets the incast's class 0"},
	{Name: "background", Default: 1, Min: 0, Max: 1, Int: true, Doc: "1: with the low-priority traffic; 0: the incast alone (the paper's baseline)"},
	{Name: "incast_start", Auto: "time for the low-priority queues to reach their DT steady state, with margin", Min: 1, Max: 1e9, Int: true, Doc: "cycle the incast starts"},
	pktParam,
}

var bufferChoking = &Scenario{
	Name:    "buffer-choking",
	Summary: "high-priority incast and low-priority long-lived queues on the same egress port (strict priority)",
	Figure:  "Fig. 6a",
	Paper: "With DT (α=8 for the high-priority queue, α=1 for seven low-priority queues), the low-priority " +
		"traffic raises the incast's average query completion time by up to ~8× although the incast deserves " +
		"the same buffer with or without it: the low-priority queues cannot drain (buffer choking) and the " +
		"incast is dropped before it gets its share.",
	Measure: "the incast's dropped packets and drop fraction, its largest queue against its deserved " +
		"share, and the low-priority occupancy when it starts; run with --param background=0 for the baseline.",
	Params:    incastParams,
	Configure: func(cfg *tm.Config) { cfg.Sched = tm.SchedSP },
	Plan:      func(cfg *tm.Config, v Values) (*Plan, error) { return planIncast(cfg, v, true) },
}

var incastScenario = &Scenario{
	Name:    "incast",
	Summary: "high-priority incast on port 0, low-priority long-lived queues on port 1",
	Figure:  "Fig. 6b",
	Paper: "With the two kinds of traffic congested at different ports (no buffer choking), the background " +
		"still raises the incast's average query completion time by up to ~2×: DT does not move buffer to a " +
		"fast incast quickly enough.",
	Measure: "the same figures as buffer-choking, with the low-priority queues on port 1.",
	Params:  incastParams,
	Configure: func(cfg *tm.Config) {
		cfg.Sched = tm.SchedSP
	},
	Plan: func(cfg *tm.Config, v Values) (*Plan, error) { return planIncast(cfg, v, false) },
}

func planIncast(cfg *tm.Config, v Values, samePort bool) (*Plan, error) {
	lp := int(v["lp_queues"])
	if lp+1 > cfg.Q {
		return nil, field.KeyErrorf("Params", fmt.Sprintf("lp_queues=%d", lp), "out of range, allowed 0..%d (Q-1 with Q=%d)", cfg.Q-1, cfg.Q)
	}
	lpPort := 0
	if !samePort {
		if cfg.P < 2 {
			return nil, field.Errorf("TM.P", "P=%d, scenario incast needs at least 2 ports", cfg.P)
		}
		lpPort = 1
	}
	lpExp, err := alphaExp(v["lp_alpha"], cfg.AW)
	if err != nil {
		return nil, &field.Error{Field: "Params", Key: "lp_alpha", Err: err}
	}
	for c := 1; c < cfg.Q; c++ {
		cfg.AlphaExp[c] = lpExp
	}
	bg := v["background"] == 1 && lp > 0
	b := float64(cfg.B)
	aHP, aLP := alphaOf(cfg, 0), alphaOf(cfg, 1%cfg.Q)
	sumLP := 0.0
	if bg {
		sumLP = float64(lp) * aLP
	}
	lpSteady := aLP * b / (1 + sumLP)
	deserved := aHP * b / (1 + aHP + sumLP)
	if !v.Has("incast_start") {
		start := 2000.0
		if bg {
			start = float64(fillTime(cfg, lpSteady, math.Max(v["lp_rate"]-1, v["lp_rate"]/2)))
		}
		v["incast_start"] = start
	}
	if !v.Has("query_bytes") {
		v["query_bytes"] = math.Floor(0.4 * b * float64(cfg.CellBytes))
	}
	start := uint64(v["incast_start"])
	senders := int(v["senders"])
	query := int64(v["query_bytes"])
	if query < int64(senders) {
		return nil, field.KeyErrorf("Params", fmt.Sprintf("query_bytes=%d", query), "out of range, allowed at least senders=%d", senders)
	}
	size := fixedSize(v["pkt_bytes"])
	hpQ := 0
	var srcs []traffic.Spec
	var lpQs []int
	if bg {
		for c := 1; c <= lp; c++ {
			q := lpPort*cfg.Q + c
			lpQs = append(lpQs, q)
			srcs = append(srcs, traffic.Spec{Kind: traffic.KindConstant, Queue: intp(q), Rate: v["lp_rate"], Size: size})
		}
	}
	srcs = append(srcs, traffic.Spec{Kind: traffic.KindIncast, Queue: intp(hpQ), Senders: senders, BurstBytes: query, Start: start, Size: size})
	cells := float64(query) / float64(cfg.CellBytes)
	cycles := start + uint64(cells*float64(cfg.R)/float64(senders)) + uint64(math.Min(cells, b))*uint64(cfg.R) + 2000
	groups := []Group{{Name: "hp", Queues: []int{hpQ}, Snap: start - 1}}
	if len(lpQs) > 0 {
		groups = append(groups, Group{Name: "lp", Queues: lpQs})
	}
	return &Plan{
		Sources: srcs,
		Cycles:  cycles,
		Groups:  groups,
		Metrics: func(r *Run) ([]Metric, error) {
			w := r.Watches["hp"]
			s := w.Sum(r.Stats)
			lpAt, lpHD, lpAD := 0.0, 0.0, 0.0
			for _, q := range lpQs {
				lpAt += float64(w.QlenAtSnap[q])
				lpHD += float64(r.Stats.Queues[q].HeadDropped.Pkts)
				lpAD += float64(r.Stats.Queues[q].AdmDropped.Pkts)
			}
			drop := s.AdmDropped.Pkts + s.HeadDropped.Pkts
			done := -1.0
			if w.LastTx >= 0 {
				done = float64(w.LastTx - int64(start))
			}
			return []Metric{
				metric("incast_pkts_offered", float64(s.Arrived.Pkts), "pkts", "incast packets that arrived"),
				metric("incast_pkts_dropped", float64(drop), "pkts", "incast packets dropped, admission and head"),
				metric("incast_drop_frac", ratio(float64(drop), float64(s.Arrived.Pkts)), "", "incast packets dropped / arrived"),
				metric("incast_max_len_cells", float64(w.MaxLen), "cells", "the incast queue's largest length"),
				metric("incast_deserved_cells", deserved, "cells", "its DT share with every queue congested, α_hp·B/(1+α_hp+Σα_lp)"),
				metric("incast_at_first_drop_cells", float64(w.LenAtFirstDrop), "cells", "the incast queue's length at its first drop (0: none)"),
				metric("lp_cells_at_incast", lpAt, "cells", "low-priority occupancy just before the incast"),
				metric("lp_steady_theory_cells", float64(len(lpQs))*lpSteady, "cells", "their DT steady state, lp·α_lp·B/(1+lp·α_lp)"),
				metric("lp_pkts_head_dropped", lpHD, "pkts", "low-priority packets expelled"),
				metric("lp_pkts_adm_dropped", lpAD, "pkts", "low-priority packets refused by admission"),
				metric("incast_last_tx_after_cycles", done, "cycles", "cycles from the incast start to its last packet's transmission (open loop: no retransmissions, so not a QCT)"),
			}, nil
		},
	}, nil
}

func init() {
	Register(bufferChoking)
	Register(incastScenario)
}
