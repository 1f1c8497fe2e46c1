// Package mutation is the co-simulator's self-check: it injects small,
// known bugs (mutants) into copies of the project's Verilog and proves that
// a lock-step co-simulation against the Go golden models catches each one
// within the runner's default cycle budget.
//
// A Mutant is one exact textual substitution in one file of verilog/: an
// anchor that must occur exactly once, its replacement, a one-line
// description and the block to co-simulate. Apply writes the block's
// sources, with the one file mutated, into a directory of their own (never
// touching verilog/); the directory name is derived from the mutant and the
// mutated text, so a rerun finds the cosim build cache warm.
//
// Run checks every mutant in three steps, in parallel up to a limit:
//
//  1. the anchor occurs exactly once and the replacement changes the text;
//  2. the mutated block still elaborates and builds with Verilator (through
//     the cosim build cache); a mutant that does not build is a defect of
//     the catalogue, never a kill;
//  3. a Checker co-simulates the block and reports the first mismatch: the
//     mutant is killed, with the cycle and the signal where it showed.
//
// A mutant that survives fails the self-check unless the catalogue marks it
// equivalent and says why (Mutant.Equivalent). docs/mutation.md lists the
// catalogue with the cycle and signal that kill each mutant.
package mutation
