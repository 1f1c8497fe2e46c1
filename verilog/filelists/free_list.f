// free_list (freelist): free cell list in K banks over a link memory
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top free_list; parameters (defaults): CELLS=256 K=4 LAT=2
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/free_list.sv
${OCCAMY_ROOT}/verilog/sram_mp.sv
