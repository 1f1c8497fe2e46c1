// tm_maxfind (maxfind): longest-queue maximum finder (Pushout's Difficulty 3), combinational
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_maxfind; parameters (defaults): N=64 QW=16
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_maxfind.sv
