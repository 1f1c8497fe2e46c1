// Package port is the port vocabulary every floor above shares: a port's
// direction (In, Out), name and width (Port), the number of 32-bit words a
// width takes (WordsFor), the flat word arrays a cycle's inputs and
// outputs are carried in (Layout), the default clock and reset names, and
// the contract check (CheckPorts), which compares the ports a block's face
// expects with those a design has, before anything is simulated.
//
// A block's face (testbench/blocks/<block>) states its ports as functions
// of its parameters; the simulators (cosim/...) discover a design's ports
// and run it on Layout words; the stimulus and the golden adapters read
// and write the same words.
package port
