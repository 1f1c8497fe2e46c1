package runner

import (
	"strings"

	"occamy/cosim"
	"occamy/cosim/icarus"
)

// stuck is the verdict of a file run the simulator stopped inside a cycle
// that never settled (Icarus: no cycle completed within Options.Stall, a
// combinational loop that oscillates), whose waveform is cut wherever its
// buffer was. The outputs of the cycles completed before it, read back
// from the run's output file (flushed every cycle), are compared with the
// golden ones from the first cycle with the reset released, as the
// waveform diff does: the first difference among them is the mismatch;
// without one, the cycle that never settled is, as Verilator's "did not
// converge" is one.
func (s *session) stuck(res *Result, ev *cosim.SimError, ins, golds []uint32, n int, outPath string) {
	l := &s.canon
	iw, ow := l.InWords, l.OutWords
	end := min(int(ev.Cycle), n)
	first := 0
	for first < end && s.rstIdx >= 0 && s.resetIn(ins[first*iw:(first+1)*iw]) {
		first++
	}
	var m *Mismatch
	lines := icarus.ReadOut(outPath, first, end-1)
	rtl := make([]uint32, ow)
	for k, line := range lines {
		c := first + k
		gold := golds[c*ow : (c+1)*ow]
		if icarus.ParseOut(l, line, rtl) {
			if i := portDiff(l, gold, rtl); i >= 0 {
				m = &Mismatch{Cycle: uint64(c)}
				describePort(m, l, func(port string) int { return s.b.Elem(s.p, port) }, i, gold, rtl)
			}
		} else if i, v := unknownPort(line); i >= 0 && i < len(l.Outputs) {
			m = &Mismatch{Cycle: uint64(c), Signal: l.Outputs[i].Name, Go: hexOf(l.Out(gold, i), l.Outputs[i].Width), RTL: v}
		}
		if m != nil {
			res.Compared = uint64(k + 1)
			break
		}
	}
	if m == nil {
		m = &Mismatch{Cycle: ev.Cycle, Signal: "fatal", Go: "-", RTL: ev.Msg}
		res.Compared = uint64(len(lines))
	} else {
		res.Notes = append(res.Notes, "then "+ev.Msg)
	}
	m.Trace = s.fileTrace(m.Cycle, ins, golds, n, outPath)
	res.Mismatch = m
	res.Cycles = m.Cycle + 1
}

// unknownPort is the first field of an output line that is not plain
// hexadecimal (an x or z digit), with its text; -1 when none.
func unknownPort(line string) (int, string) {
	for i, f := range strings.Fields(line) {
		if strings.Trim(f, "0123456789abcdef") != "" {
			return i, f
		}
	}
	return -1, ""
}
