#!/bin/sh
# Lint every block of the registry (occamy blocks --tsv) under Verilator
# (-Wall) and Icarus (-g2012 -Wall) at its default and small parameters, at
# each parameter's range ends and at the further corners its face lists
# (occamy blocks --sets), then check that a parameter one past an end stops
# both simulators with the Go model's message.
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

. "$here/scripts/registry.sh"
registry_bin
tab=$(printf '\t')

# Each face's sets (occamy blocks --sets): further lint corners, the
# parameters one past a range end where a simulator stops elaborating
# before the module's own check can print (a zero width: only a failure is
# asked of it), and Verilog-only parameter checks.
"$OCCAMY" blocks --sets > "$tmp/sets" || { echo "lint: occamy blocks --sets failed"; exit 1; }
loose_cases=$(awk -F"$tab" '$1 == "loose" { printf " %s:%s", $2, $3 }' "$tmp/sets")

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

# Further corners of each face: several parameters at an edge at once
# (lint lines), and Verilog-only parameter checks both simulators must
# print (reject lines).
while IFS=$tab read -r kind name ps msg <&3; do
	case $kind in
	lint)
		block_info "$name" || { echo "FAIL lint: the registry has no block $name"; fail=1; continue; }
		# shellcheck disable=SC2086
		lint_one "$mod" "$srcs" $ps
		;;
	reject)
		block_info "$name" || { echo "FAIL lint: the registry has no block $name"; fail=1; continue; }
		bad_one "$mod" "$srcs" "$ps" "$msg"
		;;
	esac
done 3< "$tmp/sets"

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
