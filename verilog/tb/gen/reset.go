package main

import "math/rand"

// resetPulses drives rst_ni for the clocked-block generators: low for the
// first two cycles, then, in a cycle drawn with probability 1/odds, a
// pulse of one or two cycles while the other inputs stay busy.
type resetPulses struct {
	odds int // one pulse every odds cycles on average
	left int // cycles of the current pulse still to come
}

// next returns rst_ni for cycle c. It draws from rng only outside a pulse,
// so a generator's vectors depend only on its seed.
func (r *resetPulses) next(c int, rng *rand.Rand) bool {
	switch {
	case c < 2:
		return false
	case r.left > 0:
		r.left--
		return false
	case rng.Intn(r.odds) == 0:
		r.left = rng.Intn(2)
		return false
	}
	return true
}
