// tm_egress (tm_egress): the TM's per-port transmit side: pending cells, returned-cell buffers, one cell per R cycles (stage H)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_egress; parameters (defaults): N=64 P=8 K=4 LW=7 SW=16 TXWIN=16 MAXPKT=64
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_egress.sv
${OCCAMY_ROOT}/verilog/sram_mp.sv
