package tm

import (
	"maps"

	"occamy/testbench/blocks"
)

// The TM's regression matrix: five shapes (one Verilator build each), each
// in every mode (the cfg_* inputs: no rebuild), 200 000 cycles at seed 1.
// The shapes are Shapes, so TestTMRegression's random configurations share
// their builds:
//
//   - defaults: P=8 Q=8 B=16384 K=4 MAXPKT=64, the documented contract;
//   - small: the small set's shape (P=2 Q=2 B=48 K=2 MAXPKT=6);
//   - k4-tight: K=4 with a small buffer (B=64, 16 cells a bank), N=6 (not
//     a power of two) and MAXPKT=15 = 2^LW−1, where the executor's lanes
//     of two packets free more cells in one cycle than LW bits hold;
//   - k8: K=8 (P=4 Q=4 B=200 MAXPKT=16);
//   - k1: K=1, one queue (P=1 Q=1 B=16 MAXPKT=4).
//
// The modes: occamy freeing per cell (the defaults), occamy freeing
// chains, occamy-lqd with chains, DRR with per-class α and quanta and the
// re-check, pushout-ports, dt (no head drop: admission and egress alone;
// not in the executor's matrix), and the reconfiguring resets of the
// small set (every policy, free mode and scheduler in one run).
var (
	matrixSets = []blocks.Set{
		{Name: "defaults"},
		{Name: "small", Params: Shapes[1]},
		{Name: "k4-tight", Params: Shapes[2]},
		{Name: "k8", Params: Shapes[3]},
		{Name: "k1", Params: Shapes[0]},
	}
	modeOccamy = blocks.Set{Name: "occamy", Params: map[string]int{"POLICY": 1, "CHAIN": 0, "DRR": 0, "RECHECK": 0}}
	modeChain  = blocks.Set{Name: "occamy-chain", Params: map[string]int{"POLICY": 1, "CHAIN": 1, "DRR": 0, "RECHECK": 0}}
	modeLQD    = blocks.Set{Name: "lqd-drr", Params: map[string]int{"POLICY": 2, "CHAIN": 1, "DRR": 1, "RECHECK": 1, "CLASSES": 7}}
	modePO     = blocks.Set{Name: "pushout-ports", Params: map[string]int{"POLICY": 3, "CHAIN": 0, "DRR": 0, "RECHECK": 0}}
	modeDT     = blocks.Set{Name: "dt", Params: map[string]int{"POLICY": 0, "CHAIN": 0, "DRR": 0, "RECHECK": 0}}
	// The small set's run-time configuration (its α aside: ALPHA=2 does
	// not fit k1's AW=2).
	modeReconf = blocks.Set{Name: "reconf", Params: map[string]int{"POLICY": 1, "CHAIN": 1, "DRR": 1, "RECHECK": 1, "R": 4, "QUANTUM": 3, "RECONF": 1}}
)

// MatrixCycles is the cycles of one configuration of the TM's matrices.
const MatrixCycles = 200_000

func newMatrix(modes ...blocks.Set) *blocks.Matrix {
	m := &blocks.Matrix{Seeds: []int64{1}, Cycles: MatrixCycles}
	for _, s := range matrixSets {
		m.Sets = append(m.Sets, blocks.Set{Name: s.Name, Params: maps.Clone(s.Params)})
	}
	for _, md := range modes {
		m.Modes = append(m.Modes, blocks.Set{Name: md.Name, Params: maps.Clone(md.Params)})
	}
	m.Budget = len(m.Sets) * len(m.Modes) * MatrixCycles
	return m
}

// tmMatrix is `occamy cosim --block tm`'s regression: 30 configurations,
// 6 000 000 cycles. execMatrix is `--block executor`'s: the same without
// dt, whose executor never runs (25 configurations, 5 000 000 cycles).
var (
	tmMatrix   = newMatrix(modeOccamy, modeChain, modeLQD, modePO, modeDT, modeReconf)
	execMatrix = newMatrix(modeOccamy, modeChain, modeLQD, modePO, modeReconf)
)
