#!/bin/sh
# Lint every Occamy Verilog module under Verilator (-Wall) and Icarus
# (-g2012 -Wall) at default and at small/large parameters, then check that a
# parameter out of range stops both simulators with the module's message.
#
# usage: verilog/scripts/lint.sh            (from anywhere)
# exit status: 0 when every run is clean, 1 otherwise.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# lint_one MODULE FILES PARAMS...   (PARAMS as NAME=VALUE)
lint_one() {
	mod=$1; files=$2; shift 2
	bad=0
	vflags=""; iflags=""
	for p in "$@"; do
		vflags="$vflags -G$p"
		iflags="$iflags -P$mod.$p"
	done
	label="$mod${*:+ ($*)}"
	# shellcheck disable=SC2086
	if ! out=$(verilator --lint-only -Wall --top-module "$mod" $vflags $files 2>&1) || [ -n "$out" ]; then
		echo "FAIL verilator $label"; echo "$out" | head -20; bad=1
	fi
	# shellcheck disable=SC2086
	if ! out=$(iverilog -g2012 -Wall -o "$tmp/lint.vvp" -s "$mod" $iflags $files 2>&1) || [ -n "$out" ]; then
		echo "FAIL iverilog $label"; echo "$out" | head -20; bad=1
	fi
	[ $bad -eq 0 ] && echo "ok   $label"
	[ $bad -eq 0 ] || fail=1
}

# bad_one MODULE FILES PARAM=VALUE MESSAGE: both simulators must stop and
# print MESSAGE.
bad_one() {
	mod=$1; files=$2; p=$3; msg=$4
	bad=0
	# shellcheck disable=SC2086
	out=$(verilator --lint-only -Wall --top-module "$mod" -G"$p" $files 2>&1)
	rc=$?
	if [ $rc -eq 0 ] || ! echo "$out" | grep -qF "$msg"; then
		echo "FAIL verilator did not reject $mod $p with \"$msg\""; echo "$out" | head -20; bad=1
	fi
	# shellcheck disable=SC2086
	out=$( (iverilog -g2012 -o "$tmp/bad.vvp" -s "$mod" -P"$mod.$p" $files && vvp -n "$tmp/bad.vvp") 2>&1)
	rc=$?
	if [ $rc -eq 0 ] || ! echo "$out" | grep -qF "$msg"; then
		echo "FAIL icarus did not reject $mod $p with \"$msg\""; echo "$out" | head -20; bad=1
	fi
	[ $bad -eq 0 ] && echo "ok   $mod rejects $p in both simulators"
	[ $bad -eq 0 ] || fail=1
}

v=$here
thr="$v/dt_threshold.sv"; sel="$v/hd_selector.sv"; arb="$v/rr_arbiter.sv"
exe="$v/hd_executor.sv"
top="$v/occamy_expulsion.sv $thr $sel $arb $exe"
sram="$v/sram_mp.sv"
fl="$v/free_list.sv $sram"
pdl="$v/pd_lists.sv $sram"
cps="$v/cp_sublists.sv $sram"

lint_one dt_threshold "$thr"
for p in "C=1" "C=64" "QW=1" "QW=32" "AW=2" "AW=8"; do lint_one dt_threshold "$thr" "$p"; done
lint_one dt_threshold "$thr" C=3 QW=1 AW=8
lint_one dt_threshold "$thr" C=64 QW=32 AW=2

lint_one hd_selector "$sel"
for n in 1 2 5 256; do for q in 1 16 32; do lint_one hd_selector "$sel" N=$n QW=$q; done; done

lint_one rr_arbiter "$arb"
for n in 1 2 3 5 64 255 256; do lint_one rr_arbiter "$arb" N=$n; done

lint_one hd_executor "$exe"
lint_one hd_executor "$exe" N=1 QW=1 B=1 P=1
lint_one hd_executor "$exe" N=2 QW=4 B=4
lint_one hd_executor "$exe" N=5 QW=6 B=40 P=7
lint_one hd_executor "$exe" N=7 QW=5 B=16 P=19
lint_one hd_executor "$exe" N=256 QW=17 B=65536 P=3

lint_one occamy_expulsion "$top"
lint_one occamy_expulsion "$top" N=1 Q=1 QW=1 AW=2 B=1 P=1
lint_one occamy_expulsion "$top" N=5 Q=3 QW=6 B=40 P=7
lint_one occamy_expulsion "$top" N=256 Q=64 QW=32 AW=8 B=65536 P=3

lint_one sram_mp "$sram"
lint_one sram_mp "$sram" DEPTH=1 WIDTH=1 RP=1 WP=1 LAT=1
lint_one sram_mp "$sram" DEPTH=16 WIDTH=8 RP=2 WP=2 LAT=2
lint_one sram_mp "$sram" DEPTH=13 WIDTH=64 RP=3 WP=4 LAT=16 INIT_STRIDE=4
lint_one sram_mp "$sram" DEPTH=64 WIDTH=6 RP=64 WP=64 LAT=3 INIT_STRIDE=64
lint_one free_list "$fl"
lint_one free_list "$fl" CELLS=1 K=1 LAT=1
lint_one free_list "$fl" CELLS=64 K=4 LAT=2
lint_one free_list "$fl" CELLS=13 K=8 LAT=16
lint_one free_list "$fl" CELLS=65536 K=2 LAT=1
lint_one pd_lists "$pdl"
lint_one pd_lists "$pdl" N=1 P=1 LAT=1 LW=1 DW=1
lint_one pd_lists "$pdl" N=5 P=13 LAT=2 LW=6 DW=32
lint_one pd_lists "$pdl" N=64 P=4096 LAT=16 LW=16 DW=32
lint_one cp_sublists "$cps"
lint_one cp_sublists "$cps" CELLS=1 K=1 LAT=1 MAXN=1
lint_one cp_sublists "$cps" CELLS=64 K=4 LAT=3 MAXN=20
lint_one cp_sublists "$cps" CELLS=3 K=8 LAT=16 MAXN=3
lint_one cp_sublists "$cps" CELLS=65536 K=8 LAT=2 MAXN=4095

bad_one dt_threshold "$thr" C=0 "dt_threshold: parameter C=0 out of range, allowed 1..64"
bad_one dt_threshold "$thr" C=65 "dt_threshold: parameter C=65 out of range, allowed 1..64"
bad_one dt_threshold "$thr" QW=33 "dt_threshold: parameter QW=33 out of range, allowed 1..32"
bad_one dt_threshold "$thr" AW=1 "dt_threshold: parameter AW=1 out of range, allowed 2..8"
bad_one dt_threshold "$thr" AW=9 "dt_threshold: parameter AW=9 out of range, allowed 2..8"
bad_one hd_selector "$sel" N=0 "hd_selector: parameter N=0 out of range, allowed 1..256"
bad_one hd_selector "$sel" N=257 "hd_selector: parameter N=257 out of range, allowed 1..256"
bad_one hd_selector "$sel" QW=0 "hd_selector: parameter QW=0 out of range, allowed 1..32"
bad_one hd_selector "$sel" QW=33 "hd_selector: parameter QW=33 out of range, allowed 1..32"
bad_one rr_arbiter "$arb" N=0 "rr_arbiter: parameter N=0 out of range, allowed 1..256"
bad_one rr_arbiter "$arb" N=257 "rr_arbiter: parameter N=257 out of range, allowed 1..256"
bad_one hd_executor "$exe" N=0 "hd_executor: parameter N=0 out of range, allowed 1..256"
bad_one hd_executor "$exe" B=0 "hd_executor: parameter B=0 out of range, allowed 1..65536"
bad_one hd_executor "$exe" B=65537 "hd_executor: parameter B=65537 out of range, allowed 1..65536"
bad_one hd_executor "$exe" P=0 "hd_executor: parameter P=0 out of range, allowed 1..65536"
bad_one hd_executor "$exe" QW=33 "hd_executor: parameter QW=33 out of range, allowed 1..32"
bad_one hd_executor "$exe" QW=14 "hd_executor: parameter QW=14 out of range, allowed 15..32 (a queue length must hold B=16384 cells)"
bad_one occamy_expulsion "$top" Q=0 "occamy_expulsion: parameter Q=0 out of range, allowed 1..64"
bad_one occamy_expulsion "$top" Q=65 "occamy_expulsion: parameter Q=65 out of range, allowed 1..64"
bad_one occamy_expulsion "$top" AW=9 "occamy_expulsion: parameter AW=9 out of range, allowed 2..8"
bad_one occamy_expulsion "$top" B=65536 "occamy_expulsion: parameter B=65536 out of range, allowed 1..65535 (the free count must fit in QW bits)"
bad_one sram_mp "$sram" DEPTH=0 "sram_mp: parameter DEPTH=0 out of range, allowed 1..16777216"
bad_one sram_mp "$sram" WIDTH=65 "sram_mp: parameter WIDTH=65 out of range, allowed 1..64"
bad_one sram_mp "$sram" RP=65 "sram_mp: parameter RP=65 out of range, allowed 1..64"
bad_one sram_mp "$sram" WP=65 "sram_mp: parameter WP=65 out of range, allowed 1..64"
bad_one sram_mp "$sram" LAT=0 "sram_mp: parameter LAT=0 out of range, allowed 1..16"
bad_one sram_mp "$sram" LAT=17 "sram_mp: parameter LAT=17 out of range, allowed 1..16"
bad_one sram_mp "$sram" INIT_STRIDE=17 "sram_mp: parameter INIT_STRIDE=17 out of range, allowed 0..16 (DEPTH)"
bad_one free_list "$fl" K=3 "free_list: parameter K=3 out of range, allowed 1..8 (1, 2, 4 or 8)"
bad_one free_list "$fl" K=16 "free_list: parameter K=16 out of range, allowed 1..8 (1, 2, 4 or 8)"
bad_one free_list "$fl" CELLS=1 "free_list: parameter CELLS=1 out of range, allowed 2..65536 (at least one cell per bank)"
bad_one free_list "$fl" CELLS=65537 "free_list: parameter CELLS=65537 out of range, allowed 2..65536 (at least one cell per bank)"
bad_one free_list "$fl" LAT=0 "free_list: parameter LAT=0 out of range, allowed 1..16"
bad_one pd_lists "$pdl" N=0 "pd_lists: parameter N=0 out of range, allowed 1..64"
bad_one pd_lists "$pdl" N=65 "pd_lists: parameter N=65 out of range, allowed 1..64"
bad_one pd_lists "$pdl" P=4097 "pd_lists: parameter P=4097 out of range, allowed 1..4096"
bad_one pd_lists "$pdl" LAT=0 "pd_lists: parameter LAT=0 out of range, allowed 1..16"
bad_one pd_lists "$pdl" LW=17 "pd_lists: parameter LW=17 out of range, allowed 1..16"
bad_one pd_lists "$pdl" DW=33 "pd_lists: parameter DW=33 out of range, allowed 1..32"
bad_one cp_sublists "$cps" K=3 "cp_sublists: parameter K=3 out of range, allowed 1..8 (1, 2, 4 or 8)"
bad_one cp_sublists "$cps" K=16 "cp_sublists: parameter K=16 out of range, allowed 1..8 (1, 2, 4 or 8)"
bad_one cp_sublists "$cps" CELLS=0 "cp_sublists: parameter CELLS=0 out of range, allowed 1..65536"
bad_one cp_sublists "$cps" LAT=17 "cp_sublists: parameter LAT=17 out of range, allowed 1..16"
bad_one cp_sublists "$cps" MAXN=17 "cp_sublists: parameter MAXN=17 out of range, allowed 1..16 (CELLS)"

if [ $fail -ne 0 ]; then
	echo "lint: FAILED"
	exit 1
fi
echo "lint: all clean"
