package tmsim

import (
	"errors"
	"fmt"

	"occamy/cosim"
	"occamy/testbench/scenario"
	"occamy/testbench/traffic"
)

// Every named scenario is open loop: its sources (constant, incast,
// random; testbench/traffic) are functions of the cycle and the seed, never
// of what the TM did, so a run's inputs are known ahead (RunSpec says a
// backend may tick its own copy of them). The model then runs occamy_tm
// ahead over chunks of cycles in one call each (verilator.Model.Run, as the
// co-simulation's batched path does) and replays the outputs one Step at a
// time, checking that each cycle's offers are the inputs it ran. The
// closed-loop senders (traffic.Network, DCTCP) drive `occamy experiment`
// on hw/tm only. A traced run (--vcd) stays one cycle per call, so its
// waveform holds exactly the cycles stepped (a stop or an interrupt
// included), and so does a run a stop may end early (RunSpec.Stops: its
// drain after the stop offers nothing, which a chunk run ahead cannot
// undo).

// Chunks grow from firstChunk to maxChunk cycles: a run that a metric's
// stop ends early wastes little of its last chunk.
const (
	firstChunk = 64
	maxChunk   = 4096
)

// ahead is a run's inputs and outputs computed ahead of its Steps: rows
// hold each cycle's outputs before its edge, ins its inputs; row is the
// next to replay, n the rows replayable (each with qlen_o after its edge:
// the next row's, or tail for the last one).
type ahead struct {
	ins, rows []uint32
	tail      []uint32
	row, n    int
	err       error // the run's error after row n (a *verilator.SimError)
	// Verilator only: the sources ticked ahead, the next cycle to run,
	// the last cycle of the run and the next chunk's length.
	mix        *traffic.Mix
	next, last uint64
	chunk      int
}

// startAhead sets m up to run r's sources ahead on the Verilated model.
func (m *rtlModel) startAhead(r scenario.RunSpec) error {
	mix, err := traffic.BuildAll(r.Sources, scenario.Env(&r.Config), r.Seed, "sources")
	if err != nil {
		return err
	}
	m.ah = &ahead{mix: mix, last: r.Cycles, chunk: firstChunk, tail: make([]uint32, len(m.post))}
	return nil
}

// fill runs the next chunk of cycles of the sources on the Verilated model.
// It returns false when the run's cycles are all run (a Step beyond them
// runs one cycle at a time).
func (m *rtlModel) fill() bool {
	a := m.ah
	n := int(min(uint64(a.chunk), a.last-a.next))
	if n <= 0 {
		return false
	}
	a.chunk = min(2*a.chunk, maxChunk)
	iw, ow := m.l.InWords, m.l.OutWords
	if len(a.ins) < n*iw {
		a.ins, a.rows = make([]uint32, n*iw), make([]uint32, n*ow)
	}
	a.ins, a.rows = a.ins[:n*iw], a.rows[:n*ow]
	for k := 0; k < n; k++ {
		in := a.ins[k*iw : (k+1)*iw]
		copy(in, m.tmpl)
		putOffers(m.slots, in, a.mix.Tick(a.next+uint64(k)))
	}
	start := m.o.Model.Cycles()
	a.row, a.n, a.err = 0, n, nil
	if err := m.o.Run(n, a.ins, a.rows); err != nil {
		// Replay the cycles before the one that failed, then report it
		// in its own Step, as one cycle per call would.
		var se *cosim.SimError
		a.n, a.err = 0, err
		if errors.As(err, &se) && se.Cycle >= start && se.Cycle < start+uint64(n) {
			a.n = int(se.Cycle - start)
		}
	} else if err := m.o.Output(m.qlenI, a.tail); err != nil {
		a.n, a.err = 0, err
	}
	a.next += uint64(n)
	return true
}

// replay copies the next row into m.out and m.post after checking that
// the cycle's offers are the inputs run ahead.
func (m *rtlModel) replay(what string) error {
	a := m.ah
	if a.row >= a.n {
		if a.err != nil {
			return a.err
		}
		return fmt.Errorf("tmsim: cycle %d: beyond the cycles run ahead on %s", m.d.cycle, what)
	}
	iw, ow := m.l.InWords, m.l.OutWords
	for i, w := range m.in {
		if a.ins[a.row*iw+i] != w {
			return fmt.Errorf("tmsim: cycle %d: the offers differ from the inputs run ahead on %s (an open-loop source that is not)", m.d.cycle, what)
		}
	}
	copy(m.out, a.rows[a.row*ow:(a.row+1)*ow])
	if a.row+1 < len(a.rows)/ow {
		q := m.span["qlen_o"]
		copy(m.post, a.rows[(a.row+1)*ow+q[0]:(a.row+1)*ow+q[1]])
	} else {
		copy(m.post, a.tail)
	}
	a.row++
	return nil
}
