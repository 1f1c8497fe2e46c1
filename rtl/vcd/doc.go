// Package vcd writes and reads Value Change Dump files (IEEE 1364 §18).
//
// The writer side has two layers. Writer is the low-level streaming
// writer: declare vars in (possibly nested) scopes, write the header, then
// move time forward and report values; it writes a change only when a value
// really differs from the last one written, and its output is the same byte
// for byte for the same calls (no $date). Tracer adapts a Writer to
// rtl.Tracer, so an rtl.Sim can dump every traced signal with a clock.
//
// The reader side is streaming too: Reader parses the header, then yields
// one event per timestamp or value change while holding only the current
// value of every var, so files larger than memory can be read. Sampler
// turns that stream into one record per rising edge of a clock, holding the
// values every signal had just before the edge's timestamp: what a
// flip-flop clocked by that edge samples. It reads dumps from this package,
// from Verilator and from Icarus Verilog alike.
//
// Values are 4-state (0, 1, x, z) and held as two bit planes; see Value.
// Malformed input gives a *ParseError naming the line, never a panic.
//
// docs/vcd.md describes the format choices and the sampling semantics.
package vcd
