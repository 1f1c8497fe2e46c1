// tm_hd_choice (tm_hd_choice): the TM's head-drop choice: round robin (occamy), longest queue by a pipelined finder (occamy-lqd, pushout-ports), re-check (stage D)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_hd_choice; parameters (defaults): N=64 QW=16
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_hd_choice.sv
