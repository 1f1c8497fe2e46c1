// tm_dequeue (tm_dequeue): the TM's dequeue pipeline after the head-PD read: job FIFO, cell rounds, frees (stages A, B, F)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_dequeue; parameters (defaults): N=64 P=8 B=16384 K=4 LW=7 SW=16
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_dequeue.sv
