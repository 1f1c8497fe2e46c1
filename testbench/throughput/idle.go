package throughput

import (
	"context"
	"math"

	"occamy/hw/tm"
)

// Idle is the distribution, over the cycles of the idle-port run, of the
// fraction of all memory ports (reads and writes of the PD, cell-pointer
// and cell-data memories) that the normal load left unused, and each
// memory's mean unused fraction.
type Idle struct {
	P10  float64 `json:"p10"`
	P50  float64 `json:"p50"` // the median: paper Fig. 6d reports ~0.38 at 90% load
	P90  float64 `json:"p90"`
	Mean float64 `json:"mean"`
	PD   float64 `json:"pd_mean"`
	CP   float64 `json:"cp_mean"`
	CD   float64 `json:"cd_mean"`
}

// hist counts cycles by ports used, 0..budget.
type hist struct {
	n      []uint64
	total  uint64
	budget int
}

func newHist(budget int) *hist { return &hist{n: make([]uint64, budget+1), budget: budget} }

func (h *hist) add(used int) {
	h.n[min(max(used, 0), h.budget)]++
	h.total++
}

// freeQuantile is the nearest-rank q-quantile of the free fraction
// 1 - used/budget: the value at rank ⌈q·N⌉ of the cycles sorted by
// increasing free fraction (so by decreasing use).
func (h *hist) freeQuantile(q float64) float64 {
	if h.total == 0 {
		return 1
	}
	rank := uint64(math.Ceil(q * float64(h.total)))
	rank = max(rank, 1)
	var acc uint64
	for u := h.budget; u >= 0; u-- {
		acc += h.n[u]
		if acc >= rank {
			return 1 - float64(u)/float64(h.budget)
		}
	}
	return 1
}

func (h *hist) freeMean() float64 {
	if h.total == 0 {
		return 1
	}
	s := 0.0
	for u, n := range h.n {
		s += float64(n) * float64(u)
	}
	return 1 - s/float64(h.total)/float64(h.budget)
}

// memBudget is a memory's read plus write ports.
func memBudget(m tm.MemConfig) int { return m.ReadPorts + m.WritePorts }

// idlePorts is the idle-port run (package documentation, run 2).
func idlePorts(ctx context.Context, cfg tm.Config, p Point, o Options) (Idle, error) {
	budgets := [tm.NumMems]int{memBudget(cfg.PD), memBudget(cfg.CP), memBudget(cfg.CD)}
	all := newHist(budgets[0] + budgets[1] + budgets[2])
	var per [tm.NumMems]*hist
	for i := range per {
		per[i] = newHist(budgets[i])
	}
	if p.Load > 0 {
		r, err := newRunner(ctx, cfg, p, o)
		if err != nil {
			return Idle{}, err
		}
		r.startNormal()
		for i := uint64(0); i < o.Warmup+o.IdleCycles; i++ {
			pr, err := r.step()
			if err != nil {
				return Idle{}, err
			}
			if i < o.Warmup {
				continue
			}
			sum := 0
			for mi := range pr.Ports {
				u := pr.Ports[mi].Reads + pr.Ports[mi].Writes - pr.HDPorts[mi].Reads - pr.HDPorts[mi].Writes
				per[mi].add(u)
				sum += u
			}
			all.add(sum)
		}
	}
	return Idle{P10: all.freeQuantile(0.1), P50: all.freeQuantile(0.5), P90: all.freeQuantile(0.9), Mean: all.freeMean(),
		PD: per[tm.MemPD].freeMean(), CP: per[tm.MemCP].freeMean(), CD: per[tm.MemCD].freeMean()}, nil
}
