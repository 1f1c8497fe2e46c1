// rr_arbiter (arbiter): round-robin arbiter over the bitmap
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top rr_arbiter; parameters (defaults): N=64
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/rr_arbiter.sv
