package throughput

import "fmt"

// Bound is the closed-form expulsion rate of a configuration when nothing
// else uses the memories: see the package documentation.
type Bound struct {
	CyclesPerPkt  float64 `json:"cycles_per_pkt"` // E[cycles from one head-drop PD read to the next]
	PktsPerClock  float64 `json:"pkts_per_clock"`
	CellsPerClock float64 `json:"cells_per_clock"`
	Formula       string  `json:"formula"`
}

// PacketCycles is the executor's cycles for one packet of n cells, from its
// PD read to the next PD read, with nothing else using the ports: per cell
// Lpd + (⌈n/k⌉-1)·Lcp + 1; chain Lpd + ⌈min(n,k)/W⌉ with W cell-pointer
// write ports.
func PacketCycles(n, k int, chain bool, lpd, lcp, cpWrites int) int {
	if chain {
		subs := min(n, k)
		return lpd + (subs+cpWrites-1)/cpWrites
	}
	rounds := (n + k - 1) / k
	return lpd + (rounds-1)*lcp + 1
}

// BoundFor is the bound for packets of the distribution d.
func BoundFor(d []CellProb, k int, chain bool, lpd, lcp, cpWrites int) Bound {
	var cyc, cells float64
	for _, c := range d {
		cyc += c.P * float64(PacketCycles(c.Cells, k, chain, lpd, lcp, cpWrites))
		cells += c.P * float64(c.Cells)
	}
	f := fmt.Sprintf("Lpd + (⌈n/k⌉-1)·Lcp + 1, Lpd=%d Lcp=%d k=%d", lpd, lcp, k)
	if chain {
		f = fmt.Sprintf("Lpd + ⌈min(n,k)/W⌉, Lpd=%d k=%d W=%d", lpd, k, cpWrites)
	}
	if cyc == 0 {
		return Bound{Formula: f}
	}
	return Bound{CyclesPerPkt: cyc, PktsPerClock: 1 / cyc, CellsPerClock: cells / cyc, Formula: f}
}
