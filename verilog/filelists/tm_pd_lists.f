// tm_pd_lists (tm_pd_lists): the TM's per-queue PD list registers: unlink, head read, link, forwarding (stages A, C-D, E)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_pd_lists; parameters (defaults): N=64 B=16384 LW=7
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_pd_lists.sv
