package runner

import (
	"context"
	"errors"

	"occamy/cosim"
	"occamy/rtl/pack"
)

// The consuming side of the engine: each chunk run on the Verilated model,
// compared with the golden outputs, counted, and a mismatch described.

// differs reports whether a cycle's golden and RTL output words differ
// on the compared outputs.
func (e *engine) differs(gold, rtl []uint32) bool {
	if e.only == nil {
		return !pack.Equal(gold, rtl)
	}
	return e.onlyDiff(gold, rtl) >= 0
}

// onlyDiff is the first output of only that differs, or -1.
func (e *engine) onlyDiff(gold, rtl []uint32) int {
	l := &e.s.canon
	for _, i := range e.only {
		o, w := l.OutOff[i], l.Outputs[i].Words()
		if !pack.Equal(gold[o:o+w], rtl[o:o+w]) {
			return i
		}
	}
	return -1
}

// consume runs one chunk on the Verilated model and compares it; stop is
// true after a mismatch.
func (e *engine) consume(ctx context.Context, ch *chunk) (stop bool, err error) {
	// The stop request is looked at once per chunk, never per cycle: a
	// run stops at a chunk boundary with every cycle before it compared.
	if ctx.Err() != nil {
		e.res.Interrupted = true
		return true, nil
	}
	if p := e.s.opt.Progress; p != nil {
		defer func() {
			if err == nil {
				p(e.res.Cycles)
			}
		}()
	}
	if e.chk != nil {
		return e.consumeDeclared(ch)
	}
	s := e.s
	ow := s.canon.OutWords
	in, out := ch.in, ch.rtl
	if !e.pm.identity {
		e.toRTL(ch)
		in, out = e.rin, e.rout
	}
	bad, ev := -1, -1
	var simErr *cosim.SimError
	if s.opt.Batch {
		rerr := e.m.Run(ch.n, in, out)
		if rerr != nil {
			if !errors.As(rerr, &simErr) {
				return true, rerr
			}
			ev = int(simErr.Cycle - ch.first)
		}
		if !e.pm.identity {
			e.fromRTL(ch)
		}
		last := ch.n
		if ev >= 0 {
			last = ev + 1
		}
		bad = firstDiff(ch.gold[:last*ow], ch.rtl[:last*ow], ow, ch.from)
	} else {
		if bad, ev, simErr, err = e.lockStep(ch, in, out); err != nil {
			return true, err
		}
	}
	switch {
	case bad >= 0:
		ran := bad + 1
		if s.opt.Batch {
			ran = ch.n
			if ev >= 0 {
				ran = ev + 1
			}
		}
		e.res.Mismatch = e.mismatch(ch, bad, nil)
		if s.opt.FailWaveDir != "" {
			if !s.opt.Batch {
				ran = e.runAfter(ch, bad, in, out) + 1
			}
			e.keepWindow(ch, bad, ran-1)
		}
		return true, e.count(ch, bad+1, ran)
	case ev >= 0:
		e.res.Mismatch = e.mismatch(ch, ev, simErr)
		if s.opt.FailWaveDir != "" {
			e.keepWindow(ch, ev, ev)
		}
		return true, e.count(ch, ev+1, ev+1)
	}
	err = e.count(ch, ch.n, ch.n)
	return err != nil, err
}

// count records that the first n cycles of ch were compared: Cycles runs
// to their end and Compared adds those from ch.from on. The golden
// waveform gets the first ran cycles, those the RTL ran (a batched chunk
// runs whole even when it mismatches early), so that both waveforms end
// at the same cycle after a mismatch or a stop; it is written here, not
// as the golden side produces, because that side runs chunks ahead.
func (e *engine) count(ch *chunk, n, ran int) error {
	e.res.Cycles = ch.first + uint64(n)
	if n > ch.from {
		e.res.Compared += uint64(n - ch.from)
		if !e.cmpSet {
			e.cmpFrom, e.cmpSet = ch.first+uint64(ch.from), true
		}
	}
	if e.gt == nil {
		return nil
	}
	iw, ow := e.s.canon.InWords, e.s.canon.OutWords
	for k := 0; k < ran; k++ {
		if err := e.gt.sample(ch.first+uint64(k), ch.in[k*iw:(k+1)*iw], ch.gold[k*ow:(k+1)*ow]); err != nil {
			e.dropTrace(err)
			return nil
		}
	}
	return nil
}

// mismatch describes the difference at index k of ch (or the simulation
// event there), with the trace of the cycles before it from ch and the
// chunk before.
func (e *engine) mismatch(ch *chunk, k int, ev *cosim.SimError) *Mismatch {
	s := e.s
	l := &s.canon
	iw, ow := l.InWords, l.OutWords
	var rows []row
	for c := k - s.lines + 1; c <= k; c++ {
		src, idx := ch, c
		if c < 0 {
			if e.prev == nil || e.prev.n+c < 0 {
				continue
			}
			src, idx = e.prev, e.prev.n+c
		}
		rows = append(rows, row{
			cycle: src.first + uint64(idx),
			in:    src.in[idx*iw : (idx+1)*iw],
			gold:  src.gold[idx*ow : (idx+1)*ow],
			rtl:   rtlText(l, src.rtl[idx*ow:(idx+1)*ow]),
		})
	}
	m := &Mismatch{Cycle: ch.first + uint64(k), Trace: traceLines(l, rows)}
	gold, rtl := ch.gold[k*ow:(k+1)*ow], ch.rtl[k*ow:(k+1)*ow]
	if ev != nil {
		m.Signal = "$" + ev.Kind.String()
		if ev.Kind == cosim.SimFatal {
			m.Signal = "fatal"
		}
		m.Go, m.RTL = "-", ev.Msg
		return m
	}
	i := portDiff(l, gold, rtl)
	if e.only != nil {
		i = e.onlyDiff(gold, rtl)
	}
	describePort(m, l, func(port string) int { return s.b.Elem(s.p, port) }, i, gold, rtl)
	return m
}
