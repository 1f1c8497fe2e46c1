// occamy_tm (tm): the whole traffic manager: admission, enqueue, PD lists, cell-pointer sub-lists and free list, cell data, egress, dequeue, head-drop executor
// Generated from the block faces (testbench/blocks) by `occamy blocks --package ROOT`; do not edit.
// Paths start at ${OCCAMY_ROOT}, the repository root: verilator -f FILE, iverilog -c FILE.
// Top occamy_tm; parameters (defaults): P=8 Q=8 B=16384 K=4 QW=16 AW=4 MAXPKT=64 IN=4 TXWIN=16 SW=16 PUSHOUT_WAIT=256
+incdir+${OCCAMY_ROOT}/verilog
${OCCAMY_ROOT}/verilog/occamy_tm.sv
${OCCAMY_ROOT}/verilog/tm_admission.sv
${OCCAMY_ROOT}/verilog/tm_enqueue.sv
${OCCAMY_ROOT}/verilog/tm_dequeue.sv
${OCCAMY_ROOT}/verilog/tm_hd_choice.sv
${OCCAMY_ROOT}/verilog/tm_hd_exec.sv
${OCCAMY_ROOT}/verilog/tm_sched.sv
${OCCAMY_ROOT}/verilog/tm_egress.sv
${OCCAMY_ROOT}/verilog/tm_pd_lists.sv
${OCCAMY_ROOT}/verilog/tm_free_list.sv
${OCCAMY_ROOT}/verilog/tm_sram_wide.sv
${OCCAMY_ROOT}/verilog/dt_threshold.sv
${OCCAMY_ROOT}/verilog/hd_selector.sv
${OCCAMY_ROOT}/verilog/rr_arbiter.sv
${OCCAMY_ROOT}/verilog/sram_mp.sv
