package tm

import (
	"math"

	"occamy/testbench/stimulus"
)

// Shapes are the structural parameter sets of the random small
// configurations: each is one Verilator build, which every run-time
// configuration (RandomParams) reuses; the second is the small set's
// structure (TestTMSmallIsAShape), so it costs no build of its own, and
// every one is a set of the regression matrix (matrix.go), whose builds
// the random configurations share.
var Shapes = []map[string]int{
	{"P": 1, "Q": 1, "B": 16, "K": 1, "QW": 5, "AW": 2, "MAXPKT": 4, "IN": 1, "TXWIN": 2, "SW": 3, "PUSHOUT_WAIT": 4},
	{"P": 2, "Q": 2, "B": 48, "K": 2, "QW": 7, "AW": 3, "MAXPKT": 6, "IN": 3, "TXWIN": 4, "SW": 5, "PUSHOUT_WAIT": 12},  // the small set's build
	{"P": 3, "Q": 2, "B": 64, "K": 4, "QW": 8, "AW": 4, "MAXPKT": 15, "IN": 4, "TXWIN": 6, "SW": 6, "PUSHOUT_WAIT": 16}, // the matrix's k4-tight
	{"P": 4, "Q": 4, "B": 200, "K": 8, "QW": 9, "AW": 4, "MAXPKT": 16, "IN": 5, "TXWIN": 8, "SW": 8, "PUSHOUT_WAIT": 50},
}

// RandomParams draws a run-time configuration for a structural set
// (one of Shapes): policy, free mode, scheduler, re-check, R 1..8, α
// exponent (within AW bits, -2..3) and quantum 1..2·MAXPKT for every class,
// or, one time in two, a different α and quantum per class (CLASSES).
func RandomParams(shape map[string]int, seed int64) map[string]int {
	r := stimulus.NewRNG(seed)
	p := make(map[string]int, len(params))
	for k, v := range shape {
		p[k] = v
	}
	aw := shape["AW"]
	p["POLICY"] = r.Intn(len(Policies))
	p["CHAIN"], p["DRR"], p["RECHECK"] = r.Intn(2), r.Intn(2), r.Intn(2)
	p["R"] = r.Between(1, 8)
	p["ALPHA"] = r.Between(max(-(1<<(aw-1)), -2), min(1<<(aw-1)-1, 3))
	p["QUANTUM"] = r.Between(1, 2*shape["MAXPKT"])
	if r.OneIn(2) {
		p["CLASSES"] = r.Between(1, math.MaxInt32)
	}
	return p
}
