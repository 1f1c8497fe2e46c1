// tm_free_list (tm_free_list): the TM's free cell list: K banks threaded through the cell-pointer memory, pops and appends (stages E-G)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_free_list; parameters (defaults): B=16384 K=4
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_free_list.sv
