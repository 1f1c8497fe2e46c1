package runner

import (
	"occamy/rtl/port"
)

// The training of a profile-guided build (Options.PGO): the block's own
// stimulus (directed, then random) at a fixed seed, so the profile, and
// the build, depend on the Verilog parameters alone.
const (
	TrainSeed   = 0x7ea1
	TrainCycles = 1 << 16
)

// training is the training of a profile-guided build of s
// (cosim.Design.Train): TrainCycles cycles of the block's default
// stimulus at TrainSeed, with s's Verilog parameters and the other
// parameters at their defaults, in the built top's layout.
func (s *session) training() func(l *port.Layout) ([]uint32, error) {
	return func(l *port.Layout) ([]uint32, error) {
		o := s.opt
		o.Seed, o.Stimulus, o.Replay, o.PGO, o.VCDDir, o.Progress = TrainSeed, StimMixed, nil, false, "", nil
		o.Cycles = TrainCycles
		o.Params = s.b.Verilog(s.p)
		t, err := prepare(o)
		if err != nil {
			return nil, err
		}
		sd, err := t.newSide()
		if err != nil {
			return nil, err
		}
		pm, err := newPortMap(&t.canon, l)
		if err != nil {
			return nil, err
		}
		cw := t.canon.InWords
		in, out := make([]uint32, TrainCycles*cw), make([]uint32, t.canon.OutWords)
		for c := 0; c < TrainCycles; c++ {
			sd.src.Next(uint64(c), in[c*cw:(c+1)*cw])
			sd.g.step(in[c*cw:(c+1)*cw], out) // a source may follow the outputs
		}
		if pm.identity {
			return in, nil
		}
		rin := make([]uint32, TrainCycles*l.InWords)
		pm.toRTL(TrainCycles, in, cw, rin, l.InWords)
		return rin, nil
	}
}
