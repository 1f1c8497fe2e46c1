// Package rtl is the modelling kernel shared by every golden model in hw/.
//
// A block is a clocked component evaluated in two phases per cycle:
//
//  1. Eval computes combinational outputs (_o) and next state (_d) from the
//     current inputs (_i) and the current state (_q). It never writes _q.
//  2. Commit is the rising clock edge: every _q takes its _d.
//
// The simulator (Sim) runs Eval on every component in the order they were
// added, then Commit on all of them, then advances the integer cycle count.
// Because no _q changes before every Eval has run, nothing reads a value
// written in the same cycle, exactly as with non-blocking assignments in
// Verilog.
//
// Naming: a Go field maps one to one onto a Verilog port or register by
// writing the Verilog name in CamelCase with its suffix kept as the final
// capital: req_i ↔ ReqI, gnt_idx_o ↔ GntIdxO, ptr_q ↔ PtrQ, ptr_d ↔ PtrD,
// rst_ni ↔ RstNI. Traced signals carry the Verilog name itself, so a
// waveform from the Go model and one from the RTL read the same.
//
// Time is an integer cycle count (uint64); there are no floats for time.
package rtl
