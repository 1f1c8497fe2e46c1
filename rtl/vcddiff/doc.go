// Package vcddiff compares two VCD dumps of the same design, one rising
// clock edge at a time: the Go golden model's dump with Verilator's, or
// Verilator's with Icarus's. It is the library behind `occamy vcddiff`;
// docs/vcddiff.md is the user's guide.
//
// What is compared: at each rising edge of each file's clock, the value
// every signal held just before the edge's timestamp (rtl/vcd.Sampler).
// Edges are counted, never timed: the k-th compared edge of A is compared
// with the k-th compared edge of B, so timescales, clock periods and the
// times a harness passes to its dump calls do not matter.
//
// Normalisation, fixed here:
//
//   - Compared scope. Each file has one compared scope, and signals are
//     named by their dotted path relative to it; signals with equal
//     relative paths are paired. The two scopes are aligned automatically:
//     among all pairs (scope of A, scope of B), including the file tops,
//     the pair under which the most distinct pairs of value streams have
//     equal relative paths wins; ties go to the deeper pair (the design
//     instance rather than the testbench copying its ports), then to the
//     lexically smaller. So occamy.u_sel.over_o (Go tracer),
//     TOP.hd_selector.over_o (Verilator) and tb.dut.over_o (Icarus) all
//     become over_o. Options.RootA and RootB fix a scope by hand.
//   - One signal, several names. Vars sharing an id code are one value
//     stream. A var outside the compared scope that shares its id code with
//     a compared var (Verilator's TOP ports, an Icarus testbench net wired
//     straight to a port) is an alias and is not listed. Inside the scope,
//     each relative path is a signal; two paths on one stream are compared
//     once.
//   - Kinds (wire, reg, integer, logic, …) are ignored.
//   - Vectors are compared as bits of their declared widths; zero-padded
//     (Verilator) and stripped (Icarus) values read the same. When the
//     widths of a pair differ, both are zero-extended to the wider and a
//     warning says so. x and z compare as themselves: x differs from 0.
//   - A missing $dumpvars changes nothing: a value not yet dumped is x.
//   - Clock: Options.ClockA/ClockB, else the first of clk_i, clk, clock
//     found in the file (relative to the compared scope first, then as a
//     full path, then as a dotted suffix matching one value stream). Clock
//     pairs are not compared (a clock is 0 before each of its edges).
//   - Reset: Options.ResetA/ResetB, else the first of rst_ni, rst_n
//     (active low), rst_i, rst (active high) found the same way. A reset
//     found in only one file is an error unless named or turned off. Edges
//     are skipped while the reset is asserted or unknown; comparing starts
//     at the first edge at which it is known and inactive, and from then
//     on every edge is compared, also edges where the reset is asserted
//     again. Without a reset comparing starts at the first rising edge.
//   - Unmatched signals are reported, as notes, not differences: with no
//     counterpart, outside the compared scope, or integers (loop and
//     testbench variables, which Icarus dumps), which are ignored. A
//     signal named in Options.Signals or Options.Map that one file lacks
//     is a difference.
//
// Result: the first divergence of every differing signal (compared-edge
// index, the edge number and timestamp in each file, the two values), how
// many edges differ, the paired and unpaired signals, and whether the two
// files have the same number of edges after reset (a different count is a
// difference). Diff streams both files; memory depends on the headers,
// not on the lengths, and nothing is allocated per edge.
package vcddiff
