// hd_executor (executor): head-drop executor with its register-file cell and PD store
// Generated from the block registry (cosim/registry) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top hd_executor; parameters (defaults): N=64 QW=16 B=16384 P=16384
${OCCAMY_ROOT}/verilog/hd_executor.sv
