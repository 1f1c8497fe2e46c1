// Package prove checks a user's Verilog of a block against the project's
// reference Verilog formally, for every input sequence from reset, with the
// open tools the project already installs: Yosys 0.23 builds a miter of the
// two designs and exports it as AIGER, and ABC (yosys-abc) proves it with
// pdr (unbounded) or refutes it with bmc3 (bounded, shortest
// counterexample first).
//
// The miter follows the co-simulator's rule: both designs start from
// unconstrained registers (arbitrary power-up), rst_ni is forced low in the
// first cycle, and the outputs are compared from the cycle after that first
// reset edge. A counterexample is not taken on trust: its input sequence is
// replayed through the Go golden model and the user's RTL on Verilator by
// the co-simulation runner, which reports the first mismatch as `occamy
// cosim` does. A replay that does not show the mismatch is a *FlowError.
//
// Properties proves the reference's own contract properties with the
// block face's property monitor (and, for the arbiter, the face's lemmas on
// the reference's internal pointer), whose outputs are the violations.
//
// The user's files reach Yosys as occamy cosim's Verilator build compiles
// them: through Verilator's preprocessor (SYNTHESIS undefined;
// simulation-only checkers left out, stripObservers) and a pre-pass,
// lowerSV (sv*.go), that rewrites the SystemVerilog Yosys 0.23 does not
// read and refuses, by name and line, what it cannot rewrite.
//
// docs/prove.md gives the flow, the exit codes, the measured scaling and
// the table of SystemVerilog constructs tried.
package prove
