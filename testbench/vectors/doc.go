// Package vectors reads, writes, checks and generates cycle-by-cycle vector
// tables, the `.vec` files described in docs/architecture.md:
//
//	# block=hd_selector N=2 QW=4 seed=1
//	cycle rst_ni qlen_i thr_i over_o
//	0 0 00 00 0
//	1 1 3f 21 0
//	2 1 3f 21 2
//
// Lines starting with '#' are comments; a comment whose words are all
// key=value pairs carries parameters (the block and its Params). The first
// other line names the columns: "cycle", then the ports. Ports whose names
// end in _i or _ni are inputs; every other column is an observed value
// (normally an _o output) compared by Check. Each following line is one
// cycle: the decimal cycle number, then each port's value in hexadecimal
// without prefix, zero-padded to ceil(width/4) digits when the width is
// known. Cycle numbers go up by one from row to row. A row's inputs are held
// for the whole cycle; its outputs are the values after combinational
// settling, before the rising edge that ends the cycle.
//
// Tables made by Generate start with two rows under reset (rst_ni=0) for
// clocked blocks. In row 0 a registered output and any output computed from
// a register (over_o, gnt_idx_o) shows the Go model's power-up state, which
// equals its reset state; a Verilog testbench should compare outputs only
// from row 1 on, after the first reset edge.
//
// Every row is one line, so a Verilog testbench can read it with $fgets and
// $sscanf.
package vectors
