package runner

import (
	"errors"

	"occamy/cosim"
)

// consumeDeclared runs one chunk on the model of a run under a design
// file and hands every cycle to the run's check (equality at the declared
// timing, or the properties). Lock-step runs one call per cycle and
// stops right after the cycle that ends the run; batched (--batch) runs
// the chunk in one call. The words go through the declared port map.
// consume has looked at the stop request and set up the progress report.
func (e *engine) consumeDeclared(ch *chunk) (stop bool, err error) {
	s := e.s
	iw, ow := s.canon.InWords, s.canon.OutWords
	e.toRTL(ch)
	l := e.m.Layout()
	riw, row := l.InWords, l.OutWords
	ran, ev := ch.n, -1
	var simErr *cosim.SimError
	var rerr error
	if s.opt.Batch {
		rerr = e.m.Run(ch.n, e.rin, e.rout)
	}
	for k := 0; k < ch.n; k++ {
		if !s.opt.Batch {
			rerr = e.m.Run(1, e.rin[k*riw:(k+1)*riw], e.rout[k*row:(k+1)*row])
		}
		if rerr != nil {
			if !errors.As(rerr, &simErr) {
				return true, rerr
			}
			if ev = int(simErr.Cycle - ch.first); ev < 0 || ev > k && !s.opt.Batch {
				ev = k
			}
		}
		if s.opt.Batch && ev >= 0 && k > ev {
			break
		}
		e.fromRTLOne(ch, k)
		if e.chk.cycle(ch.first+uint64(k), ch.in[k*iw:(k+1)*iw], ch.gold[k*ow:(k+1)*ow], ch.rtl[k*ow:(k+1)*ow], nil) {
			return true, e.count(ch, k+1, k+1)
		}
		if ev >= 0 && ev <= k {
			ran = k + 1
			break
		}
	}
	if ev >= 0 {
		// The design's own check fired ($stop, $error, a failed
		// assertion) or Verilator gave up: the run ends there.
		e.evMismatch = e.mismatch(ch, min(ev, ran-1), simErr)
		return true, e.count(ch, ran, ran)
	}
	err = e.count(ch, ch.n, ch.n)
	return err != nil, err
}
