// Package blocks is the framework of a block's verification face: what
// every block the project checks declares, once, in its own package
// testbench/blocks/<block> (its face): its command-line name, Verilog
// module and sources, parameters (defaults and ranges read from the Go
// model's Params), port contract, golden adapter, stimulus, coverpoints,
// mutants, and the parameter sets its lint and testbenches run.
//
// Faces register themselves in init (Register), the database/sql driver
// habit; testbench/blocks/all imports every face, and the commands import
// all. Nothing here names a block: the co-simulation runner, the contract
// check, synthesis, the mutation self-check, vector generation and the
// Verilog scripts (through `occamy blocks`) read the faces through Lookup
// and All. Adding a block is its face, its Go model, its Verilog and its
// doc.
package blocks
