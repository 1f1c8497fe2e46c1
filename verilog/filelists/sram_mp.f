// sram_mp (sram): multi-port SRAM: RP read ports of latency LAT, WP write ports
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top sram_mp; parameters (defaults): DEPTH=64 WIDTH=16 RP=2 WP=2 LAT=2
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/sram_mp.sv
