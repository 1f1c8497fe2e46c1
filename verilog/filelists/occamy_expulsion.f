// occamy_expulsion (top): whole expulsion path: threshold, selector, arbiter, executor
// Generated from the block registry (cosim/registry) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top occamy_expulsion; parameters (defaults): N=64 Q=8 QW=16 AW=4 B=16384 P=16384
${OCCAMY_ROOT}/verilog/occamy_expulsion.sv
${OCCAMY_ROOT}/verilog/dt_threshold.sv
${OCCAMY_ROOT}/verilog/hd_selector.sv
${OCCAMY_ROOT}/verilog/rr_arbiter.sv
${OCCAMY_ROOT}/verilog/hd_executor.sv
