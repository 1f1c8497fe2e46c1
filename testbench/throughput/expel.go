package throughput

import (
	"context"
	"fmt"
	"math"

	"occamy/hw/tm"
)

// Constants of the expulsion run's burst (package documentation, run 1).
const (
	// burstOffers is the most refill packets offered in one cycle, below
	// tm's MaxOffers so the normal load's offers still fit.
	burstOffers = 64
	// quietCycles ends the window: this many cycles in a row without
	// demand after the burst was offered mean the over-allocation is gone.
	quietCycles = 64
	// minBurstPkts is the smallest burst worth its edges, in packets of
	// the largest size.
	minBurstPkts = 16
)

// expel is the expulsion run (package documentation, run 1). It returns
// the measurement and the mix of packets expelled in the window.
func expel(ctx context.Context, cfg tm.Config, p Point, o Options, dist []CellProb) (Expulsion, []CellProb, error) {
	r, err := newRunner(ctx, cfg, p, o)
	if err != nil {
		return Expulsion{}, nil, err
	}
	victim := victimClass // port 0
	refill := refillClass // port 0
	maxC := MaxCells(dist)
	pace := uint64(2 * maxC)
	sizes := newSampler(dist, o.Seed, 1)
	target := fillTarget(cfg, maxC)
	limit := uint64(cfg.B)*uint64(cfg.R)*4 + 100000
	// Phase 1: fill the victim at the enqueue engine's pace.
	if err := r.fill(victim, target, pace, limit, sizes); err != nil {
		return Expulsion{}, nil, err
	}
	// Phase 2: normal load warms up.
	r.startNormal()
	for i := uint64(0); i < o.Warmup; i++ {
		if _, err := r.step(); err != nil {
			return Expulsion{}, nil, err
		}
	}
	// Phase 3: refill bursts, each taking the free buffer at once, all but
	// a reserve that keeps the refill queue under its own threshold
	// (α = 128: a 1/129 share) and leaves the normal load some room; the
	// next burst starts when the over-allocation the last one made is gone
	// (quietCycles without demand), while a burst still makes room for at
	// least minBurstPkts of the largest packets.
	nextBurst := func() int {
		free := r.m.Probe().Free
		n := free - max(free/64, 2*maxC)
		if n < minBurstPkts*maxC {
			return 0
		}
		return n
	}
	burst := nextBurst()
	if burst == 0 {
		return Expulsion{}, nil, &SetupError{fmt.Sprintf("free buffer %d cells after the fill, too little for a burst of %d packets of %d cells", r.m.Probe().Free, minBurstPkts, maxC)}
	}
	var e Expulsion
	hd0 := r.m.Stats().Total.HeadDropped
	c := &classifier{prev: r.m.Probe().HD}
	expelled := make([]uint64, cfg.MaxPkt+1)
	quiet := 0
	for i := uint64(0); i < o.Window; i++ {
		for n := 0; n < burstOffers && burst > 0; n++ {
			s := sizes.draw()
			r.offer(tm.Arrival{Queue: refill, Cells: s})
			burst -= s
		}
		pr, err := r.step()
		if err != nil {
			return Expulsion{}, nil, err
		}
		if out := r.m.Outputs(); out.HDValid {
			expelled[out.HDCells]++
		}
		e.WindowCycles++
		if c.observe(&pr) {
			quiet = 0
		} else if quiet++; quiet >= quietCycles && burst <= 0 {
			if burst = nextBurst(); burst == 0 {
				break // the buffer is spent
			}
			e.Bursts++
			quiet = 0
		}
		if pr.Qlen[victim] < uint32(2*maxC) {
			break // nothing left to expel
		}
	}
	e.Bursts++
	hd := r.m.Stats().Total.HeadDropped
	e.Pkts, e.Cells = hd.Pkts-hd0.Pkts, hd.Cells-hd0.Cells
	c.fill(&e)
	if c.demand > 0 {
		d := float64(c.demand)
		e.PktsPerClock, e.CellsPerClock = float64(e.Pkts)/d, float64(e.Cells)/d
	}
	var mix []CellProb
	for n, k := range expelled {
		if k > 0 {
			mix = append(mix, CellProb{Cells: n, P: float64(k) / float64(e.Pkts)})
		}
	}
	return e, mix, nil
}

// fillTarget is the victim's fill: just under its DT steady state alone,
// αB/(1+α), and at least 4 of the largest packets (maxC cells).
func fillTarget(cfg tm.Config, maxC int) uint32 {
	alpha := math.Ldexp(1, victimAlpha)
	target := uint32(0.98 * alpha * float64(cfg.B) / (1 + alpha))
	return max(target, uint32(min(cfg.B, 4*maxC)))
}

// fill offers packets of the sizes' mix to queue victim at the enqueue
// engine's pace (at most pace cells admitted or offered and not yet
// written) until its length reaches target cells, counting the cells
// offered and not yet in the length (tm.SettleLag cycles of them), or a
// packet of it is refused.
func (r *runner) fill(victim int, target uint32, pace, limit uint64, sizes *sampler) error {
	vst := &r.st.Queues[victim]
	for {
		if r.cycle > limit {
			return &SetupError{fmt.Sprintf("queue %d did not fill to %d cells in %d cycles", victim, target, limit)}
		}
		if r.backlog() < pace {
			r.offer(tm.Arrival{Queue: victim, Cells: sizes.draw()})
		}
		pr, err := r.step()
		if err != nil {
			return err
		}
		if uint64(pr.Qlen[victim])+r.flying.N() >= uint64(target) || vst.AdmDropped.Pkts > 0 {
			return nil
		}
	}
}
