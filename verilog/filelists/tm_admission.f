// tm_admission (tm_admission): the TM's ingress admission: IN slots a cycle under DT or Pushout's rule (stage 1)
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top tm_admission; parameters (defaults): N=64 QW=16 LW=7 IN=4 SW=16 WAIT=256
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/tm_admission.sv
