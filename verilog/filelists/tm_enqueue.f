// tm_enqueue (tm_enqueue): the TM's ingress FIFO and enqueue engine: all-or-nothing rounds of K pops, tags, the link (stage E)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_enqueue; parameters (defaults): N=64 B=16384 K=4 LW=7 IN=4 SW=16 WAIT=256
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_enqueue.sv
${OCCAMY_ROOT}/verilog/sram_mp.sv
