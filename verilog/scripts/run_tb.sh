#!/bin/sh
# Run one .vec file through its Icarus testbench.
#
# usage: verilog/scripts/run_tb.sh FILE.vec [BUILD_DIR]
#
# The block and its parameters come from the file's "# block=... K=V" line;
# its module, sources and parameter names from the block registry
# (registry.sh: occamy blocks --tsv). The testbench verilog/tb/tb_<module>.sv
# is compiled with -P for each parameter into BUILD_DIR (default
# build/verilog) and run with +vec=FILE.
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
. "$here/scripts/registry.sh"
if [ -z "$block" ] || ! block_info "$block"; then
	echo "run_tb: $vec: no known block= in its parameter line (got '$block')" >&2
	exit 2
fi
keys=""
for kv in $defaults; do keys="$keys ${kv%%=*}"; done
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
iverilog -g2012 -Wall -I "$here/tb" $pflags -o "$vvp_file" "$here/tb/$tb.sv" $srcs
out=$(vvp -n "$vvp_file" +vec="$vec" 2>&1) && rc=0 || rc=$?
echo "$out" | grep -v '^\$finish\|^VCD' || true
# An assertion's $error prints "ERROR:" without stopping Icarus: fail on it too.
if [ $rc -ne 0 ] || ! echo "$out" | grep -q "^PASS $mod " || echo "$out" | grep -q "ERROR"; then
	echo "run_tb: FAIL $vec" >&2
	exit 1
fi
