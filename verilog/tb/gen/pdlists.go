package main

import (
	"math/rand"

	"occamy/hw/memports"
	"occamy/testbench/vectors"
)

// pdListsPhase is one stretch of pd_lists stimulus.
type pdListsPhase struct {
	linkRate int  // percent of cycles with link_i
	rdRate   int  // percent of cycles with rd_i
	same     bool // link and read mostly the same queue (forwarding)
	anyQueue bool // any IW-bit queue number, at or above N included
}

// pdListsPhases fill the PDs up, drain the queues, hammer one queue with
// links behind reads in flight, and ask for queues that do not exist.
var pdListsPhases = []pdListsPhase{
	{linkRate: 100, rdRate: 0},
	{linkRate: 70, rdRate: 40},
	{linkRate: 50, rdRate: 100, same: true},
	{linkRate: 90, rdRate: 90, same: true},
	{linkRate: 20, rdRate: 100},
	{linkRate: 60, rdRate: 60, anyQueue: true},
}

// generatePDLists drives the pd_lists port-level model (hw/memports.PDLists
// over mem.PDLists) with seeded stimulus.
func generatePDLists(params map[string]int, cycles int, seed int64) (*vectors.Table, error) {
	p := memports.PDListsParams{N: 4, P: 16, Lat: 1, LW: 4, DW: 8}
	if err := memParams(memports.PDListsBlock, params, map[string]*int{
		"N": &p.N, "P": &p.P, "LAT": &p.Lat, "LW": &p.LW, "DW": &p.DW,
	}); err != nil {
		return nil, err
	}
	if err := checkCycles(cycles); err != nil {
		return nil, err
	}
	l, err := memports.NewPDLists(p)
	if err != nil {
		return nil, err
	}
	t := newMemTable(l, memports.PDListsBlock, "hw/memports.PDLists",
		map[string]int{"N": p.N, "P": p.P, "LAT": p.Lat, "LW": p.LW, "DW": p.DW}, seed, cycles)
	rng := rand.New(rand.NewSource(seed))
	rst := &resetPlan{rng: rng}
	ph := pdListsPhases[0]
	span := 1 << p.IW()
	hot := 0
	drive := func(c int) {
		if c%67 == 0 {
			ph = pdListsPhases[rng.Intn(len(pdListsPhases))]
			hot = rng.Intn(p.N)
		}
		l.RstNI = rst.rstN(c)
		queue := func() uint32 {
			switch {
			case ph.anyQueue:
				return uint32(rng.Intn(span))
			case ph.same && rng.Intn(4) != 0:
				return uint32(hot)
			}
			return uint32(rng.Intn(p.N))
		}
		l.LinkI = rng.Intn(100) < ph.linkRate
		l.LinkQidI = queue()
		l.LinkCellsI = uint32(rng.Intn(1 << p.LW))
		l.LinkDataI = uint32(rng.Int63n(1 << p.DW))
		l.RdI = rng.Intn(100) < ph.rdRate
		l.RdQidI = queue()
	}
	if err := runMemTable(t, l, cycles, drive, nil); err != nil {
		return nil, err
	}
	return t, nil
}
