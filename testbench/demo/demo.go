// Package demo is the default job of `make run`: the Occamy expulsion path
// (threshold → selector → arbiter → executor) on seeded random queue
// lengths.
//
// The run has two phases. In the fill phase one cell arrives per cycle, in
// packets of random size, to queues drawn with a skew (low-numbered queues
// are hotter), so a few queues grow past their DT thresholds while the
// buffer fills and the thresholds fall. Expulsion runs all along. In the
// drain phase arrivals stop and the run continues until no queue is
// over-allocated (or a cycle limit). The summary shows how many packets
// were expelled and how fast, and each queue's final length against its
// threshold.
package demo

import (
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"text/tabwriter"

	"occamy/hw/expulsion"
	"occamy/rtl"
)

// Config is a demo run.
type Config struct {
	Params     expulsion.Params
	AlphaExp   int    // α = 2^AlphaExp for every class
	Seed       uint64 // random seed
	FillCycles uint64 // cycles with arrivals
	MaxCycles  uint64 // hard stop, including the drain phase
	MaxPktCell int    // packet size drawn uniformly from 1..MaxPktCell cells
	ResetLen   uint64 // cycles of reset at the start
}

// DefaultConfig is the `make run` job: defaults of the expulsion path at α=8.
func DefaultConfig() Config {
	p := expulsion.DefaultParams()
	return Config{Params: p, AlphaExp: 3, Seed: 1, FillCycles: 20000, MaxCycles: 100000, MaxPktCell: 8, ResetLen: 2}
}

// Result summarises a run.
type Result struct {
	Cycles        uint64   // cycles simulated, reset included
	CellsArrived  uint64   // cells accepted by the enqueue port
	PktsArrived   uint64   // complete packets enqueued
	CellsRefused  uint64   // cells offered while enq_ready_o was low
	PktsExpelled  uint64   // packets dropped by the executor
	CellsExpelled uint64   // their cells
	BusyCycles    uint64   // cycles in which the arbiter had a grant
	Qlen          []uint32 // final queue lengths, cells
	Thr           []uint32 // final threshold of each queue
	Free          uint32   // final free cells
	Drained       bool     // the run stopped because no queue was over-allocated
	Over          int      // queues over their threshold at the end
}

// Run executes the demo. When tr is not nil the run is traced through it
// (for example a VCD writer); the tracer is closed before Run returns.
func Run(cfg Config, tr rtl.Tracer) (*Result, error) {
	if cfg.MaxPktCell < 1 {
		return nil, fmt.Errorf("demo: MaxPktCell=%d, want at least 1", cfg.MaxPktCell)
	}
	top, err := expulsion.New(cfg.Params)
	if err != nil {
		return nil, err
	}
	lo, hi := -(1 << (cfg.Params.AW - 1)), 1<<(cfg.Params.AW-1)-1
	if cfg.AlphaExp < lo || cfg.AlphaExp > hi {
		return nil, fmt.Errorf("demo: alpha exponent %d out of range, allowed %d..%d for AW=%d", cfg.AlphaExp, lo, hi, cfg.Params.AW)
	}
	for c := range top.AlphaI {
		top.AlphaI[c] = int8(cfg.AlphaExp)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x0cca))
	res := &Result{}
	n := cfg.Params.N
	// Packet under construction.
	var curQ uint16
	var left int
	pick := func() uint16 {
		// Skew: half the packets go to the first eighth of the queues.
		hot := max(n/8, 1)
		if rng.IntN(2) == 0 {
			return uint16(rng.IntN(hot))
		}
		return uint16(rng.IntN(n))
	}
	stim := rtl.Comb(func() {
		top.RstNI = res.Cycles >= cfg.ResetLen
		top.EnqValidI = false
		// Arrivals stop after the fill phase, once the packet under way is
		// complete, so that no partial packet is left behind.
		if !top.RstNI || (res.Cycles >= cfg.FillCycles+cfg.ResetLen && left == 0) {
			return
		}
		if left == 0 {
			curQ, left = pick(), 1+rng.IntN(cfg.MaxPktCell)
		}
		top.EnqValidI, top.EnqQidI, top.EnqEopI = true, curQ, left == 1
	})
	// Bookkeeping after evaluation, before the edge.
	account := rtl.Comb(func() {
		if !top.RstNI {
			return
		}
		if top.EnqValidI {
			if top.Exe.EnqReadyO {
				res.CellsArrived++
				left--
				if left == 0 {
					res.PktsArrived++
				}
			} else {
				res.CellsRefused++
			}
		}
		if top.Arb.GntValidO {
			res.BusyCycles++
		}
		if top.Exe.DropAckO {
			res.PktsExpelled++
			res.CellsExpelled += uint64(top.Exe.DropCellsO)
		}
	})
	sim := rtl.NewSim()
	sim.Add("stim", stim)
	sim.Add("top", top)
	sim.Add("account", account)
	if tr != nil {
		if err := sim.Trace(tr); err != nil {
			return nil, err
		}
	}
	for sim.Cycle() < cfg.MaxCycles {
		if err := sim.Step(); err != nil {
			return nil, err
		}
		res.Cycles = sim.Cycle()
		// The executor's own consistency check, cheap enough at demo sizes
		// every 1024 cycles and at the end.
		if res.Cycles&1023 == 0 {
			if err := top.Exe.Check(); err != nil {
				return nil, fmt.Errorf("cycle %d: %w", res.Cycles, err)
			}
		}
		if res.Cycles > cfg.FillCycles+cfg.ResetLen+4 && !top.Sel.OverO.Any() && !top.Arb.GntValidO {
			res.Drained = true
			break
		}
	}
	if err := sim.Close(); err != nil {
		return nil, err
	}
	if err := top.Exe.Check(); err != nil {
		return nil, fmt.Errorf("end of run: %w", err)
	}
	top.Eval()
	res.Free = top.Exe.FreeO()
	for i := 0; i < n; i++ {
		res.Qlen = append(res.Qlen, top.Exe.QlenO(i))
		res.Thr = append(res.Thr, top.Thr.ThrO[i%cfg.Params.Q])
		if res.Qlen[i] > res.Thr[i] {
			res.Over++
		}
	}
	return res, nil
}

// Print writes the human-readable summary.
func (r *Result) Print(w io.Writer, cfg Config) {
	p := cfg.Params
	fmt.Fprintf(w, "Occamy expulsion demo: N=%d queues, Q=%d classes, B=%d cells, alpha=2^%d, seed=%d\n",
		p.N, p.Q, p.B, cfg.AlphaExp, cfg.Seed)
	fmt.Fprintf(w, "cycles %d, cells arrived %d (%d packets), cells refused %d\n",
		r.Cycles, r.CellsArrived, r.PktsArrived, r.CellsRefused)
	rate := 0.0
	if r.BusyCycles > 0 {
		rate = float64(r.PktsExpelled) / float64(r.BusyCycles)
	}
	fmt.Fprintf(w, "expelled %d packets (%d cells) in %d cycles with a grant: %.3f packets/cycle while busy\n",
		r.PktsExpelled, r.CellsExpelled, r.BusyCycles, rate)
	var queued uint64
	for _, q := range r.Qlen {
		queued += uint64(q)
	}
	partial := uint64(p.B) - uint64(r.Free) - queued
	fmt.Fprintf(w, "cells: free %d + queued %d + in a packet still arriving %d = B %d; over-allocated queues left: %d\n",
		r.Free, queued, partial, p.B, r.Over)
	order := make([]int, len(r.Qlen))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return r.Qlen[order[a]] > r.Qlen[order[b]] })
	shown := min(len(order), 12)
	fmt.Fprintf(w, "the %d longest queues at the end:\n", shown)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "queue\tclass\tlength\tthreshold\tover\t")
	for _, i := range order[:shown] {
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%v\t\n", i, i%p.Q, r.Qlen[i], r.Thr[i], r.Qlen[i] > r.Thr[i])
	}
	tw.Flush()
}
