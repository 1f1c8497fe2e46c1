package runner

import (
	"occamy/testbench/blocks"
	"occamy/testbench/coverage"
)

// golden is a Go golden model behind word arrays in the block's contract
// layout (the registry's adapter).
type golden interface {
	// step runs one cycle: inputs from in, Eval, outputs into out (all
	// OutWords of them), Commit.
	step(in, out []uint32)
}

// goldWrap is a registry golden adapter with its coverpoint counters and
// the model's own input-contract check.
type goldWrap struct {
	g    blocks.Golden
	hits []uint64
	err  func() error
	// steps counts the cycles stepped; base holds the hits of the first
	// baseAt of them, the cycles before the first compared one (mark).
	steps, baseAt uint64
	base          []uint64
}

func (w *goldWrap) step(in, out []uint32) {
	w.g.Step(in, out)
	w.steps++
}

// coverage is the block's coverage report of the side's golden model, nil
// when the block declares no coverpoints.
func (s *session) coverage(g golden) *coverage.Report {
	w, ok := g.(*goldWrap)
	if !ok {
		return nil
	}
	return s.b.Report(s.p, w.hits)
}

// goldErr is the golden model's first input-contract violation: the
// stimulus (or a replay) drove the block outside its contract, so the
// comparison after it means nothing.
func goldErr(g golden) error {
	if w, ok := g.(*goldWrap); ok && w.err != nil {
		if err := w.err(); err != nil {
			return &SetupError{Msg: "the stimulus broke the block's input contract", Err: err}
		}
	}
	return nil
}
