package main

import (
	"math/rand"

	"occamy/hw/memports"
	"occamy/testbench/vectors"
)

// cpPkt is one packet of the cp_sublists stimulus: its cells in packet
// order and the links still to write.
type cpPkt struct {
	cells []uint32
	links [][2]uint32 // {from, to}
}

// generateCPSubLists drives the cp_sublists port-level model
// (hw/memports.CPSubLists over mem.Memory) with seeded stimulus: packets of
// 1..MAXN distinct cells not held by another packet are linked into K
// sub-lists through the write ports (1..K links per cycle, in random
// order), then chased; start_i is raised for the next linked packet while a
// chase is busy, so that back-to-back starts and held-off starts both
// occur. Idle write ports write random links into cells no packet holds.
func generateCPSubLists(params map[string]int, cycles int, seed int64) (*vectors.Table, error) {
	p := memports.CPSubListsParams{Cells: 16, K: 2, Lat: 1, MaxN: 8}
	if err := memParams(memports.CPSubListsBlock, params, map[string]*int{
		"CELLS": &p.Cells, "K": &p.K, "LAT": &p.Lat, "MAXN": &p.MaxN,
	}); err != nil {
		return nil, err
	}
	if err := checkCycles(cycles); err != nil {
		return nil, err
	}
	c, err := memports.NewCPSubLists(p)
	if err != nil {
		return nil, err
	}
	t := newMemTable(c, memports.CPSubListsBlock, "hw/memports.CPSubLists",
		map[string]int{"CELLS": p.Cells, "K": p.K, "LAT": p.Lat, "MAXN": p.MaxN}, seed, cycles)
	rng := rand.New(rand.NewSource(seed))
	rst := &resetPlan{rng: rng}
	held := make([]bool, p.Cells) // cells of a packet being linked, waiting or chased
	var linking *cpPkt
	var ready []*cpPkt
	var chased *cpPkt
	startRate, wrRate := 80, 70
	release := func(pk *cpPkt) {
		for _, x := range pk.cells {
			held[x] = false
		}
	}
	drive := func(cy int) {
		if cy%47 == 0 {
			startRate, wrRate = []int{20, 80, 100}[rng.Intn(3)], []int{30, 70, 100}[rng.Intn(3)]
		}
		c.RstNI = rst.rstN(cy)
		if linking == nil && len(ready) < 2 {
			n := 1 + rng.Intn(p.MaxN)
			var free []uint32
			for x := range held {
				if !held[x] {
					free = append(free, uint32(x))
				}
			}
			if len(free) >= n {
				rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
				pk := &cpPkt{cells: free[:n:n]}
				for i := 0; i+p.K < n; i++ {
					pk.links = append(pk.links, [2]uint32{pk.cells[i], pk.cells[i+p.K]})
				}
				rng.Shuffle(len(pk.links), func(i, j int) { pk.links[i], pk.links[j] = pk.links[j], pk.links[i] })
				for _, x := range pk.cells {
					held[x] = true
				}
				linking = pk
			}
		}
		used := map[uint32]bool{}
		for s := 0; s < p.K; s++ {
			c.WrEnI[s], c.WrAddrI[s], c.WrDataI[s] = false, 0, 0
			if rng.Intn(100) >= wrRate {
				continue
			}
			if linking != nil && len(linking.links) > 0 {
				l := linking.links[0]
				linking.links = linking.links[1:]
				c.WrEnI[s], c.WrAddrI[s], c.WrDataI[s] = true, l[0], l[1]
				used[l[0]] = true
				continue
			}
			a := uint32(rng.Intn(p.Cells))
			if !held[a] && !used[a] {
				c.WrEnI[s], c.WrAddrI[s], c.WrDataI[s] = true, a, uint32(rng.Intn(p.Cells))
				used[a] = true
			}
		}
		c.StartI, c.StartNI = false, 0
		for s := range c.StartHeadsI {
			c.StartHeadsI[s] = 0
		}
		if len(ready) > 0 && rng.Intn(100) < startRate {
			pk := ready[0]
			c.StartI, c.StartNI = true, uint32(len(pk.cells))
			for s := range c.StartHeadsI {
				if s < len(pk.cells) {
					c.StartHeadsI[s] = pk.cells[s]
				} else {
					c.StartHeadsI[s] = uint32(rng.Intn(p.Cells))
				}
			}
		}
	}
	after := func(int) {
		if !c.RstNI {
			for _, pk := range ready {
				release(pk)
			}
			if linking != nil {
				release(linking)
			}
			if chased != nil {
				release(chased)
			}
			linking, ready, chased = nil, ready[:0], nil
			return
		}
		if c.StartI && c.StartOkO {
			chased = ready[0]
			ready = ready[1:]
		}
		if c.OutLastO && chased != nil {
			release(chased)
			chased = nil
		}
		// Links written this cycle land at the edge: the packet may start
		// from the next cycle.
		if linking != nil && len(linking.links) == 0 {
			ready = append(ready, linking)
			linking = nil
		}
	}
	if err := runMemTable(t, c, cycles, drive, after); err != nil {
		return nil, err
	}
	return t, nil
}
