package blocks

import "occamy/testbench/vectors"

// Checks are the facts the project's other checkers read from a face:
// the mutants the self-check injects, the parameter sets lint and the
// Icarus testbenches run, and the .vec adapters of a block whose vectors
// have their own stimulus.
type Checks struct {
	// Mutants are small bugs in the block's Verilog that its
	// co-simulation must catch (cosim/mutation); Register sets their
	// Block.
	Mutants []Mutant
	// MutateFirst names the configuration of the block's matrix the
	// self-check co-simulates a mutant in first (one cheap build that
	// kills most of them: the TM's small set reconfiguring); "" for the
	// matrix's order. A mutant that survives it goes on through the rest
	// of the matrix, set by set, until a configuration kills it.
	MutateFirst string
	// Lint are further parameter sets ("K=V ..." words) linted besides
	// the defaults, the small set and each range end
	// (verilog/scripts/lint.sh): several parameters at an edge at once.
	Lint []string
	// Loose are parameters one past a range end ("K=V") at which a
	// simulator stops elaborating before the module's own check prints
	// (a zero width): lint asks only that it stops.
	Loose []string
	// Rejects are checks of Verilog-only parameters: each set must stop
	// both simulators with the message.
	Rejects []Reject
	// Testbench are the runs of the block's Icarus testbench
	// (verilog/tb/tb_<module>.sv) on vectors from the Go model
	// (verilog/scripts/tb.sh).
	Testbench []TBSet
	// Vectors, when set, makes the .vec tables of the testbench from the
	// block's own vector stimulus (testbench/vectors); otherwise they are
	// recorded from Build's golden model and random source.
	Vectors vectors.Generator
}

// Mutant is one small bug: an exact textual substitution in one file of
// the project's Verilog, which the block's co-simulation must catch.
type Mutant struct {
	ID      string // short unique name, e.g. "sel-ge"
	Block   string // the block to co-simulate (set by Register); it must compile File
	File    string // the file to mutate, relative to verilog/
	Anchor  string // text that occurs exactly once in File
	Replace string // what the anchor becomes
	Desc    string // one line: what the bug is

	// Equivalent, when not empty, explains why the mutant cannot change
	// any output under the co-simulated parameters; only then may it
	// survive.
	Equivalent string

	// First names the configuration of the block's matrix the self-check
	// tries this mutant in first, instead of Checks.MutateFirst: the one
	// that killed it when Checks.MutateFirst's did not (its row in
	// docs/mutation.md), so that it is not run through the configurations
	// before it again. Speed only: a mutant it does not kill goes on
	// through the rest of the matrix, as any other.
	First string
}

// Reject is a parameter set both simulators must refuse with Msg.
type Reject struct {
	Params string `json:"params"` // "K=V ..."
	Msg    string `json:"msg"`
}

// TBSet is one testbench run: parameters "K=V,..." and the cycles of its
// vectors (0: the script's default).
type TBSet struct {
	Params string `json:"params"`
	Cycles int    `json:"cycles,omitempty"`
}
