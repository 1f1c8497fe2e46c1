#!/bin/sh
# Run one .vec file through its Icarus testbench.
#
# usage: verilog/scripts/run_tb.sh FILE.vec [BUILD_DIR]
#
# The block and its parameters come from the file's "# block=... K=V" line;
# the testbench verilog/tb/tb_<block>.sv is compiled with -P for each
# parameter into BUILD_DIR (default build/verilog) and run with +vec=FILE.
# Prints the testbench's PASS line; exits non-zero on any mismatch.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 FILE.vec [BUILD_DIR]" >&2; exit 2; }
vec=$1
build=${2:-build/verilog}
[ -r "$vec" ] || { echo "run_tb: cannot read $vec" >&2; exit 2; }
mkdir -p "$build"
# The first comment line holding block=... carries the parameters.
params=$(sed -n 's/^#\(.*block=.*\)$/\1/p' "$vec" | head -1)
block=""
for w in $params; do
	case $w in block=*) block=${w#block=} ;; esac
done
case $block in
threshold | dt_threshold) mod=dt_threshold; keys="C QW AW" ;;
selector | hd_selector) mod=hd_selector; keys="N QW" ;;
arbiter | rr_arbiter) mod=rr_arbiter; keys="N" ;;
executor | hd_executor) mod=hd_executor; keys="N QW B P" ;;
expulsion | occamy_expulsion) mod=occamy_expulsion; keys="N Q QW AW B P" ;;
sram | sram_mp) mod=sram_mp; keys="DEPTH WIDTH RP WP LAT" ;;
freelist | free_list) mod=free_list; keys="CELLS K LAT" ;;
pdlists | pd_lists) mod=pd_lists; keys="N P LAT LW DW" ;;
cpsublists | cp_sublists) mod=cp_sublists; keys="CELLS K LAT MAXN" ;;
*) echo "run_tb: $vec: no known block= in its parameter line (got '$block')" >&2; exit 2 ;;
esac
tb=tb_$mod
pflags=""; tag=""
for w in $params; do
	k=${w%%=*}; v=${w#*=}
	for key in $keys; do
		if [ "$k" = "$key" ]; then
			pflags="$pflags -P$tb.$k=$v"
			tag="${tag}_$k$v"
		fi
	done
done
vvp_file="$build/$tb$tag.vvp"
# shellcheck disable=SC2086
srcs="$here/$mod.sv"
if [ "$mod" = free_list ] || [ "$mod" = pd_lists ] || [ "$mod" = cp_sublists ]; then
	srcs="$srcs $here/sram_mp.sv"
fi
if [ "$mod" = occamy_expulsion ]; then
	srcs="$srcs $here/dt_threshold.sv $here/hd_selector.sv $here/rr_arbiter.sv $here/hd_executor.sv"
fi
# shellcheck disable=SC2086
iverilog -g2012 -Wall -I "$here/tb" $pflags -o "$vvp_file" "$here/tb/$tb.sv" $srcs
out=$(vvp -n "$vvp_file" +vec="$vec" 2>&1) && rc=0 || rc=$?
echo "$out" | grep -v '^\$finish\|^VCD' || true
# An assertion's $error prints "ERROR:" without stopping Icarus: fail on it too.
if [ $rc -ne 0 ] || ! echo "$out" | grep -q "^PASS $mod " || echo "$out" | grep -q "ERROR"; then
	echo "run_tb: FAIL $vec" >&2
	exit 1
fi
