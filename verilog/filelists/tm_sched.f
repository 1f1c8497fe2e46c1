// tm_sched (tm_sched): the TM's egress scheduler: strict priority or DRR over eligible queues of ready ports (stage C)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_sched; parameters (defaults): P=8 Q=8 LW=7 DFW=18
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_sched.sv
