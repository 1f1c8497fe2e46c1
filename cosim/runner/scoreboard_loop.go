package runner

import (
	"context"
	"errors"
	"fmt"
	"time"

	"occamy/cosim"
	"occamy/testbench/tmscore"
)

// scoreChunk is the number of cycles a Model.Run call of the scoreboard
// takes; two chunks of inputs are made ahead of the checks (at most
// tmscore.Ahead).
const scoreChunk = 1024

// modelChunk is one chunk's run on the model: its notes (events inside
// the design, each noted and the run resumed) and a fatal error.
type modelChunk struct {
	notes []string
	err   error
}

// runChunk runs n cycles of ins on m from cycle c, stopping after a cycle
// that reports an event ($stop, an assertion): noted, and the run goes on
// from the next cycle. A fatal event or any other error ends it.
func runChunk(m cosim.Model, c uint64, n, iw, ow int, ins, outs []uint32) modelChunk {
	var r modelChunk
	for k := 0; k < n; {
		err := m.Run(n-k, ins[k*iw:n*iw], outs[k*ow:n*ow])
		if err == nil {
			break
		}
		var se *cosim.SimError
		if !errors.As(err, &se) || se.Kind == cosim.SimFatal {
			r.err = err
			return r
		}
		r.notes = append(r.notes, fmt.Sprintf("the design reported in cycle %d: %s", se.Cycle, se.Msg))
		k = int(se.Cycle-c) + 1
	}
	return r
}

// scoreLoop drives m with sb's inputs and checks its outputs, a chunk at a
// time, the model running the next chunk on another goroutine while this
// one checks the last (the stimulus is open loop: a chunk's inputs do not
// wait for the checks before it). It returns whether the run completed
// (false: interrupted). The drain's end is known only from the checks, so
// the model may run up to a chunk past it; those cycles are not checked.
func scoreLoop(ctx context.Context, opt Options, m cosim.Model, sb *tmscore.Scoreboard, res *ScoreResult, start time.Time) (bool, error) {
	l := m.Layout()
	iw, ow := l.InWords, l.OutWords
	var ins, outs [2][]uint32
	for i := range ins {
		ins[i], outs[i] = make([]uint32, scoreChunk*iw), make([]uint32, scoreChunk*ow)
	}
	fill := func(c uint64, in []uint32) int {
		n := 0
		for n < scoreChunk && sb.Inputs(c+uint64(n), in[n*iw:(n+1)*iw]) {
			n++
		}
		return n
	}
	done := make(chan modelChunk, 1)
	launch := func(c uint64, n int, i int) {
		go func() { done <- runChunk(m, c, n, iw, ow, ins[i], outs[i]) }()
	}
	drainAt := sb.Plan().DrainAt
	var c uint64
	cur := 0
	n := fill(c, ins[cur])
	if n == 0 {
		return true, nil
	}
	launch(c, n, cur)
	for {
		r := <-done
		for _, s := range r.notes {
			if len(res.Notes) < 5 {
				res.Notes = append(res.Notes, s)
			}
		}
		if r.err != nil {
			return false, r.err
		}
		if ctx.Err() != nil {
			return false, nil
		}
		if opt.Progress != nil && c > 0 {
			opt.Progress(c)
		}
		next := c + uint64(n)
		nn := 0
		if !sb.Done() {
			nn = fill(next, ins[1-cur])
		}
		if nn > 0 {
			launch(next, nn, 1-cur)
		}
		for k := 0; k < n && !sb.Done(); k++ {
			cy := c + uint64(k)
			if cy == drainAt {
				res.TrafficRate = float64(cy) / time.Since(start).Seconds()
			}
			sb.Check(cy, ins[cur][k*iw:(k+1)*iw], outs[cur][k*ow:(k+1)*ow], nil)
		}
		if nn == 0 {
			return true, nil
		}
		if sb.Done() {
			<-done // the chunk past the drain's end: not checked
			return true, nil
		}
		c, n, cur = next, nn, 1-cur
	}
}
