package scenario

import (
	"fmt"
	"math"

	"occamy/hw/tm"
	"occamy/testbench/field"
	"occamy/testbench/traffic"
)

// burstAbsorption is the paper's Figs. 11–12: bg_queues long-lived flows
// keep queues on ports 0..bg_queues-1 (class 0) congested at their DT
// threshold; then an incast of `senders` senders at line rate each sends
// burst_bytes to class 0 of the last port. It reports the burst's losses,
// and — by re-running the same seed with bursts of every size, in a binary
// search over whole packets — the largest burst absorbed without any drop.
var burstAbsorption = &Scenario{
	Name:    "burst-absorption",
	Summary: "long-lived background queues at their DT threshold, then an incast burst to another port; the largest burst absorbed without a drop",
	Figure:  "Figs. 11–12",
	Paper: "Occamy gives the burst its fair share before dropping any of it, while DT does so only with " +
		"enough free-buffer reservation (α=1; not at α=4) (Fig. 11). Occamy absorbs 57% more burst than DT " +
		"at α=4; Occamy at α=4 absorbs 29% more than at α=1, while DT at α=4 absorbs 12% less than at α=1 (Fig. 12).",
	Measure: "the largest burst (cells) absorbed without a drop (binary search over re-runs), the burst's " +
		"dropped packets at the configured size, and the burst cells that arrived before its first drop.",
	Params: []Param{
		{Name: "bg_queues", Default: 1, Min: 1, Max: tm.MaxP - 1, Int: true, Doc: "congested background queues, class 0 of ports 0..bg_queues-1"},
		{Name: "bg_rate", Default: 4, Min: 1.01, Max: 64, Doc: "each background flow, in line rates"},
		{Name: "senders", Default: 16, Min: 1, Max: traffic.MaxSenders, Int: true, Doc: "incast senders, one line rate each (burst rate = senders line rates)"},
		{Name: "burst_bytes", Auto: "B·CellBytes/2 (half the buffer)", Min: 1, Max: traffic.MaxBurstBytes, Int: true, Doc: "burst size in bytes, all senders together"},
		{Name: "burst_start", Auto: "time for the background to reach its steady state αB/(1+nα), with margin", Min: 1, Max: 1e9, Int: true, Doc: "cycle the burst starts"},
		{Name: "search", Default: 1, Min: 0, Max: 1, Int: true, Doc: "1: binary-search the largest lossless burst (about log2(B) extra runs); 0: skip"},
		pktParam,
	},
	Plan: planBurstAbsorption,
}

func planBurstAbsorption(cfg *tm.Config, v Values) (*Plan, error) {
	n := int(v["bg_queues"])
	if n+1 > cfg.P {
		return nil, field.KeyErrorf("Params", fmt.Sprintf("bg_queues=%d", n), "out of range, allowed 1..%d (P-1 with P=%d)", cfg.P-1, cfg.P)
	}
	a := alphaOf(cfg, 0)
	b := float64(cfg.B)
	steady := a * b / (1 + float64(n)*a)
	if !v.Has("burst_start") {
		v["burst_start"] = float64(fillTime(cfg, steady, v["bg_rate"]-1))
	}
	if !v.Has("burst_bytes") {
		v["burst_bytes"] = math.Floor(b * float64(cfg.CellBytes) / 2)
	}
	start := uint64(v["burst_start"])
	senders := int(v["senders"])
	if int64(v["burst_bytes"]) < int64(senders) {
		return nil, field.KeyErrorf("Params", "burst_bytes="+fmtNum(v["burst_bytes"]), "out of range, allowed at least senders=%d", senders)
	}
	burstQ := (cfg.P-1)*cfg.Q + 0
	size := fixedSize(v["pkt_bytes"])
	pktCells := cellsOf(cfg, v["pkt_bytes"])
	var bg []traffic.Spec
	var bgQs []int
	for i := 0; i < n; i++ {
		bg = append(bg, traffic.Spec{Kind: traffic.KindConstant, Queue: intp(i * cfg.Q), Rate: v["bg_rate"], Size: size})
		bgQs = append(bgQs, i*cfg.Q)
	}
	burst := func(bytes int64) traffic.Spec {
		return traffic.Spec{Kind: traffic.KindIncast, Queue: intp(burstQ), Senders: senders, BurstBytes: bytes, Start: start, Size: size}
	}
	// A run lasts until the burst has arrived and its queue could drain.
	span := func(bytes int64) uint64 {
		cells := float64(bytes) / float64(cfg.CellBytes)
		arrive := cells * float64(cfg.R) / float64(senders)
		return start + uint64(arrive) + uint64(math.Min(cells, b))*uint64(cfg.R) + 2000
	}
	bytes := int64(v["burst_bytes"])
	groups := []Group{{Name: "bg", Queues: bgQs, Snap: start - 1}, {Name: "burst", Queues: []int{burstQ}}}
	return &Plan{
		Sources: append(bg, burst(bytes)),
		Cycles:  span(bytes),
		Groups:  groups,
		Metrics: func(r *Run) ([]Metric, error) {
			w := r.Watches["burst"]
			s := w.Sum(r.Stats)
			before := float64(w.ArrivedAtDrop.Cells)
			if w.FirstDrop < 0 {
				before = float64(s.Arrived.Cells)
			} else {
				before -= float64(w.DropAtDrop.Cells)
			}
			bgAt := 0.0
			for _, q := range bgQs {
				bgAt += float64(r.Watches["bg"].QlenAtSnap[q])
			}
			fair := a * b / (1 + float64(n+1)*a)
			ms := []Metric{
				metric("burst_pkts_offered", float64(s.Arrived.Pkts), "pkts", "burst packets that arrived"),
				metric("burst_cells_offered", float64(s.Arrived.Cells), "cells", "burst cells that arrived"),
				metric("burst_pkts_dropped", float64(s.AdmDropped.Pkts+s.HeadDropped.Pkts), "pkts", "burst packets dropped, admission and head"),
				metric("burst_pkts_adm_dropped", float64(s.AdmDropped.Pkts), "pkts", "burst packets refused by admission"),
				metric("burst_pkts_head_dropped", float64(s.HeadDropped.Pkts), "pkts", "burst packets expelled after admission"),
				metric("burst_cells_before_first_drop", before, "cells", "burst cells that arrived before its first drop"),
				metric("bg_cells_at_burst", bgAt, "cells", "background occupancy just before the burst"),
				metric("bg_steady_theory_cells", float64(n)*steady, "cells", "DT steady state of the background, n·αB/(1+nα)"),
				metric("fair_share_cells", fair, "cells", "the burst queue's DT share with all congested, αB/(1+(n+1)α)"),
			}
			if v["search"] == 1 {
				best, runs, err := searchLossless(r, bg, burst, span, pktCells, cfg)
				if err != nil {
					return nil, err
				}
				ms = append(ms,
					metric("max_lossless_burst_cells", float64(best), "cells", "largest burst absorbed without any drop (binary search over whole packets)"),
					metric("max_lossless_burst_frac", ratio(float64(best), b), "", "max_lossless_burst_cells / B"),
					metric("search_runs", float64(runs), "runs", "re-runs the search took"))
			}
			return ms, nil
		},
	}, nil
}

// searchLossless finds the largest burst, in whole packets, that loses no
// packet, by binary search between 0 (always lossless) and a buffer's worth
// plus one packet (never), and returns the cells that arrived in the
// largest lossless probe (senders' shares may end in a shorter packet, so
// this can exceed whole packets × cells). Each probe re-runs the scenario with the same
// seed and the same extra sources (--source, config file: r.Sources after
// the background and the burst, at the same indices so their random
// streams are the same) and stops at the burst's first drop. It assumes
// that a burst that is absorbed whole means every smaller one is too.
func searchLossless(r *Run, bg []traffic.Spec, burst func(int64) traffic.Spec, span func(int64) uint64, pktCells int, cfg *tm.Config) (cells, runs int, err error) {
	pktBytes := int64(pktCells * cfg.CellBytes)
	senders := int64(burst(0).Senders)
	lo, hi := int64(0), int64(cfg.B/pktCells)+1
	queue := *burst(0).Queue
	groups := []Group{{Name: "burst", Queues: []int{queue}}}
	stop := func(c uint64, run *Run) bool { return run.Watches["burst"].FirstDrop >= 0 }
	extra := r.Sources[len(bg)+1:]
	best := 0
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		bytes := max(mid*pktBytes, senders)
		specs := append(append(append([]traffic.Spec(nil), bg...), burst(bytes)), extra...)
		run, err := r.Rerun(specs, span(bytes), groups, stop)
		if err != nil {
			return 0, runs, err
		}
		runs++
		if run.Watches["burst"].FirstDrop < 0 {
			lo = mid
			best = int(run.Stats.Queues[queue].Arrived.Cells)
		} else {
			hi = mid
		}
	}
	return best, runs, nil
}

func init() { Register(burstAbsorption) }
