package selarb

import (
	"occamy/hw/selector"
	"occamy/rtl/port"
	selface "occamy/testbench/blocks/selector"
	"occamy/testbench/stimulus"
)

// newRandom is the random source of a selector feeding an arbiter (the
// benchmark top sel_arb_top): the Selector source's lengths and thresholds,
// and an ack that is high three cycles in four.
func newRandom(p selector.Params, l *port.Layout, seed int64) (stimulus.Source, error) {
	sel, err := selface.NewRandom(p, l, seed)
	if err != nil {
		return nil, err
	}
	ack, err := stimulus.FieldOf(l, "ack_i")
	if err != nil {
		return nil, err
	}
	return &selArbSrc{sel: sel, ack: ack, rng: stimulus.NewRNG(seed ^ 0xacc)}, nil
}

type selArbSrc struct {
	sel stimulus.Source
	ack stimulus.Field
	rng *stimulus.RNG
}

func (s *selArbSrc) Next(c uint64, in []uint32) {
	s.sel.Next(c, in)
	s.ack.PutBool(in, !s.rng.OneIn(4))
}
