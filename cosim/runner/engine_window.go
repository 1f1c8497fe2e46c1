package runner

import (
	"errors"
	"fmt"

	"occamy/cosim"
)

// The in-process engine's part of a failure waveform (failwave.go): the
// cycles around the first mismatch are taken from the chunk that holds
// it and the chunk before (kept for the trace; a chunk holds at least
// minChunk cycles, more than FailWaveBefore), and in lock-step the model,
// stopped right after the mismatching cycle, runs on for FailWaveAfter
// cycles of the same chunk, uncompared, so that the window shows what
// followed. Only when a failure waveform is asked for: otherwise the model
// stops at the first difference, as before.

// runAfter runs the model on the cycles of ch after index k (up to
// FailWaveAfter of them, those the chunk holds) after a lock-step
// mismatch at k, in and out being the model's words of the chunk, and
// returns the last index whose RTL outputs are known. A simulation event
// ends it at its cycle; a bridge failure leaves k.
func (e *engine) runAfter(ch *chunk, k int, in, out []uint32) int {
	extra := min(FailWaveAfter, ch.n-1-k)
	if extra <= 0 {
		return k
	}
	l := e.m.Layout()
	iw, rw := l.InWords, l.OutWords
	err := e.m.Run(extra, in[(k+1)*iw:(k+1+extra)*iw], out[(k+1)*rw:(k+1+extra)*rw])
	var se *cosim.SimError
	switch {
	case err == nil:
	case errors.As(err, &se) && se.Cycle > ch.first+uint64(k):
		extra = min(extra, int(se.Cycle-ch.first)-k)
	default:
		return k
	}
	if !e.pm.identity {
		for j := k + 1; j <= k+extra; j++ {
			e.fromRTLOne(ch, j)
		}
	}
	return k + extra
}

// keepWindow copies the cycles from FailWaveBefore before index k of ch
// (from the chunk before when ch starts later) to index last, at most
// FailWaveAfter after k, for the failure waveform.
func (e *engine) keepWindow(ch *chunk, k, last int) {
	iw, ow := e.s.canon.InWords, e.s.canon.OutWords
	last = min(last, k+FailWaveAfter, ch.n-1)
	var rows []TraceRow
	add := func(src *chunk, i int) {
		rows = append(rows, TraceRow{Cycle: src.first + uint64(i),
			In:   append([]uint32(nil), src.in[i*iw:(i+1)*iw]...),
			Gold: append([]uint32(nil), src.gold[i*ow:(i+1)*ow]...),
			RTL:  append([]uint32(nil), src.rtl[i*ow:(i+1)*ow]...)})
	}
	first := k - FailWaveBefore
	if first < 0 && e.prev != nil {
		for i := max(e.prev.n+first, 0); i < e.prev.n; i++ {
			add(e.prev, i)
		}
	}
	for i := max(first, 0); i <= last; i++ {
		add(ch, i)
	}
	e.window = rows
}

// failureOf is the Failure a mismatch describes.
func failureOf(m *Mismatch) Failure {
	f := Failure{Cycle: m.Cycle, What: "first difference at cycle " + m.Short()[len("cycle "):]}
	if m.Signal != "" && m.Signal[0] != '$' && m.Signal != "fatal" && m.Signal[0] != '(' {
		f.Signal = m.Signal
	}
	if f.Signal == "" {
		f.What = fmt.Sprintf("cycle %d: the design stopped (%s: %s)", m.Cycle, m.Signal, m.RTL)
	}
	return f
}

// failName is the base name of the session's failure waveform.
func (s *session) failName() string { return fmt.Sprintf("%s.%s.mismatch", s.b.Name, s.opt.Sim) }

// writeFailWave writes the failure waveform of win for res's mismatch into
// Options.FailWaveDir; a waveform that cannot be written is a note, never
// the run's verdict.
func (s *session) writeFailWave(res *Result, win *Window) {
	if s.opt.FailWaveDir == "" || res.Mismatch == nil || win == nil || len(win.Rows) == 0 {
		return
	}
	fw, err := WriteFailWave(s.opt.FailWaveDir, s.failName(), win, failureOf(res.Mismatch))
	if err != nil {
		res.Notes = append(res.Notes, "no failure waveform: "+err.Error())
		return
	}
	res.FailWave = fw
}

// verilatorScope is the scope above the design instance in the Verilator
// wrapper's dump: TOP.<top> holds the design's ports and internals.
const verilatorScope = "TOP."
