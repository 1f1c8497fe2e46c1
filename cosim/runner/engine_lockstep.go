package runner

import (
	"errors"

	"occamy/cosim"
)

// compareInWrapper, when true, lets lock-step hand a chunk to a model that
// compares as it runs (verilator.Comparer) instead of calling it once per
// cycle; tests and benchmarks set it false to measure the call per cycle.
var compareInWrapper = true

// comparer is the model's verilator.Comparer when lock-step can use it: whole
// words in the contract layout, every output compared. The integrity pass
// (only) and port maps take a call per cycle.
func (e *engine) comparer() cosim.Comparer {
	if !compareInWrapper || !e.pm.identity || e.only != nil {
		return nil
	}
	c, _ := e.m.(cosim.Comparer)
	return c
}

// lockStep runs ch on the model without running past its first
// differing cycle: through the model's verilator.Comparer when comparer allows,
// else one call per cycle with the comparison between calls. bad is the
// first differing cycle of ch and ev the cycle of the simulation event
// simErr (each -1 when there is none); err is a failure of the bridge.
func (e *engine) lockStep(ch *chunk, in, out []uint32) (bad, ev int, simErr *cosim.SimError, err error) {
	bad, ev = -1, -1
	if cmp := e.comparer(); cmp != nil {
		d, cerr := cmp.RunCompare(ch.n, ch.from, in, ch.gold, out)
		if cerr != nil {
			if !errors.As(cerr, &simErr) {
				return bad, ev, nil, cerr
			}
			ev = int(simErr.Cycle - ch.first)
		}
		return d, ev, simErr, nil
	}
	ow := e.s.canon.OutWords
	l := e.m.Layout()
	iw, rw := l.InWords, l.OutWords
	for k := 0; k < ch.n; k++ {
		var cerr error
		if k < ch.n-1 {
			cerr = e.m.Cycle(in[k*iw:(k+1)*iw], out[k*rw:(k+1)*rw])
		} else {
			// Run, not Cycle, for a chunk's last cycle: a model built
			// with registered inputs (verilator.Spec.RegInputs) runs a
			// cycle's rising edge in the next call, and Run runs it
			// before returning, so each chunk's statuses come with it.
			cerr = e.m.Run(1, in[k*iw:(k+1)*iw], out[k*rw:(k+1)*rw])
		}
		if cerr != nil {
			if !errors.As(cerr, &simErr) {
				return bad, ev, nil, cerr
			}
			if e.only != nil && simErr.Kind != cosim.SimFatal {
				simErr, cerr = nil, nil // the model keeps running after $stop or $finish
			} else if c := int(simErr.Cycle - ch.first); c < k {
				// The previous cycle's edge (registered inputs): that
				// cycle's outputs were compared, this one did not run.
				return bad, c, simErr, nil
			}
		}
		if !e.pm.identity {
			e.fromRTLOne(ch, k)
		}
		if k >= ch.from && e.differs(ch.gold[k*ow:(k+1)*ow], ch.rtl[k*ow:(k+1)*ow]) {
			return k, ev, simErr, nil
		}
		if cerr != nil {
			return bad, k, simErr, nil
		}
	}
	return bad, ev, simErr, nil
}
