# registry.sh: the block registry for the Verilog scripts, sourced by
# lint.sh, run_tb.sh and tb.sh. Blocks, modules, sources and parameters come
# from `occamy blocks --tsv` (the block faces, testbench/blocks), never from a
# table here; each face's lint and testbench sets come from
# `occamy blocks --sets`.
#
# $OCCAMY names an occamy binary; without it one is built once into
# ${REGISTRY_BUILD:-build/verilog}/occamy-blocks (plain Go, no Verilator).
#
# block_info NAME   sets blk mod defaults small ranges from the registry line
#                   of NAME (name, alias or module), and srcs to "-f LIST",
#                   the top's file list (verilog/filelists/MODULE.f, paths
#                   under $OCCAMY_ROOT, exported), which Verilator and
#                   Icarus both read; returns 1 when the registry does not
#                   know NAME.
# registry_blocks   prints the listed block names, one per line.
# registry_reject BLOCK K=V,...  prints the Go model's parameter error
#                   (the message the Verilog's own check must print).

registry_root=$(cd "$(dirname "$0")/../.." && pwd)

registry_bin() {
	if [ -n "${OCCAMY:-}" ]; then
		return 0
	fi
	d=${REGISTRY_BUILD:-$registry_root/build/verilog}
	mkdir -p "$d"
	OCCAMY="$(cd "$d" && pwd)/occamy-blocks"
	(cd "$registry_root" && ${GO:-go} build -o "$OCCAMY" ./cmd/occamy) || {
		echo "registry: cannot build occamy" >&2
		exit 2
	}
	export OCCAMY
}

registry_blocks() {
	registry_bin
	"$OCCAMY" blocks --tsv | cut -f1
}

block_info() {
	registry_bin
	line=$("$OCCAMY" blocks --tsv "$1" 2>/dev/null) || return 1
	tab=$(printf '\t')
	IFS=$tab read -r blk mod rel defaults small ranges <<EOL
$line
EOL
	# The sources as the tools get them: the committed file list of the top
	# (verilog/filelists, generated from the registry; a test fails when
	# it drifts), so lint, the testbenches and the DPI tests read one list.
	flist=$registry_root/verilog/filelists/$mod.f
	if [ ! -r "$flist" ]; then
		echo "registry: no file list $flist for $blk; run make filelists" >&2
		exit 2
	fi
	export OCCAMY_ROOT="$registry_root"
	srcs="-f $flist"
	return 0
}

registry_reject() {
	registry_bin
	"$OCCAMY" blocks "$1" --validate "$2" 2>/dev/null
}
