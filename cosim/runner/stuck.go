package runner

import (
	"strings"

	"occamy/cosim"
	"occamy/cosim/icarus"
)

// A file run is compared through its waveforms (rtl/vcddiff). When a
// waveform is cut (the run stopped inside a cycle that never settled, or
// --vcd's disk filled up), the verdict comes from the run's output file
// instead: each completed cycle's outputs just before its rising edge,
// flushed every cycle, compared with the golden outputs from the first
// cycle with the reset released, as the waveform diff does.

// modeOutFile is the Result.Mode of a file run compared from its output
// file.
const modeOutFile = "output file"

// outMismatch compares the outputs of cycles first..end-1 read back from
// the output file (first: the first cycle with the reset released) and
// returns the first difference (an x or z digit is one) and the cycles
// compared up to it, and the lines read.
func (s *session) outMismatch(ins, golds []uint32, end int, outPath string) (m *Mismatch, compared uint64, lines int) {
	l := &s.canon
	iw, ow := l.InWords, l.OutWords
	first := 0
	for first < end && s.rstIdx >= 0 && s.resetIn(ins[first*iw:(first+1)*iw]) {
		first++
	}
	outs := icarus.ReadOut(outPath, first, end-1)
	rtl := make([]uint32, ow)
	for k, line := range outs {
		c := first + k
		gold := golds[c*ow : (c+1)*ow]
		if icarus.ParseOut(l, line, rtl) {
			if i := portDiff(l, gold, rtl); i >= 0 {
				m = &Mismatch{Cycle: uint64(c)}
				describePort(m, l, func(port string) int { return s.b.Elem(s.p, port) }, i, gold, rtl)
			}
		} else if i, v := unknownPort(line); i >= 0 && i < len(l.Outputs) {
			m = &Mismatch{Cycle: uint64(c), Signal: l.Outputs[i].Name, Go: hexOf(l.Out(gold, i), l.Outputs[i].Width), RTL: v}
		} else {
			m = &Mismatch{Cycle: uint64(c), Signal: "(output line)", Go: "-", RTL: line}
		}
		if m != nil {
			return m, uint64(k + 1), first + len(outs)
		}
	}
	return nil, uint64(len(outs)), first + len(outs)
}

// stuck is the verdict of a file run the simulator stopped inside a cycle
// that never settled (Icarus: no cycle completed within Options.Stall, a
// combinational loop that oscillates): the first difference among the
// cycles completed before it, the loop in a note, or else the cycle that
// never settled, as Verilator's "did not converge" is a mismatch.
func (s *session) stuck(res *Result, ev *cosim.SimError, ins, golds []uint32, n int, outPath string) {
	res.Mode = modeOutFile
	m, compared, _ := s.outMismatch(ins, golds, min(int(ev.Cycle), n), outPath)
	if m == nil {
		m = &Mismatch{Cycle: ev.Cycle, Signal: "fatal", Go: "-", RTL: ev.Msg}
	} else {
		res.Notes = append(res.Notes, "then "+ev.Msg)
	}
	m.Trace = s.fileTrace(m.Cycle, ins, golds, n, outPath)
	res.Mismatch = m
	res.Compared = compared
	res.Cycles = m.Cycle + 1
}

// lostWaves is the verdict of a file run whose waveforms --vcd could not
// keep (lost: a full disk): from the output file, every cycle compared,
// then the design's own errors as with the waveforms; neither waveform is
// left, and the result says why.
func (s *session) lostWaves(res *Result, lost error, ins, golds []uint32, n int, out, outPath string) error {
	waveformsLost(res, lost)
	res.Mode = modeOutFile
	m, compared, lines := s.outMismatch(ins, golds, n, outPath)
	if m == nil && lines < n {
		return setupf("%s wrote %d output lines for %d cycles (%v)", s.sim.Caps().Title, lines, n, lost)
	}
	res.Compared = compared
	if m == nil {
		// The outputs agree; the design's own checks may have fired.
		if m = designError(out); m != nil {
			first := uint64(lines) - compared
			res.Compared = 0
			if m.Cycle >= first {
				res.Compared = min(m.Cycle-first+1, compared)
			}
		}
	}
	if m != nil {
		m.Trace = s.fileTrace(m.Cycle, ins, golds, n, outPath)
		res.Mismatch = m
		res.Cycles = m.Cycle + 1
	}
	return nil
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
