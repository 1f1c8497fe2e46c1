package runner

import (
	"occamy/rtl/port"
)

// TraceRow is one cycle of a mismatch trace in word form: the cycle's
// inputs, the golden outputs and the RTL outputs, each in the contract
// layout. Another checker that keeps its own history (the DPI scoreboard,
// cosim/dpi) formats its trace with the runner's code through it.
type TraceRow struct {
	Cycle         uint64
	In, Gold, RTL []uint32
}

// CompareCycle compares one cycle's golden and RTL output words in layout
// l and returns nil when they are equal, otherwise the Mismatch the runner
// itself reports: the first differing output in layout order, both values
// in .vec hex, the differing element of a packed port (elem gives a port's
// element width, nil for none) and the trace of rows (the last row is
// normally the mismatching cycle). One formatter for every checker.
func CompareCycle(l *port.Layout, elem func(port string) int, cycle uint64, gold, rtl []uint32, rows []TraceRow) *Mismatch {
	i := portDiff(l, gold, rtl)
	if i < 0 {
		return nil
	}
	tr := make([]row, len(rows))
	for k, r := range rows {
		tr[k] = row{cycle: r.Cycle, in: r.In, gold: r.Gold, rtl: rtlText(l, r.RTL)}
	}
	m := &Mismatch{Cycle: cycle, Trace: traceLines(l, tr)}
	describePort(m, l, elem, i, gold, rtl)
	return m
}

// describePort fills m's signal, values and element detail for output i.
func describePort(m *Mismatch, l *port.Layout, elem func(port string) int, i int, gold, rtl []uint32) {
	p := l.Outputs[i]
	m.Signal = p.Name
	m.Go, m.RTL = hexOf(l.Out(gold, i), p.Width), hexOf(l.Out(rtl, i), p.Width)
	w := 0
	if elem != nil {
		w = elem(p.Name)
	}
	m.Detail = elemDetail(p.Name, w, l.Out(gold, i), l.Out(rtl, i), p.Width)
}
