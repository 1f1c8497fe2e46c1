package throughput

import (
	"math"

	"occamy/testbench/field"
)

// MaxClockGHz is the highest clock Options.ClockGHz accepts.
const MaxClockGHz = 100

// PerSecond is a measured point's rates at a given clock: the per-clock
// figures times the clock. The clock is the user's (for example the one
// the logic levels support, docs/tm.md "The clock the levels support"),
// not something the model measured; only the per-clock rates are.
type PerSecond struct {
	ClockGHz float64 `json:"clock_ghz"`
	Pkts     float64 `json:"pkts"`  // expelled packets per second
	Cells    float64 `json:"cells"` // expelled cells per second
	// CellBits is Cells × Options.CellBytes × 8: the buffer the executor
	// returns to the free list, in bits per second.
	CellBits  float64 `json:"cell_bits"`
	BoundPkts float64 `json:"bound_pkts"` // the closed-form bound, packets per second
}

// ValidClock checks a clock given in GHz: above 0 and at most MaxClockGHz;
// the error is a *field.Error naming ClockGHz.
func ValidClock(ghz float64) error {
	if !(ghz > 0) || ghz > MaxClockGHz || math.IsInf(ghz, 0) {
		return field.Errorf("ClockGHz", "%g out of range, allowed above 0 up to %d GHz", ghz, MaxClockGHz)
	}
	return nil
}

// AtClock is the expulsion e and the bound b of a point at ghz GHz, with
// cellBytes bytes per cell.
func AtClock(e Expulsion, b Bound, cellBytes int, ghz float64) *PerSecond {
	hz := ghz * 1e9
	return &PerSecond{ClockGHz: ghz, Pkts: e.PktsPerClock * hz, Cells: e.CellsPerClock * hz,
		CellBits: e.CellsPerClock * hz * float64(cellBytes) * 8, BoundPkts: b.PktsPerClock * hz}
}
