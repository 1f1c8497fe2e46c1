// cp_sublists (cpsublists): cell-pointer chase over K parallel sub-lists of a link memory
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top cp_sublists; parameters (defaults): CELLS=256 K=4 LAT=2 MAXN=32
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/cp_sublists.sv
${OCCAMY_ROOT}/verilog/sram_mp.sv
