package mutation

import "occamy/testbench/blocks"

// Mutant is one small bug: an exact textual substitution in one file of
// the project's Verilog, and the block whose co-simulation must catch it.
// Each block's face declares its own (testbench/blocks/<block>,
// Checks.Mutants).
type Mutant = blocks.Mutant

// Catalogue returns the mutants of the self-check, every face's in the
// faces' order. Each one is a single edit of the kind a hand-written
// design gets wrong; see docs/mutation.md for the stimulus that kills each.
func Catalogue() []Mutant {
	var ms []Mutant
	for _, b := range blocks.Every() {
		ms = append(ms, b.Checks.Mutants...)
	}
	return ms
}
