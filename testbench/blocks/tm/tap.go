package tm

import (
	hw "occamy/hw/tm"
	"occamy/testbench/blocks"
)

// Model returns the hw/tm model that g, a golden adapter of this block
// (Build's Sides.Golden), runs now: nil before its first reset cycle, or
// when g is another block's. The adapter builds a new model at a reset,
// so a caller asks again every cycle (the sub-block faces,
// testbench/blocks/tmsub, read the model's sub-blocks' input ports from
// Sides.OnEval this way).
func Model(g blocks.Golden) *hw.TM {
	if x, ok := g.(*gold); ok {
		return x.m
	}
	return nil
}
