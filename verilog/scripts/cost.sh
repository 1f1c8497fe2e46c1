#!/bin/sh
# Yosys 0.23 cost of one Occamy module in the generic LUT6 flow:
#   read_verilog -defer -sv -DSYNTHESIS <every verilog/*.sv>;
#   hierarchy -top X -chparam NAME VALUE ...; synth -top X -flatten -lut 6;
#   stat; ltp -noff
# -defer elaborates only the requested parameters (the executor's default
# B=16384 register files would take Yosys many minutes); -flatten makes a top
# that instantiates other modules report one total.
#
# usage: verilog/scripts/cost.sh MODULE [NAME=VALUE ...]
# prints one line:
#   cost module=MODULE params=N=64,QW=16 luts=L ffs=F levels=D other=O
# where luts counts $lut cells, ffs counts flip-flop bits, levels is the
# longest combinational path in LUTs (ltp -noff) and other counts any cell
# left that is neither (0 in a clean map). Set COST_LOG=FILE to keep Yosys's log.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 MODULE [NAME=VALUE ...]" >&2; exit 2; }
mod=$1; shift
chp=""; label=""
for p in "$@"; do
	case $p in
	*=*) ;;
	*) echo "cost: parameter '$p' is not NAME=VALUE" >&2; exit 2 ;;
	esac
	chp="$chp -chparam ${p%%=*} ${p#*=}"
	label="${label:+$label,}$p"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(ls "$here"/*.sv)
script="read_verilog -defer -sv -DSYNTHESIS $(echo $files); hierarchy -top $mod$chp"
script="$script; synth -top $mod -flatten -lut 6; tee -q -o $tmp/stat.txt stat; tee -q -o $tmp/ltp.txt ltp -noff"
if ! yosys -q -l "$tmp/yosys.log" -p "$script" >/dev/null 2>&1; then
	echo "cost: yosys failed on $mod ${label}" >&2
	grep -E "ERROR|Error" "$tmp/yosys.log" >&2 || tail -5 "$tmp/yosys.log" >&2
	exit 1
fi
[ -n "${COST_LOG:-}" ] && cp "$tmp/yosys.log" "$COST_LOG"
# stat lists cells as "  <type>  <count>"; flip-flop cell types contain "FF".
luts=$(awk '$1 == "$lut" { n += $2 } END { print n + 0 }' "$tmp/stat.txt")
ffs=$(awk '$1 ~ /^\$_.*FF/ { n += $2 } END { print n + 0 }' "$tmp/stat.txt")
cells=$(awk '/Number of cells:/ { n = $4 } END { print n + 0 }' "$tmp/stat.txt")
levels=$(sed -n 's/.*(length=\([0-9]*\)).*/\1/p' "$tmp/ltp.txt" | tail -1)
other=$((cells - luts - ffs))
echo "cost module=$mod params=${label:-default} luts=$luts ffs=$ffs levels=${levels:-0} other=$other"
