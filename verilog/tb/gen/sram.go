package main

import (
	"math/rand"

	"occamy/hw/memports"
	"occamy/testbench/vectors"
)

// generateSRAM drives the sram_mp port-level model (hw/memports.SRAM over
// mem.Memory) with seeded stimulus: reads and writes on random ports, write
// ports always to distinct addresses, and stretches where every access goes
// to a few hot addresses so that reads meet writes of the same word in the
// same cycle and in the cycles just after.
func generateSRAM(params map[string]int, cycles int, seed int64) (*vectors.Table, error) {
	p := memports.SRAMParams{Depth: 16, Width: 8, RP: 2, WP: 2, Lat: 1}
	if err := memParams(memports.SRAMBlock, params, map[string]*int{
		"DEPTH": &p.Depth, "WIDTH": &p.Width, "RP": &p.RP, "WP": &p.WP, "LAT": &p.Lat,
	}); err != nil {
		return nil, err
	}
	if err := checkCycles(cycles); err != nil {
		return nil, err
	}
	s, err := memports.NewSRAM(p)
	if err != nil {
		return nil, err
	}
	t := newMemTable(s, memports.SRAMBlock, "hw/memports.SRAM",
		map[string]int{"DEPTH": p.Depth, "WIDTH": p.Width, "RP": p.RP, "WP": p.WP, "LAT": p.Lat}, seed, cycles)
	rng := rand.New(rand.NewSource(seed))
	rst := &resetPlan{rng: rng}
	hot := min(p.Depth, 3)
	rate, hotMode := 70, false
	mask := ^uint64(0) >> (64 - uint(p.Width))
	drive := func(c int) {
		if c%53 == 0 {
			rate, hotMode = []int{20, 70, 100}[rng.Intn(3)], rng.Intn(3) == 0
		}
		addr := func() uint32 {
			if hotMode {
				return uint32(rng.Intn(hot))
			}
			return uint32(rng.Intn(p.Depth))
		}
		s.RstNI = rst.rstN(c)
		for i := range s.RdEnI {
			s.RdEnI[i] = rng.Intn(100) < rate
			s.RdAddrI[i] = addr()
		}
		used := map[uint32]bool{}
		for i := range s.WrEnI {
			a := addr()
			s.WrEnI[i] = rng.Intn(100) < rate && !used[a]
			if s.WrEnI[i] {
				used[a] = true
			}
			s.WrAddrI[i] = a
			s.WrDataI[i] = rng.Uint64() & mask
		}
	}
	if err := runMemTable(t, s, cycles, drive, nil); err != nil {
		return nil, err
	}
	return t, nil
}
