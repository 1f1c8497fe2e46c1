#!/bin/sh
# The Yosys cost figures docs/verilog.md reports, one "cost ..." line each
# (see cost.sh), plus the selector + arbiter totals at N=64.
#
# usage: verilog/scripts/cost_report.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
field() { echo "$1" | sed -n "s/.* $2=\([0-9]*\).*/\1/p"; }
for qw in 16 32; do
	s=$("$here/cost.sh" hd_selector N=64 QW=$qw)
	echo "$s"
	a=$("$here/cost.sh" rr_arbiter N=64)
	echo "$a"
	echo "total selector+arbiter N=64 QW=$qw luts=$(( $(field "$s" luts) + $(field "$a" luts) )) ffs=$(( $(field "$s" ffs) + $(field "$a" ffs) ))"
done
"$here/cost.sh" dt_threshold
"$here/cost.sh" rr_arbiter N=256
"$here/cost.sh" hd_selector N=256 QW=16
exit 0
