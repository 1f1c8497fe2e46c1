package freelist

import (
	"occamy/hw/memports"
	"occamy/rtl/port"
	"occamy/testbench/stimulus"
)

// inputs are free_list's inputs on the model's fields.
func inputs(m *memports.FreeList) []stimulus.Wire {
	cw, fw := m.P.CW(), m.P.FW()
	return []stimulus.Wire{{Name: "rst_ni", W: 1, Bool: &m.RstNI}, {Name: "pop_i", W: 1, Bools: m.PopI},
		{Name: "app_i", W: 1, Bools: m.AppI}, {Name: "app_head_i", W: cw, U32s: m.AppHeadI},
		{Name: "app_tail_i", W: cw, U32s: m.AppTailI}, {Name: "app_n_i", W: fw, U32s: m.AppNI}}
}

// outputs are free_list's outputs.
func outputs(m *memports.FreeList) []stimulus.Wire {
	cw, fw := m.P.CW(), m.P.FW()
	return []stimulus.Wire{{Name: "pop_ok_o", W: 1, Bools: m.PopOkO}, {Name: "pop_cell_o", W: cw, U32s: m.PopCellO},
		{Name: "cnt_o", W: fw, U32s: m.CntO}, {Name: "free_o", W: fw, U32: &m.FreeO}}
}

// freeListPhases: drain, fill, both, single cells or whole runs.
var freeListPhases = []struct{ pop, app, chain int }{
	{100, 0, 1}, {90, 20, 4}, {50, 50, 1}, {60, 60, 3}, {10, 90, 1}, {0, 100, 8},
}

// newRandom is the random source of free_list, closed loop through the
// model. Cells popped from a bank are kept, per bank, as runs: chains
// already linked in the link memory (consecutive pops of a bank that did
// not run empty in between). An append gives back a prefix of the bank's
// oldest run, one cell or several, so that an append is always of cells
// the list gave out and still linked in order, as the contract requires.
// Phases last 16 cycles to twice a bank's cells, so a bank runs empty and
// fills up again within a phase.
func newRandom(m *memports.FreeList, l *port.Layout, seed int64) (stimulus.Source, error) {
	enc, err := stimulus.NewBind(l, true, inputs(m)...)
	if err != nil {
		return nil, err
	}
	rng, rst := stimulus.NewRNG(seed), stimulus.NewResets(seed, 1000)
	p := m.P
	// runs[b] is a FIFO of runs over one preallocated ring of cells: a
	// bank holds at most Cells/K+1 cells, so cells and run starts fit.
	per := p.Cells/p.K + 2
	type bank struct {
		cells     []uint32 // ring of popped cells, oldest first from head
		head, n   int
		runLen    []int // ring of run lengths
		rHead, rN int
		newRun    bool
	}
	bs := make([]bank, p.K)
	for b := range bs {
		bs[b] = bank{cells: make([]uint32, per), runLen: make([]int, per), newRun: true}
	}
	ph, left := freeListPhases[0], 0
	drive := func(c uint64) {
		if left--; left <= 0 {
			ph, left = freeListPhases[rng.Intn(len(freeListPhases))], rng.Between(16, 2*p.Cells/p.K+16)
		}
		m.RstNI = rst.RstN(c)
		for b := range bs {
			k := &bs[b]
			m.PopI[b] = rng.Intn(100) < ph.pop
			m.AppI[b], m.AppHeadI[b], m.AppTailI[b], m.AppNI[b] = false, 0, 0, 0
			if k.rN == 0 || rng.Intn(100) >= ph.app {
				continue
			}
			r := k.runLen[k.rHead]
			n := 1 + rng.Intn(min(ph.chain, r))
			m.AppI[b], m.AppNI[b] = true, uint32(n)
			m.AppHeadI[b], m.AppTailI[b] = k.cells[k.head], k.cells[(k.head+n-1)%per]
		}
	}
	after := func() {
		for b := range bs {
			k := &bs[b]
			if !m.RstNI {
				k.head, k.n, k.rHead, k.rN, k.newRun = 0, 0, 0, 0, true
				continue
			}
			if m.AppI[b] {
				n := int(m.AppNI[b])
				k.head, k.n = (k.head+n)%per, k.n-n
				if k.runLen[k.rHead] -= n; k.runLen[k.rHead] == 0 {
					k.rHead, k.rN = (k.rHead+1)%per, k.rN-1
					if k.rN == 0 {
						k.newRun = true
					}
				}
			}
			if m.PopI[b] && m.PopOkO[b] {
				if k.newRun || k.rN == 0 {
					k.runLen[(k.rHead+k.rN)%per] = 0
					k.rN++
				}
				k.runLen[(k.rHead+k.rN-1)%per]++
				k.cells[(k.head+k.n)%per] = m.PopCellO[b]
				k.n++
				k.newRun = m.CntO[b] == 1
			}
		}
	}
	return &stimulus.ModelSource{Drive: drive, Eval: m.Eval, After: after, Enc: enc}, nil
}
