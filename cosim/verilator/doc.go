// Package verilator is the Verilator simulator (a cosim.Simulator,
// Simulator): it builds a Verilog top into a Verilated shared library and
// runs it in-process, cycle by cycle, beside the Go golden models.
//
// The flow has four steps, each usable on its own:
//
//  1. Port discovery: Discover elaborates the top with `verilator --xml-only`
//     (with the -G parameters) and reads the top module's ports, whatever
//     Verilog style the user wrote them in.
//  2. Contract check: port.CheckPorts compares discovered ports with a block's
//     expected ports and reports every missing, extra, wrong-direction and
//     wrong-width port in one error, before anything is compiled.
//  3. Build: Build generates a small C++ wrapper with one uniform extern "C"
//     shape for every top, compiles it with the Verilated model into a shared
//     library, and caches the library under a SHA-256 key of everything that
//     went into it.
//  4. Open: Open loads the library with dlopen and returns a Model. Open needs
//     cgo and the build tag `verilator`; without the tag it returns
//     cosim.ErrNoVerilatorSupport, and the rest of the package still works.
//
// A cosim.Model takes its inputs and gives its outputs as 32-bit words, port
// by port in declaration order (see port.Layout). One call to Model.Cycle sets the inputs,
// settles the logic, reads the outputs before the rising edge and then clocks
// the edge, so lock-step comparison against a Go model costs one cgo call per
// cycle; Model.Run does the same for many cycles in one call.
//
// docs/cosim.md describes the wrapper ABI, the cache and the measured speeds.
package verilator
