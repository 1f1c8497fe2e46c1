package main

import (
	"math/rand"

	"occamy/hw/memports"
	"occamy/testbench/vectors"
)

// freeListPhase is one stretch of free-list stimulus.
type freeListPhase struct {
	popRate int // percent of cycles a bank asks to pop
	appRate int // percent of cycles a bank with taken cells appends
	chain   int // longest chain appended at once (1: single cells)
}

// freeListPhases fill the list empty, drain it, run both at once, and
// free single cells or whole runs.
var freeListPhases = []freeListPhase{
	{popRate: 100, appRate: 0, chain: 1},
	{popRate: 90, appRate: 20, chain: 4},
	{popRate: 50, appRate: 50, chain: 1},
	{popRate: 60, appRate: 60, chain: 3},
	{popRate: 10, appRate: 90, chain: 1},
	{popRate: 0, appRate: 100, chain: 8},
}

// generateFreeList drives the free_list port-level model (hw/memports.
// FreeList over mem.FreeList) with seeded stimulus. Cells popped from a bank
// are kept as runs, chains already linked in the link memory (consecutive
// pops of a bank that did not run empty in between); appends give back a
// prefix of the oldest run, one cell or several at once.
func generateFreeList(params map[string]int, cycles int, seed int64) (*vectors.Table, error) {
	p := memports.FreeListParams{Cells: 16, K: 2, Lat: 1}
	if err := memParams(memports.FreeListBlock, params, map[string]*int{
		"CELLS": &p.Cells, "K": &p.K, "LAT": &p.Lat,
	}); err != nil {
		return nil, err
	}
	if err := checkCycles(cycles); err != nil {
		return nil, err
	}
	f, err := memports.NewFreeList(p)
	if err != nil {
		return nil, err
	}
	t := newMemTable(f, memports.FreeListBlock, "hw/memports.FreeList",
		map[string]int{"CELLS": p.Cells, "K": p.K, "LAT": p.Lat}, seed, cycles)
	rng := rand.New(rand.NewSource(seed))
	rst := &resetPlan{rng: rng}
	ph := freeListPhases[0]
	runs := make([][][]uint32, p.K) // per bank, oldest run first
	newRun := make([]bool, p.K)
	drive := func(c int) {
		if c%61 == 0 {
			ph = freeListPhases[rng.Intn(len(freeListPhases))]
		}
		f.RstNI = rst.rstN(c)
		for b := 0; b < p.K; b++ {
			f.PopI[b] = rng.Intn(100) < ph.popRate
			f.AppI[b], f.AppHeadI[b], f.AppTailI[b], f.AppNI[b] = false, 0, 0, 0
			if len(runs[b]) == 0 || rng.Intn(100) >= ph.appRate {
				continue
			}
			r := runs[b][0]
			n := 1 + rng.Intn(min(ph.chain, len(r)))
			f.AppI[b], f.AppHeadI[b], f.AppTailI[b], f.AppNI[b] = true, r[0], r[n-1], uint32(n)
		}
	}
	after := func(int) {
		for b := 0; b < p.K; b++ {
			if !f.RstNI {
				runs[b], newRun[b] = runs[b][:0], true
				continue
			}
			if f.AppI[b] {
				n := int(f.AppNI[b])
				runs[b][0] = runs[b][0][n:]
				if len(runs[b][0]) == 0 {
					runs[b] = runs[b][1:]
					if len(runs[b]) == 0 {
						newRun[b] = true
					}
				}
			}
			if f.PopI[b] && f.PopOkO[b] {
				if newRun[b] || len(runs[b]) == 0 {
					runs[b] = append(runs[b], nil)
				}
				last := len(runs[b]) - 1
				runs[b][last] = append(runs[b][last], f.PopCellO[b])
				newRun[b] = f.CntO[b] == 1
			}
		}
	}
	if err := runMemTable(t, f, cycles, drive, after); err != nil {
		return nil, err
	}
	return t, nil
}
