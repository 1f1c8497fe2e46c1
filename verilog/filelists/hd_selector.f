// hd_selector (selector): head-drop selector: N comparators and the bitmap register
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top hd_selector; parameters (defaults): N=64 QW=16
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/hd_selector.sv
