// dt_threshold (threshold): DT threshold per alpha class (combinational)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top dt_threshold; parameters (defaults): C=8 QW=16 AW=4
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/dt_threshold.sv
