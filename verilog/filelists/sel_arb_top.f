// sel_arb_top (selarb): head-drop scheduler: the selector's bitmap feeding the arbiter (composite)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top sel_arb_top; parameters (defaults): N=64 QW=16
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/hd_selector.sv
${OCCAMY_ROOT}/verilog/rr_arbiter.sv
${OCCAMY_ROOT}/verilog/sel_arb_top.sv
