package tmsub

import (
	"fmt"

	hw "occamy/hw/tm"
	"occamy/rtl/port"
	"occamy/testbench/blocks"
	tmface "occamy/testbench/blocks/tm"
	"occamy/testbench/stimulus"
)

// tmRun is a whole Go TM under the TM block's own stimulus, run one cycle
// per cycle of a sub-block face's run: the TM block's golden adapter
// (hw/tm inside) and its sources. After each cycle's Eval it records the
// input ports of its instance of the sub-block (hw/tm's TM.Unit) into
// the face's input words: what the sub-block's Go twin saw inside the
// TM, so every input obeys the invariants the TM keeps (an unlink only of
// a non-empty queue, a pop only of a bank with a cell, ...). A stage the
// top skipped leaves its sub-block's inputs as it last drove them (values
// the TM drove once, in range).
type tmRun struct {
	module string
	sb     hw.SubBlock // the module's table at the run's parameters
	ref    any         // the sub-block built alone: the entries of each packed port
	sub    *port.Layout
	gold   blocks.Golden // the TM block's adapter
	sides  blocks.Sides
	tin    []uint32 // the TM's inputs and outputs of the cycle
	tout   []uint32
	trst   int      // the TM's rst_ni word
	srst   int      // the sub-block's
	rec    []uint32 // the sub-block's inputs recorded this cycle
	cur    any      // the TM's instance the codecs are resolved on
	codecs []codec
	tapErr error
}

func newTMRun(module string, sb hw.SubBlock, ref any, sub *port.Layout, tm *blocks.Block, tp map[string]int, seed int64) (*tmRun, error) {
	tl, err := tm.Layout(tp)
	if err != nil {
		return nil, err
	}
	sd, err := tm.Build(tp, &tl, seed)
	if err != nil {
		return nil, err
	}
	if sd.OnEval == nil {
		return nil, fmt.Errorf("%s: the TM block's adapter has no OnEval hook to record from", module)
	}
	r := &tmRun{module: module, sb: sb, ref: ref, sub: sub, gold: sd.Golden, sides: sd,
		tin: make([]uint32, tl.InWords), tout: make([]uint32, tl.OutWords), rec: make([]uint32, sub.InWords)}
	r.trst = tl.InOff[tl.Input(port.DefaultReset)]
	r.srst = sub.InOff[sub.Input(port.DefaultReset)]
	*sd.OnEval = r.tap
	return r, nil
}

// tap records the sub-block's input fields of the TM's model after its
// Eval (resolving the codecs again when the TM adapter built a new model).
func (r *tmRun) tap() {
	m := tmface.Model(r.gold)
	if m == nil {
		return
	}
	if u := m.Unit(r.module); u != r.cur {
		cs, err := codecsOf(u, r.ref, r.sb, r.sub, port.In)
		if err != nil {
			if r.tapErr == nil {
				r.tapErr = err
			}
			return
		}
		r.cur, r.codecs = u, cs
	}
	for i := range r.codecs {
		c := &r.codecs[i]
		c.put(r.rec[c.off : c.off+c.words])
	}
}

// step runs the TM one cycle on src's inputs and writes the sub-block's
// recorded inputs, with the TM's rst_ni, into in.
func (r *tmRun) step(src stimulus.Source, c uint64, in []uint32) {
	src.Next(c, r.tin)
	r.gold.Step(r.tin, r.tout)
	copy(in, r.rec)
	in[r.srst] = in[r.srst]&^1 | r.tin[r.trst]&1
}

// err is the first thing that makes the recording mean nothing: the TM
// model's own error (an invariant broken) or a port the tap cannot read.
func (r *tmRun) err() error {
	if r.tapErr != nil {
		return r.tapErr
	}
	if e := r.sides.Err; e != nil {
		if err := e(); err != nil {
			return fmt.Errorf("the stimulus TM: %w", err)
		}
	}
	return nil
}

// recorder is one of a TM source's views as a sub-block's source; the
// random and the directed view share one tmRun, so the runner's chain
// (directed, then random) continues one TM.
type recorder struct {
	r   *tmRun
	src stimulus.Source
	fin stimulus.Finite // the directed view's end
}

func (v *recorder) Next(c uint64, in []uint32) { v.r.step(v.src, c, in) }

// Done implements stimulus.Finite for the directed view.
func (v *recorder) Done() bool { return v.fin != nil && v.fin.Done() }
