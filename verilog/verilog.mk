# verilog.mk: Verilog targets, included from the top-level Makefile.
#   make verilog-lint   Verilator -Wall and Icarus -g2012 -Wall on every module at
#                       default and edge parameters; bad parameters must stop both
#   make verilog-tb     generate vectors from the Go models and run every Icarus
#                       testbench on them (VERILOG_CYCLES, VERILOG_SEED)
#   make verilog-cost   Yosys 0.23 LUT6 cost of the selector, arbiter and
#                       threshold unit at the sizes docs/verilog.md reports
#   make verilog        all three

VERILOG_BUILD  ?= build/verilog
VERILOG_CYCLES ?= 2000
VERILOG_SEED   ?= 1

.PHONY: verilog verilog-lint verilog-tb verilog-cost

verilog: verilog-lint verilog-tb verilog-cost

verilog-lint:
	verilog/scripts/lint.sh

verilog-tb:
	CYCLES=$(VERILOG_CYCLES) SEED=$(VERILOG_SEED) GO=$(GO) verilog/scripts/tb.sh $(VERILOG_BUILD)

verilog-cost:
	verilog/scripts/cost_report.sh
