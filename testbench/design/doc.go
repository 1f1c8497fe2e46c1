// Package design reads a design file (`occamy cosim --map FILE`): how a
// user's Verilog meets a block's contract when it is not a clone of the
// project's own. It names the contract (block), the sources and top, the
// clock and reset, port renames, tie-offs, declared latencies, don't-care
// outputs, stimulus constraints, observed internal signals, the kind of
// check and, for a traffic manager, the transaction map (the tm: section).
//
// The format is YAML (version 1), documented in docs/cosim.md ("Your design
// differs from the reference"). Load reads a file, Merge lays the
// command-line flags over it (flags win) and Validate checks it against a
// block's face, so a declaration naming a port the contract lacks is one
// clear line. The package reads no simulator: the runner and prove apply
// what it says.
package design
