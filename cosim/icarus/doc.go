// Package icarus is the Icarus Verilog simulator (a cosim.Simulator,
// Simulator): four-state, so X and Z reach the outputs as they are. It
// writes a harness around the design's top (occ_tb, harness.go) that reads
// a cycle's inputs from a .vec file, drives them in the project's waveform
// convention, writes each cycle's outputs before its rising edge to an
// output file and dumps a VCD; iverilog builds it and vvp runs it. The
// runner compares that VCD with the Go model's (rtl/vcddiff) and reads the
// output file back for the trace (ReadOut, ParseOut).
package icarus
