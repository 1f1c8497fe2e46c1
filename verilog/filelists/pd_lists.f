// pd_lists (pdlists): per-queue PD linked lists with a free-PD FIFO over a PD memory
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top pd_lists; parameters (defaults): N=8 P=64 LAT=2 LW=6 DW=16
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/pd_lists.sv
${OCCAMY_ROOT}/verilog/sram_mp.sv
