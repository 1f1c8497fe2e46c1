#!/bin/sh
# Generate vectors from the Go golden models (threshold, selector, arbiter
# through testbench/vectors; every other block through its entry of the
# block registry, cosim/registry: the co-simulator's own stimulus and golden
# model) and run every Icarus testbench on them, then on the hand-written
# files in verilog/tb/testdata. Block names are the registry's.
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

one threshold C=8,QW=16,AW=4
one threshold C=1,QW=1,AW=2
one threshold C=3,QW=32,AW=8
one threshold C=64,QW=5,AW=3 500
one threshold C=2,QW=4,AW=3
one threshold C=4,QW=16,AW=8
one selector N=64,QW=16
one selector N=1,QW=1
one selector N=2,QW=32
one selector N=5,QW=3
one selector N=8,QW=16
one selector N=256,QW=32 300
one arbiter N=64
one arbiter N=1
one arbiter N=2
one arbiter N=3
one arbiter N=5
one arbiter N=8
one arbiter N=9
one arbiter N=100
one arbiter N=255 1000
one arbiter N=256 1000
one maxfind N=64,QW=16
one maxfind N=1,QW=1
one maxfind N=2,QW=32
one maxfind N=5,QW=2
one maxfind N=100,QW=8
one maxfind N=256,QW=32 300
one sram DEPTH=16,WIDTH=8,RP=2,WP=2,LAT=1
one sram DEPTH=16,WIDTH=8,RP=2,WP=2,LAT=2
one sram DEPTH=1,WIDTH=1,RP=1,WP=1,LAT=1 500
one sram DEPTH=13,WIDTH=64,RP=3,WP=4,LAT=4
one sram DEPTH=64,WIDTH=20,RP=1,WP=3,LAT=16 1000
one freelist CELLS=16,K=1,LAT=1
one freelist CELLS=16,K=2,LAT=1
one freelist CELLS=64,K=4,LAT=1
one freelist CELLS=64,K=4,LAT=3
one freelist CELLS=37,K=4,LAT=2
one freelist CELLS=13,K=8,LAT=1
one freelist CELLS=2,K=1,LAT=1 500
one pdlists N=4,P=16,LAT=1
one pdlists N=4,P=16,LAT=2
one pdlists N=3,P=8,LAT=3
one pdlists N=1,P=1,LAT=1,LW=1,DW=1 500
one pdlists N=5,P=13,LAT=2,LW=6,DW=32
one pdlists N=16,P=64,LAT=4,LW=16,DW=20
one cpsublists CELLS=16,K=1,LAT=1,MAXN=8
one cpsublists CELLS=16,K=2,LAT=1,MAXN=8
one cpsublists CELLS=16,K=2,LAT=2,MAXN=8
one cpsublists CELLS=64,K=4,LAT=3,MAXN=20
one cpsublists CELLS=40,K=8,LAT=2,MAXN=40
one cpsublists CELLS=1,K=1,LAT=1,MAXN=1 500
one cpsublists CELLS=256,K=8,LAT=16,MAXN=64 1000

for f in "$here"/tb/testdata/*.vec; do
	if "$here/scripts/run_tb.sh" "$f" "$build"; then pass=$((pass + 1)); else fail=1; fi
done

if [ $fail -ne 0 ]; then
	echo "tb: FAILED ($pass passed)"
	exit 1
fi
echo "tb: all $pass testbench runs passed"
