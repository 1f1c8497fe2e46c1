// Package cosim is the simulator interface: what the co-simulation runner
// (cosim/runner) asks of a Verilog simulator, and what a simulator says it
// can and cannot do.
//
// A Simulator elaborates a design (the contract check reads the top's
// ports from it), builds it, and runs it: either in this process, cycle by
// cycle, as a Model (Verilator, cosim/verilator: lock-step and batched
// comparison), or over a stimulus file in a process of its own that writes
// the outputs of every cycle and a waveform (Icarus, cosim/icarus: the
// four-state check, compared through the waveforms). Caps says which, and
// why an option the simulator cannot honour is refused; the runner chooses
// a simulator by name in one place and drives it by its Caps, never by its
// name.
//
// The tools over the Verilog that are no simulators (cosim/prove,
// cosim/synth, cosim/packaging) and the checkers that sit beside one
// (cosim/dpi, cosim/tmsim, cosim/mutation) import this package, the port
// vocabulary (rtl/port) and the block faces (testbench/blocks), never a
// simulator's own package.
package cosim
