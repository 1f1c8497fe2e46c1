package scenario

import (
	"math"

	"occamy/hw/tm"
	"occamy/testbench/traffic"
)

func intp(v int) *int { return &v }

// alphaOf is α of class c.
func alphaOf(cfg *tm.Config, c int) float64 { return math.Ldexp(1, cfg.AlphaExp[c]) }

// fixedSize is a fixed packet size of the given bytes.
func fixedSize(bytes float64) *traffic.SizeSpec {
	return &traffic.SizeSpec{Dist: traffic.DistFixed, Bytes: int(bytes)}
}

// cellsOf is the cells of a packet of the given bytes.
func cellsOf(cfg *tm.Config, bytes float64) int {
	return max(1, (int(bytes)+cfg.CellBytes-1)/cfg.CellBytes)
}

// fillTime is the cycles a queue needs to grow to target cells when it
// gains net line rates over its drain (net > 0), with a 25% margin and
// a floor of 2000 cycles, rounded up to a thousand.
func fillTime(cfg *tm.Config, target, net float64) uint64 {
	t := 1.25*target*float64(cfg.R)/net + 2000
	return uint64(math.Ceil(t/1000)) * 1000
}

// pktParam is the packet-size parameter every built-in scenario has.
var pktParam = Param{Name: "pkt_bytes", Default: 1500, Min: 1, Max: traffic.MaxPacketBytes, Int: true,
	Doc: "packet size in bytes, every source (rounded up to cells)"}

// metric builds a Metric.
func metric(name string, v float64, unit, doc string) Metric {
	return Metric{Name: name, Value: v, Unit: unit, Doc: doc}
}

// ratio is a/b, or 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
