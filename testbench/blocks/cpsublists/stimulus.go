package cpsublists

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// inputs are cp_sublists's inputs on the model's fields.
func inputs(m *memports.CPSubLists) []stimulus.Wire {
	cw, nw := m.P.CW(), m.P.NW()
	return []stimulus.Wire{{Name: "rst_ni", W: 1, Bool: &m.RstNI}, {Name: "start_i", W: 1, Bool: &m.StartI},
		{Name: "start_heads_i", W: cw, U32s: m.StartHeadsI}, {Name: "start_n_i", W: nw, U32: &m.StartNI},
		{Name: "wr_en_i", W: 1, Bools: m.WrEnI}, {Name: "wr_addr_i", W: cw, U32s: m.WrAddrI},
		{Name: "wr_data_i", W: cw, U32s: m.WrDataI}}
}

// outputs are cp_sublists's outputs.
func outputs(m *memports.CPSubLists) []stimulus.Wire {
	cw, nw := m.P.CW(), m.P.NW()
	return []stimulus.Wire{{Name: "start_ok_o", W: 1, Bool: &m.StartOkO}, {Name: "out_valid_o", W: 1, Bool: &m.OutValidO},
		{Name: "out_mask_o", W: 1, Bools: m.OutMaskO}, {Name: "out_cell_o", W: cw, U32s: m.OutCellO},
		{Name: "out_idx_o", W: nw, U32: &m.OutIdxO}, {Name: "out_last_o", W: 1, Bool: &m.OutLastO},
		{Name: "busy_o", W: 1, Bool: &m.BusyO}}
}

// cpPkt is one packet of the cp_sublists source: its cells in packet order
// and how many of its links are written.
type cpPkt struct {
	cells []uint32
	links []int // link i: cells[links[i]] -> cells[links[i]+K], in write order
	wrote int
}

// newRandom is the random source of cp_sublists: packets of 1..MAXN
// distinct cells no other packet holds (a third of them exactly 1 or MAXN
// cells) are linked into K sub-lists through the write ports (1..K links a
// cycle, in random order), then chased; start_i is raised for the next
// linked packet while a chase is busy, so that back-to-back and held-off
// starts both occur. Idle write ports write random links into cells no
// packet holds. Three packets rotate over preallocated buffers.
func newRandom(m *memports.CPSubLists, l *port.Layout, seed int64) (stimulus.Source, error) {
	enc, err := stimulus.NewBind(l, true, inputs(m)...)
	if err != nil {
		return nil, err
	}
	rng, rst := stimulus.NewRNG(seed), stimulus.NewResets(seed, 1000)
	p := m.P
	held := make([]bool, p.Cells)
	free := make([]uint32, 0, p.Cells)
	var pool [3]cpPkt
	for i := range pool {
		pool[i] = cpPkt{cells: make([]uint32, 0, p.MaxN), links: make([]int, 0, p.MaxN)}
	}
	// ring of packets: linking (at most one), then ready ones, then the chased.
	var linking, chased *cpPkt
	var ready []*cpPkt = make([]*cpPkt, 0, 3)
	spare := []*cpPkt{&pool[0], &pool[1], &pool[2]}
	startRate, wrRate, left := 80, 70, 0
	release := func(pk *cpPkt) {
		for _, x := range pk.cells {
			held[x] = false
		}
		spare = append(spare, pk)
	}
	drive := func(cy uint64) {
		if left--; left <= 0 {
			startRate, wrRate, left = []int{20, 80, 100}[rng.Intn(3)], []int{30, 70, 100}[rng.Intn(3)], rng.Between(16, 256)
		}
		m.RstNI = rst.RstN(cy)
		if linking == nil && len(ready) < 2 && len(spare) > 0 {
			n := 1 + rng.Intn(p.MaxN)
			switch rng.Intn(6) {
			case 0:
				n = 1
			case 1:
				n = p.MaxN
			}
			free = free[:0]
			for x := range held {
				if !held[x] {
					free = append(free, uint32(x))
				}
			}
			if len(free) >= n {
				pk := spare[len(spare)-1]
				spare = spare[:len(spare)-1]
				pk.cells, pk.links, pk.wrote = pk.cells[:0], pk.links[:0], 0
				for i := 0; i < n; i++ { // a partial shuffle draws n distinct cells
					j := i + rng.Intn(len(free)-i)
					free[i], free[j] = free[j], free[i]
					pk.cells = append(pk.cells, free[i])
					held[free[i]] = true
				}
				for i := 0; i+p.K < n; i++ {
					pk.links = append(pk.links, i)
				}
				for i := len(pk.links) - 1; i > 0; i-- {
					j := rng.Intn(i + 1)
					pk.links[i], pk.links[j] = pk.links[j], pk.links[i]
				}
				linking = pk
			}
		}
		for s := 0; s < p.K; s++ {
			m.WrEnI[s], m.WrAddrI[s], m.WrDataI[s] = false, 0, 0
			if rng.Intn(100) >= wrRate {
				continue
			}
			if linking != nil && linking.wrote < len(linking.links) {
				i := linking.links[linking.wrote]
				linking.wrote++
				m.WrEnI[s], m.WrAddrI[s], m.WrDataI[s] = true, linking.cells[i], linking.cells[i+p.K]
				continue
			}
			a := uint32(rng.Intn(p.Cells))
			taken := held[a]
			for o := 0; o < s; o++ {
				taken = taken || m.WrEnI[o] && m.WrAddrI[o] == a
			}
			if !taken {
				m.WrEnI[s], m.WrAddrI[s], m.WrDataI[s] = true, a, uint32(rng.Intn(p.Cells))
			}
		}
		m.StartI, m.StartNI = false, 0
		clear(m.StartHeadsI)
		if len(ready) > 0 && rng.Intn(100) < startRate {
			pk := ready[0]
			m.StartI, m.StartNI = true, uint32(len(pk.cells))
			for s := range m.StartHeadsI {
				if s < len(pk.cells) {
					m.StartHeadsI[s] = pk.cells[s]
				} else {
					m.StartHeadsI[s] = uint32(rng.Intn(p.Cells))
				}
			}
		}
	}
	after := func() {
		if !m.RstNI {
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
		if m.StartI && m.StartOkO {
			chased = ready[0]
			ready = append(ready[:0], ready[1:]...)
		}
		if m.OutLastO && chased != nil {
			release(chased)
			chased = nil
		}
		// Links written this cycle land at the edge: the packet may start
		// from the next cycle.
		if linking != nil && linking.wrote == len(linking.links) {
			ready = append(ready, linking)
			linking = nil
		}
	}
	return &stimulus.ModelSource{Drive: drive, Eval: m.Eval, After: after, Enc: enc}, nil
}
