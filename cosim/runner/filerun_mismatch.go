package runner

import (
	"fmt"
	"os"
	"strings"

	"occamy/cosim/icarus"
	"occamy/rtl/port"
	"occamy/rtl/vcddiff"
)

// A file run's verdict: the VCD diff from the first edge after reset, and
// what a failure reports (the mismatch, its trace, its window).

// fileWindow is the failure window of a file run around cycle cyc: the
// inputs and golden outputs of the run, the RTL's outputs read back from
// its output file (nil for a cycle with x or z), its dump for the RTL
// side; compared is the first compared cycle.
func (s *session) fileWindow(cyc uint64, ins, golds []uint32, n int, outPath, wave string, compared uint64) *Window {
	if n == 0 || s.opt.FailWaveDir == "" {
		return nil
	}
	l := &s.canon
	iw, ow := l.InWords, l.OutWords
	last := min(int(cyc)+FailWaveAfter, n-1)
	first := max(min(int(cyc), last)-FailWaveBefore, 0)
	outs := icarus.ReadOut(outPath, first, last)
	win := &Window{Layout: l, Compared: compared, RTLWave: wave, RTLScope: s.sim.Caps().WaveScope}
	for c := first; c <= last; c++ {
		r := TraceRow{Cycle: uint64(c), In: ins[c*iw : (c+1)*iw], Gold: golds[c*ow : (c+1)*ow]}
		if k := c - first; k < len(outs) {
			rtl := make([]uint32, ow)
			if icarus.ParseOut(l, outs[k], rtl) {
				r.RTL = rtl
			}
		}
		win.Rows = append(win.Rows, r)
	}
	return win
}

// releasedIn reports whether some cycle of the n in ins has the reset
// released: the VCD diff compares from the first such edge on.
func (s *session) releasedIn(ins []uint32, n int) bool {
	iw := s.canon.InWords
	for c := 0; c < n; c++ {
		if !s.resetIn(ins[c*iw : (c+1)*iw]) {
			return true
		}
	}
	return false
}

// designError is the first error the design reported in a file run's
// output, as a Mismatch at the cycle of its time stamp.
func designError(out string) *Mismatch {
	cyc, msg, ok := icarus.FirstError(out)
	if !ok {
		return nil
	}
	return &Mismatch{Cycle: cyc, Signal: "$error", Go: "-", RTL: msg}
}

// diff compares the golden VCD with the RTL's per rising edge after reset.
func (s *session) diff(goVCD, rtlVCD string) (*vcddiff.Report, error) {
	a, err := os.Open(goVCD)
	if err != nil {
		return nil, setupf("%v", err)
	}
	defer a.Close()
	b, err := os.Open(rtlVCD)
	if err != nil {
		return nil, setupf("%v", err)
	}
	defer b.Close()
	caps := s.sim.Caps()
	opt := vcddiff.Options{NameA: "go", NameB: s.sim.Name(), RootA: "occamy." + s.top, RootB: caps.WaveScope,
		ClockA: "occamy.clk", ClockB: caps.WaveClock}
	if s.rstIdx >= 0 {
		opt.ResetA = vcddiff.Reset{Name: "occamy." + s.top + "." + port.DefaultReset, Level: vcddiff.ActiveLow}
		opt.ResetB = vcddiff.Reset{Name: caps.WaveScope + "." + port.DefaultReset, Level: vcddiff.ActiveLow}
	} else {
		opt.ResetA, opt.ResetB = vcddiff.Reset{Off: true}, vcddiff.Reset{Off: true}
	}
	for _, p := range s.ports {
		if p.Name != port.DefaultClock {
			opt.Signals = append(opt.Signals, p.Name)
		}
	}
	rep, err := vcddiff.Diff(a, b, opt)
	if err != nil {
		return nil, setupf("vcddiff: %v", err)
	}
	return rep, nil
}

// fileMismatch turns the earliest divergence into a Mismatch with the
// trace of the cycles before it (RTL outputs read back from the run's
// output file).
func (s *session) fileMismatch(rep *vcddiff.Report, ins, golds []uint32, n int, outPath string) *Mismatch {
	l := &s.canon
	if len(rep.Divergences) == 0 {
		m := &Mismatch{Cycle: uint64(n), Signal: "(length)", Go: fmt.Sprint(rep.A.Edges), RTL: fmt.Sprint(rep.B.Edges)}
		for _, ms := range rep.Missing {
			m.Signal, m.Go, m.RTL = ms.Name, "present", "missing from "+ms.In
		}
		return m
	}
	d := rep.Divergences[0]
	for _, x := range rep.Divergences[1:] { // an output before an input at the same edge
		if x.Edge == d.Edge && l.Output(x.Signal) >= 0 && l.Output(d.Signal) < 0 {
			d = x
		}
	}
	cyc := uint64(d.EdgeA - 1) // edge k (1-based) ends cycle k-1
	m := &Mismatch{Cycle: cyc, Signal: d.Signal, Go: d.ValueA, RTL: d.ValueB}
	if i := l.Output(d.Signal); i >= 0 && int(cyc) < n {
		ow := l.OutWords
		rtl := make([]uint32, ow)
		if vals := icarus.ReadOut(outPath, int(cyc), int(cyc)); len(vals) == 1 && icarus.ParseOut(l, vals[0], rtl) {
			// The cycle's outputs read back (no x or z): the first
			// differing output in layout order, as the lock-step engine
			// names it (vcddiff orders one edge's divergences by name).
			gold := golds[int(cyc)*ow : (int(cyc)+1)*ow]
			if j := portDiff(l, gold, rtl); j >= 0 {
				i = j
			}
			describePort(m, l, func(port string) int { return s.b.Elem(s.p, port) }, i, gold, rtl)
		}
	}
	m.Trace = s.fileTrace(cyc, ins, golds, n, outPath)
	return m
}

// fileTrace formats the cycles up to cyc: inputs and golden outputs from
// the run, the RTL's outputs from the run's output file.
func (s *session) fileTrace(cyc uint64, ins, golds []uint32, n int, outPath string) []string {
	l := &s.canon
	first := int(cyc) - s.lines + 1
	if first < 0 {
		first = 0
	}
	outs := icarus.ReadOut(outPath, first, int(cyc))
	var rows []row
	iw, ow := l.InWords, l.OutWords
	for c := first; c <= int(cyc) && c < n; c++ {
		r := row{cycle: uint64(c), in: ins[c*iw : (c+1)*iw], gold: golds[c*ow : (c+1)*ow]}
		if k := c - first; k < len(outs) {
			r.rtl = strings.Fields(outs[k])
			if len(r.rtl) != len(l.Outputs) {
				r.rtl = nil
			}
		}
		rows = append(rows, r)
	}
	return traceLines(l, rows)
}
