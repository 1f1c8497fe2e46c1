#!/bin/sh
# Lint every block of the registry (occamy blocks --tsv) under Verilator
# (-Wall) and Icarus (-g2012 -Wall) at its default and small parameters and
# at each parameter's range ends, then check that a parameter one past an
# end stops both simulators with the Go model's message.
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

# bad_one MODULE FILES "PARAMS" MESSAGE [loose]: both simulators must stop
# and print MESSAGE with PARAMS (NAME=VALUE words) set; "loose" only asks
# Icarus to stop (a zero width fails its elaboration before the module's
# own check can print in it: only a failure is asked of that simulator).
bad_one() {
	mod=$1; files=$2; ps=$3; msg=$4; loose=${5:-}
	bad=0
	vflags=""; iflags=""
	for q in $ps; do
		vflags="$vflags -G$q"
		iflags="$iflags -P$mod.$q"
	done
	# shellcheck disable=SC2086
	out=$(verilator --lint-only -Wall --top-module "$mod" $vflags $files 2>&1)
	rc=$?
	if [ $rc -eq 0 ] || { [ -z "$loose" ] && ! echo "$out" | grep -qF "$msg"; }; then
		echo "FAIL verilator did not reject $mod $ps with \"$msg\""; echo "$out" | head -20; bad=1
	fi
	# shellcheck disable=SC2086
	out=$( (iverilog -g2012 -o "$tmp/bad.vvp" -s "$mod" $iflags $files && vvp -n "$tmp/bad.vvp") 2>&1)
	rc=$?
	if [ $rc -eq 0 ] || { [ -z "$loose" ] && ! echo "$out" | grep -qF "$msg"; }; then
		echo "FAIL icarus did not reject $mod $ps with \"$msg\""; echo "$out" | head -20; bad=1
	fi
	[ $bad -eq 0 ] && echo "ok   $mod rejects $ps in both simulators${loose:+ (an elaboration error comes before the message)}"
	[ $bad -eq 0 ] || fail=1
}

# set_param "K=V ..." NAME=VALUE: the list with NAME's value replaced.
set_param() {
	out=""
	for kv in $1; do
		if [ "${kv%%=*}" = "${2%%=*}" ]; then out="$out $2"; else out="$out $kv"; fi
	done
	echo "${out# }"
}

# Zero widths a simulator cannot elaborate far enough to run the module's
# own check: Icarus stops on a zero part-select width; at K=0 the link
# memory's zero-width ports stop Verilator (-Wall LITENDIAN) and Icarus
# before free_list's and cp_sublists's K check; occamy_tm's ports have zero
# widths at P, Q, K, MAXPKT (LW), IN = 0 and its internal tags at SW = 0.
loose_cases="threshold:QW=0 sram:WIDTH=0 sram:RP=0 freelist:K=0 cpsublists:K=0 pdlists:LW=0 pdlists:DW=0 tm:P=0 tm:Q=0 tm:K=0 tm:MAXPKT=0 tm:IN=0 tm:SW=0"

. "$here/scripts/registry.sh"

# Every block of the registry: at its default and small parameter sets, at
# each parameter's range ends (the others at their defaults), and with each
# parameter one past either end, where both simulators must stop with the
# Go model's own message (occamy blocks --validate). Ends above 65536 (the
# SRAM's DEPTH) are linted but not simulated past: Icarus would first
# allocate the array.
for name in $(registry_blocks); do
	block_info "$name"
	# shellcheck disable=SC2086
	lint_one "$mod" "$srcs" $defaults
	# shellcheck disable=SC2086
	lint_one "$mod" "$srcs" $small
	for r in $ranges; do
		pn=${r%%:*}; lo=${r#*:}; lo=${lo%%:*}; hi=${r##*:}
		# shellcheck disable=SC2086
		lint_one "$mod" "$srcs" $(set_param "$defaults" "$pn=$lo")
		# shellcheck disable=SC2086
		[ "$hi" -le 65536 ] && lint_one "$mod" "$srcs" $(set_param "$defaults" "$pn=$hi")
		for v in $((lo - 1)) $((hi + 1)); do
			[ "$v" -gt 65537 ] && continue
			ps=$(set_param "$defaults" "$pn=$v")
			msg=$(registry_reject "$name" "$(echo "$ps" | tr ' ' ',')") || true
			loose=""
			case " $loose_cases " in *" $name:$pn=$v "*) loose=loose ;; esac
			if [ -z "$msg" ]; then
				echo "FAIL the Go model accepts $name $ps, past the range it states"; fail=1
			else
				bad_one "$mod" "$srcs" "$ps" "$msg" $loose
			fi
		done
	done
done

# Further corners, by block name: several parameters at an edge at once.
extra() {
	name=$1; shift
	block_info "$name" || { echo "FAIL lint: the registry has no block $name"; fail=1; return; }
	lint_one "$mod" "$srcs" "$@"
}
extra threshold C=3 QW=1 AW=8
extra threshold C=64 QW=32 AW=2
for n in 1 2 5 256; do for q in 1 16 32; do extra selector N=$n QW=$q; done; done
for n in 1 2 3 5 64 255 256; do extra arbiter N=$n; done
extra sram DEPTH=1 WIDTH=1 RP=1 WP=1 LAT=1
extra sram DEPTH=16 WIDTH=8 RP=2 WP=2 LAT=2
extra sram DEPTH=13 WIDTH=64 RP=3 WP=4 LAT=16 INIT_STRIDE=4
extra sram DEPTH=64 WIDTH=6 RP=64 WP=64 LAT=3 INIT_STRIDE=64
extra freelist CELLS=1 K=1 LAT=1
extra freelist CELLS=64 K=4 LAT=2
extra freelist CELLS=13 K=8 LAT=16
extra freelist CELLS=65536 K=2 LAT=1
extra pdlists N=1 P=1 LAT=1 LW=1 DW=1
extra pdlists N=5 P=13 LAT=2 LW=6 DW=32
extra pdlists N=64 P=4096 LAT=16 LW=16 DW=32
extra cpsublists CELLS=1 K=1 LAT=1 MAXN=1
extra cpsublists CELLS=64 K=4 LAT=3 MAXN=20
extra cpsublists CELLS=3 K=8 LAT=16 MAXN=3
extra cpsublists CELLS=65536 K=8 LAT=2 MAXN=4095
# sram_mp's INIT_STRIDE is a Verilog-only parameter (the reset sequence of
# a free list): its range is checked here.
block_info sram
bad_one "$mod" "$srcs" "DEPTH=16 INIT_STRIDE=17" "sram_mp: parameter INIT_STRIDE=17 out of range, allowed 0..16 (DEPTH)"

# Every line of the project's Verilog within 100 columns (tabs at 8): each
# .sv and .svh under verilog/.
long=$(find "$here" \( -name '*.sv' -o -name '*.svh' \) | sort | while read -r f; do
	expand "$f" | awk -v f="${f#"$here"/}" 'length > 100 { printf "  verilog/%s:%d: %d columns\n", f, FNR, length }'
done)
if [ -n "$long" ]; then
	echo "FAIL lines over 100 columns:"; echo "$long"; fail=1
else
	echo "ok   every line of verilog/*.sv, *.svh within 100 columns"
fi

if [ $fail -ne 0 ]; then
	echo "lint: FAILED"
	exit 1
fi
echo "lint: all clean"
