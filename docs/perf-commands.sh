#!/usr/bin/env bash
# perf-commands.sh: run every command behind the figures of docs/perf.md, in
# one go, and keep their output for updating the page. Run it on a quiet
# machine (nothing else running: these machines are shared and noisy).
#
#   bash docs/perf-commands.sh                      # everything: a few hours
#   PERF_ONLY="golden tm" bash docs/perf-commands.sh    # only the named steps
#   PERF_SKIP="synth maketest" bash docs/perf-commands.sh
#   PERF_QUICK=1 bash docs/perf-commands.sh         # each command once, short:
#                                                   # checks that they run; its numbers mean nothing
#
# Steps, in order: machine build golden goprofile verilated selarb tm
# cachegrind blocks dpi scenario cache prove synth experiments maketest.
# Output: one file per step in $PERF_OUT (default out/perf), each command
# echoed before its output;
# machine.txt records the date, commit, CPU and load at the start. Needs Go,
# Verilator, Icarus, Yosys (make tools) and valgrind; the Verilator builds
# go to the shared cache (OCCAMY_CACHE_DIR or its default), except in the cache step.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${PERF_OUT:-out/perf}
mkdir -p "$out"
out=$(cd "$out" && pwd)
quick=${PERF_QUICK:-}
pgo=$root/cmd/occamy/default.pgo
occamy=$root/bin/occamy

# q FULL QUICK: FULL, or QUICK under PERF_QUICK.
q() { if [ -n "$quick" ]; then echo "$2"; else echo "$1"; fi; }

want() {
  local s=$1
  if [ -n "${PERF_ONLY:-}" ] && [[ " $PERF_ONLY " != *" $s "* ]]; then return 1; fi
  if [[ " ${PERF_SKIP:-} " == *" $s "* ]]; then return 1; fi
  return 0
}

# show CMD...: the command as it can be pasted back into a shell.
show() { printf '$'; printf ' %q' "$@"; }

# run CMD...: show the command, then run it; both go to the step's file.
run() { show "$@"; echo; "$@"; echo; }

# timed CMD...: run with /usr/bin/time (wall, user, sys seconds).
timed() { show "$@"; echo; /usr/bin/time -f "time: %e s wall %U s user %S s sys" "$@"; echo; }

# runto FILE CMD..., timedto FILE CMD...: the same with the command's
# standard output into FILE.
runto() { local f=$1; shift; show "$@"; echo " > $f"; "$@" >"$f"; echo; }
timedto() { local f=$1; shift; show "$@"; echo " > $f"; /usr/bin/time -f "time: %e s wall %U s user %S s sys" "$@" >"$f"; echo; }

step() {
  local s=$1
  shift
  want "$s" || return 0
  echo "== $s ($(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1-3 /proc/loadavg))"
  # A subshell outside any || or if, so that set -e stops the step at
  # its first failing command.
  set +e
  (
    set -e
    echo "# $s, $(date -u +'%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
    "$@"
  ) >"$out/$s.txt" 2>&1
  local rc=$?
  set -e
  if [ $rc -ne 0 ]; then
    echo "step $s failed (exit $rc): see $out/$s.txt"
    tail -20 "$out/$s.txt"
    exit 1
  fi
}

machine() {
  date -u +"%Y-%m-%d %H:%M UTC"
  echo "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
  echo "cpu: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  go version
  verilator --version
  iverilog -V 2>&1 | sed -n 1p
  yosys -V
  g++ --version | sed -n 1p
  [ -n "$quick" ] && echo "PERF_QUICK: numbers not to be quoted"
  true
}

build() { run make build-cosim; }

# Go golden models (perf.md "Golden models"), built with bin/occamy's
# profile as make bench does.
golden() {
  run go test -pgo="$pgo" -p 1 -run '^$' -bench . -benchmem -count "$(q 3 1)" -benchtime "$(q 1s 1000x)" \
    ./hw/selector ./hw/arbiter ./hw/memports
  run go test -pgo="$pgo" -run '^$' -bench 'TM90|TMIdle' -benchmem -count "$(q 3 1)" -cpu 1 -benchtime "$(q 1000000x 2000x)" ./hw/tm
  run go test -pgo="$pgo" -run '^$' -bench StimulusAndGolden -benchmem -count "$(q 3 1)" -benchtime "$(q 1s 1000x)" ./cosim/runner
}

# The Go TM alone and the co-simulation's golden side, without and with
# cmd/occamy/default.pgo, alternated (perf.md "Golden models",
# "Profile-guided builds").
goprofile() {
  local d
  d=$(mktemp -d)
  run go test -c -pgo=off -o "$d/off.test" ./cosim/runner
  run go test -c -pgo="$pgo" -o "$d/pgo.test" ./cosim/runner
  for i in $(seq "$(q 3 1)"); do
    for b in off pgo; do
      echo "round $i, $b"
      (cd cosim/runner && run "$d/$b.test" -test.run '^$' -test.bench 'TMGolden$|TMNative$' -test.benchtime "$(q 2000000x 2000x)")
    done
  done
  rm -rf "$d"
}

# The Verilated selector + arbiter alone: C++ loop, batched and per-cycle
# calls, -O2/-O3/-Os; the price of one cgo call (perf.md "The Verilated model").
verilated() {
  run go test -tags verilator ./cosim/verilator -run '^$' -bench 'LockStep$|Batched$|CppLoop$|O3|Os' -benchtime "$(q 2000000x 4096x)" -count "$(q 5 1)"
  run go test -tags verilator ./cosim/verilator -run '^$' -bench CallOverhead -benchtime "$(q 2000000x 1000x)" -count "$(q 3 1)"
}

# The selector + arbiter co-simulation against its Verilated model alone,
# same run (perf.md "Co-simulation per block").
selarb() {
  run go test -tags verilator -pgo="$pgo" ./cosim/runner -run '^$' -bench SpeedRatios -benchtime "$(q 8x 1x)" -count "$(q 3 1)"
}

# The traffic manager: every side in one run (perf.md "The traffic
# manager"), then by size (perf-history.md "The TM by size"). A first 1x
# run builds the models (plain and profile-guided) so that no build is
# timed.
tm() {
  run go test -tags verilator -pgo="$pgo" ./cosim/runner -run '^$' -bench 'TMSpeed$' -benchtime 1x
  run go test -tags verilator -pgo="$pgo" ./cosim/runner -run '^$' -bench 'TMSpeed$' -benchtime "$(q 3x 1x)" -count "$(q 3 1)"
  run go test -tags verilator -pgo="$pgo" ./cosim/runner -run '^$' -bench TMSpeedSizes -benchtime "$(q 2x 1x)" -count "$(q 2 1)"
}

# Executed instructions a cycle, which the machine's load does not move
# (perf.md "Golden models" and "The traffic manager"): the Go TM's loaded
# cycle (I refs in the summary / 231073 cycles at 100000x), and the
# Verilated TM by policy at two run lengths (the difference / 10 000; the
# model-only figure sums cg_annotate's functions named Vocc*, occ_* and
# Verilated*).
cachegrind() {
  local d bm n
  d=$(mktemp -d)
  run go test -c -o "$d/tm.test" ./hw/tm
  (cd "$d" && run env GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$d/go.out" \
    ./tm.test -test.run XXX -test.bench 'BenchmarkTM90/occamy$' -test.benchtime "$(q 100000x 1000x)")
  for bm in occamy occamy-lqd pushout-ports; do
    for n in $(q "3000 13000" "300 1300"); do
      runto /dev/null valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$d/$bm.$n.out" \
        "$occamy" sim --rtl verilator --scenario random-load --bm "$bm" --cycles "$n" --max-offers 4
      cg_annotate --auto=no --threshold=0 --show-percs=no "$d/$bm.$n.out" |
        awk '{ c = $1; f = $0; sub(/^ *[0-9,]+ +/, "", f); sub(/^[^:]*:/, "", f) }
          f ~ /^(Vocc|occ_|Verilated)/ { gsub(",", "", c); s += c }
          END { print "model (Vocc*, occ_*, Verilated*) I refs: " s }'
    done
  done
  rm -rf "$d"
}

# Every block through occamy cosim: lock-step, batched, Icarus (perf.md
# "Co-simulation per block").
blocks() {
  local n
  n=$(q 1000000 20000)
  run "$occamy" cosim --block all --quick --sim verilator --cycles "$n"
  run "$occamy" cosim --block all --quick --sim verilator --cycles "$n" --batch
  run "$occamy" cosim --block all --quick --sim icarus --cycles "$(q 20000 2000)"
}

# The DPI-C scoreboard against lock-step co-simulation (perf.md "DPI-C").
dpi() {
  run go test -tags verilator -run '^$' -bench BenchmarkDPIScoreboard -benchtime 1x -count "$(q 3 1)" ./cosim/dpi
  run go test -run '^$' -bench BenchmarkModelCheck -benchmem ./cosim/dpi
  # the TM transaction scoreboard against lock-step and the Verilated TM (perf.md "TM scoreboard")
  run go test -tags verilator ./cosim/runner -run '^$' -bench ScoreboardSpeed -benchtime "$(q 3x 1x)" -count "$(q 2 1)"
}

# occamy sim on hw/tm and on the Verilated occamy_tm, plain and
# profile-guided (perf.md "A scenario on the RTL"). The first runs build;
# then interleaved rounds; the outputs must be identical.
scenario() {
  local s=burst-absorption
  runto "$out/scenario-rtl.txt" "$occamy" sim --scenario "$s" --rtl verilator
  runto "$out/scenario-pgo.txt" "$occamy" sim --scenario "$s" --rtl verilator --pgo
  for i in $(seq "$(q 3 1)"); do
    echo "round $i"
    timedto "$out/scenario-go.txt" "$occamy" sim --scenario "$s"
    timedto "$out/scenario-rtl.txt" "$occamy" sim --scenario "$s" --rtl verilator
    timedto "$out/scenario-pgo.txt" "$occamy" sim --scenario "$s" --rtl verilator --pgo
  done
  # The outputs are identical but for the header's engine (hw/tm or occamy_tm).
  run diff <(tail -n +2 "$out/scenario-go.txt") <(tail -n +2 "$out/scenario-rtl.txt")
  run diff <(tail -n +2 "$out/scenario-go.txt") <(tail -n +2 "$out/scenario-pgo.txt")
}

# Build times from an empty cache (perf.md "Build cache"): the Verilator
# runtime and a small model, a cache hit, the TM with the runtime cached,
# the TM profile-guided.
cache() {
  local c
  c=$(mktemp -d)
  export OCCAMY_CACHE_DIR=$c
  timed "$occamy" cosim --block arbiter --quick --cycles 1000
  timed "$occamy" cosim --block arbiter --quick --cycles 1000
  timed "$occamy" cosim --block tm --quick --cycles 1000
  timed "$occamy" cosim --block tm --quick --cycles 1000 --pgo
  unset OCCAMY_CACHE_DIR
  rm -rf "$c"
}

# Formal checks (perf.md "prove and synth"): every catalogue mutant refuted,
# and the scaling table of docs/prove.md.
prove() {
  timed go test -count=1 -run TestMutantsRefuted -v ./cosim/prove
  timed "$occamy" prove --scaling --timeout "$(q 60s 2s)"
}

# Synthesis (perf.md "prove and synth"): every design from scratch, into
# out/ (docs/hardware-cost.* are left alone; make synth updates them). The
# JSON holds each design's Yosys wall time ("Wall", ns). About an hour.
synth() {
  if [ -n "$quick" ]; then
    timed "$occamy" synth --block arbiter --n 64
  else
    timed "$occamy" synth --all --out "$out/hardware-cost.md" --json "$out/hardware-cost.json"
  fi
}

# The experiments (perf.md "Experiments").
experiments() {
  run go test -run XXX -bench 'BenchmarkDefaultSweep|BenchmarkMeasure' -benchtime "$(q 3x 1x)" -cpu 1,2 ./testbench/throughput/
  run go test ./testbench/experiment -run XXX -bench BenchmarkQCTBurst -benchtime 1x
  if [ -n "$quick" ]; then
    timed "$occamy" experiment all --quick --out "$out/experiments"
  else
    for e in $("$occamy" experiment --list | cut -d' ' -f1); do
      timed "$occamy" experiment "$e" --out "$out/experiments"
    done
  fi
}

# make test from a fresh clone of HEAD with an empty Verilator cache (the
# Go caches as they are), as CI runs it (perf.md "make test").
maketest() {
  local d
  d=$(mktemp -d)
  run git clone -q "$root" "$d/clone"
  if [ -n "$quick" ]; then
    (cd "$d/clone" && run make -n test)
  else
    (cd "$d/clone" && OCCAMY_CACHE_DIR=$d/cache timed make test)
  fi
  rm -rf "$d"
}

step machine machine
step build build
step golden golden
step goprofile goprofile
step verilated verilated
step selarb selarb
step tm tm
step cachegrind cachegrind
step blocks blocks
step dpi dpi
step scenario scenario
step cache cache
step prove prove
step synth synth
step experiments experiments
step maketest maketest
echo "perf: done, results in $out"
