package stimulus

import (
	"occamy/hw/selector"
	"occamy/rtl/port"
)

// SelArb is the random source of a selector feeding an arbiter (the
// benchmark top sel_arb_top): the Selector source's lengths and thresholds,
// and an ack that is high three cycles in four.
func SelArb(p selector.Params, l *port.Layout, seed int64) (Source, error) {
	sel, err := Selector(p, l, seed)
	if err != nil {
		return nil, err
	}
	ack, err := FieldOf(l, "ack_i")
	if err != nil {
		return nil, err
	}
	return &selArbSrc{sel: sel, ack: ack, rng: NewRNG(seed ^ 0xacc)}, nil
}

type selArbSrc struct {
	sel Source
	ack Field
	rng *RNG
}

func (s *selArbSrc) Next(c uint64, in []uint32) {
	s.sel.Next(c, in)
	s.ack.PutBool(in, !s.rng.OneIn(4))
}
