#!/bin/sh
# Generate vectors from the Go golden models (threshold, selector, arbiter
# through their own vector stimulus; every other block through its face in
# testbench/blocks: the co-simulator's own stimulus and golden model) at the
# parameter sets each face lists (occamy blocks --sets) and run every
# Icarus testbench on them, then on the hand-written files in
# verilog/tb/testdata. Block names are the registry's.
#
# usage: verilog/scripts/tb.sh [BUILD_DIR]      (run from the repository root)
# env:   CYCLES (default 2000), SEED (default 1), GO (default go)
# exit status: 0 when every testbench prints PASS, 1 otherwise.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build/verilog}
cycles=${CYCLES:-2000}
seed=${SEED:-1}
go=${GO:-go}
mkdir -p "$build/vec"
gen="$build/vecgen"
(cd "$here/.." && $go build -o "$gen" ./verilog/tb/gen) || { echo "tb: cannot build the vector generator" >&2; exit 1; }
gen=$(cd "$(dirname "$gen")" && pwd)/$(basename "$gen")
# run_tb.sh reads the registry through one occamy binary, built once here.
REGISTRY_BUILD=$build . "$here/scripts/registry.sh"
registry_bin

fail=0
pass=0
# one BLOCK PARAMS [CYCLES]: generate one table and run its testbench.
one() {
	blk=$1; ps=$2; cyc=${3:-$cycles}
	f="$build/vec/${blk}_$(echo "$ps" | tr ',=' '_-')_s$seed.vec"
	if ! "$gen" -block "$blk" -param "$ps" -cycles "$cyc" -seed "$seed" -o "$f"; then
		echo "tb: FAIL generating $blk $ps"; fail=1; return
	fi
	if "$here/scripts/run_tb.sh" "$f" "$build"; then
		pass=$((pass + 1))
	else
		fail=1
	fi
}

# Every face's testbench runs (occamy blocks --sets, tb lines): the block,
# its parameters and the cycles of its vectors (0: CYCLES).
tab=$(printf '\t')
"$OCCAMY" blocks --sets > "$build/tb-sets" || { echo "tb: occamy blocks --sets failed" >&2; exit 1; }
while IFS=$tab read -r kind blk ps cyc <&3; do
	[ "$kind" = tb ] || continue
	[ "$cyc" -gt 0 ] 2>/dev/null || cyc=""
	one "$blk" "$ps" $cyc
done 3< "$build/tb-sets"

for f in "$here"/tb/testdata/*.vec; do
	if "$here/scripts/run_tb.sh" "$f" "$build"; then pass=$((pass + 1)); else fail=1; fi
done

if [ $fail -ne 0 ]; then
	echo "tb: FAILED ($pass passed)"
	exit 1
fi
echo "tb: all $pass testbench runs passed"
