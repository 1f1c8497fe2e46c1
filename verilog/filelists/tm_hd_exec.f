// tm_hd_exec (tm_hd_exec): the TM's head-drop executor: take, PD read, per-bank lanes freeing cells (stages D, A, G)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_hd_exec; parameters (defaults): N=64 B=16384 K=4 LW=7 SW=16
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_hd_exec.sv
