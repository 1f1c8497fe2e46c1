#!/bin/sh
# Regenerates the simulator dumps in ../ from the tiny counter in this
# folder: Verilator 5.006 (C++ harness, times in the harness's unit),
# Icarus 11 without a `timescale (1 s) and with one (1ns/1ps, plus a real
# and an event). Needs verilator, iverilog and vvp on PATH.
set -eu
src=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$src/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
verilator --cc --trace --exe --build -j 2 -GW=4 "$src/counter.sv" "$src/main.cpp" -o vsim >/dev/null
./obj_dir/vsim
iverilog -g2012 -o plain.vvp "$src/tb.sv" "$src/counter.sv"
vvp -n plain.vvp >/dev/null
{ echo '`timescale 1ns/1ps'; cat "$src/counter.sv"; } > counter_ns.sv
iverilog -g2012 -o ns.vvp "$src/tb_ns.sv" counter_ns.sv
vvp -n ns.vvp >/dev/null
cp verilator_counter.vcd icarus_counter.vcd icarus_counter_ns.vcd "$out/"
