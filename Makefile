# Occamy toolkit. The two commands a new user needs:
#   make run    build and run the default job (pure Go, no Verilator needed)
#   make test   install missing simulators (as root, via apt-get) and run every test
#
# Everything else: make help.

GO        ?= go
GOFLAGS   ?=
OUT       ?= out
BIN       ?= bin
# Debian packages the full test suite needs, and the command that proves each is there.
TOOL_PKGS  = verilator:verilator iverilog:iverilog yosys:yosys vcd2fst:gtkwave xvfb-run:xvfb

export GOFLAGS

.PHONY: help run synth experiments bench-experiments build build-cosim golden-lib filelists test test-go test-hw test-cosim test-subblocks test-scenario-search test-scoreboard-mutants verilog-checks test-props-mutants test-mutants-equiv lint tools vet fmt-check bench pgo clean

help:
	@echo "make run          build and run the default job (pure Go)"
	@echo "make test         install missing tools (root: apt-get) and run every test"
	@echo "make test-go      Go unit, property and vector tests only (no simulators)"
	@echo "make test-subblocks  the TM's sub-blocks co-simulated alone, long (make test runs them short)"
	@echo "make lint         Verilator -Wall and Icarus lint of every Verilog module"
	@echo "make verilog-tb   Icarus testbenches on vectors generated from the Go models"
	@echo "make verilog-checks  lint and verilog-tb side by side (what make test runs)"
	@echo "make test-scenario-search  burst-absorption's lossless search on the RTL under every policy (~5 min)"
	@echo "make test-scoreboard-mutants  occamy_tm's mutants: the scoreboard alone against lock-step (~20 min)"
	@echo "make test-props-mutants  --check properties on every mutant of the blocks with properties (not in make test)"
	@echo "make test-mutants-equiv  the explained equivalent mutants through their whole matrix (make test: their first set)"
	@echo "make bench        benchmarks; numbers go in docs/perf.md"
	@echo "make pgo          regenerate cmd/occamy/default.pgo, the Go profile bin/occamy is built with"
	@echo "make experiments  the paper's experiments (CSV, PNG, SVG) into out/experiments"
	@echo "make synth        Yosys LUT/FF/level report into docs/hardware-cost.md (reuses docs/hardware-cost.json; SYNTH_FRESH=1: about an hour)"
	@echo "make build        build bin/occamy (pure Go)"
	@echo "make build-cosim  build bin/occamy with the Verilator bridge (-tags verilator)"
	@echo "make golden-lib   liboccamy_golden.so + DPI-C header + SV package into $(GOLDEN_LIB) (docs/dpi.md)"
	@echo "make filelists    regenerate verilog/filelists/*.f and verilog/cores/*.core from the registry"

build:
	$(GO) build -o $(BIN)/occamy ./cmd/occamy

build-cosim:
	$(GO) build -tags verilator -o $(BIN)/occamy ./cmd/occamy

# golden-lib: the golden models as a C shared library for SystemVerilog
# (DPI-C) and C testbenches, with its header and SystemVerilog package
# (docs/dpi.md). cgo's own generated header is dropped: occamy_golden.h is
# the ABI (a test checks it against the exports).
GOLDEN_LIB ?= build/golden
golden-lib:
	@mkdir -p $(GOLDEN_LIB)
	CGO_ENABLED=1 $(GO) build -buildmode=c-shared -o $(GOLDEN_LIB)/liboccamy_golden.so ./cmd/liboccamy_golden
	rm -f $(GOLDEN_LIB)/liboccamy_golden.h
	cp verilog/tb/dpi/occamy_golden.h verilog/tb/dpi/occamy_golden_pkg.sv $(GOLDEN_LIB)/
	@echo "golden-lib: $(GOLDEN_LIB)/liboccamy_golden.so"

# filelists: regenerate the file lists and FuseSoC cores from the block
# registry (a test fails when the committed ones drift).
filelists:
	$(GO) run ./cmd/occamy blocks --package .

# The default job (occamy demo, which prints the two occamy sim commands it
# runs): the paper's burst-absorption scenario under DT and Occamy at alpha=8
# side by side, then the traffic manager's waveform under Occamy in
# $(OUT)/burst-absorption-occamy.vcd with a GTKWave save file that opens on
# its first head drop; the last line is the gtkwave command.
run: build
	$(BIN)/occamy demo --out $(OUT)

# The paper's experiments as CSV, PNG and SVG, with a verdict each.
experiments: build
	$(BIN)/occamy experiment all --out $(OUT)/experiments

bench-experiments:
	$(GO) test -run XXX -bench BenchmarkDefaultSweep -benchtime 3x -cpu 1,2 ./testbench/throughput/

# tools installs what the full suite needs. As root it uses apt-get; otherwise it
# names the exact command to run and stops.
tools:
	@missing=""; for t in $(TOOL_PKGS); do \
	  cmd=$${t%%:*}; pkg=$${t##*:}; \
	  command -v $$cmd >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends$$missing >/dev/null || exit 1; \
	  else \
	    echo "missing tools:$$missing"; \
	    echo "install them with: sudo apt-get install$$missing"; exit 1; \
	  fi; \
	fi; \
	for t in $(TOOL_PKGS); do cmd=$${t%%:*}; command -v $$cmd >/dev/null || { echo "still missing: $$cmd"; exit 1; }; done; \
	echo "tools: $$(verilator --version | cut -d' ' -f1-2), $$(iverilog -V 2>&1 | head -1 | cut -d' ' -f1-4), $$(yosys -V | cut -d' ' -f1-2)"

vet:
	$(GO) vet ./...
	$(GO) vet -tags verilator ./...

fmt-check:
	@out=$$(gofmt -l . | grep -v '^vendor/'); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

test-go:
	$(GO) test -count=1 -timeout 30m ./...

test: tools fmt-check vet test-go test-hw
	@echo "make test: all suites passed"

# test-hw runs everything that needs the simulators. Lint and the Icarus
# testbenches each run one simulator at a time, so verilog-checks runs the
# two side by side (one occamy binary built first for both; each one's
# output printed whole when it ends).
test-hw: verilog-checks test-cosim

verilog-checks:
	mkdir -p $(VERILOG_BUILD)
	$(GO) build -o $(VERILOG_BUILD)/occamy-blocks ./cmd/occamy
	OCCAMY=$(abspath $(VERILOG_BUILD))/occamy-blocks $(MAKE) -j2 --output-sync=target lint verilog-tb

# test-cosim: the Verilator bridge, runners, regressions and the mutation
# self-check (build tag verilator). The mutation test runs verbose so its
# kill rate and verdict table are printed. cosim/synth has no tagged file:
# test-go has run every one of its tests already.
COSIM_TAGGED = $(filter-out occamy/cosim/synth,$(shell $(GO) list ./cosim/...))

test-cosim:
	@if grep -l '^//go:build' cosim/synth/*.go; then echo "test-cosim: cosim/synth has a tagged file: take it out of COSIM_TAGGED's filter"; exit 1; fi
	$(GO) test -tags verilator -count=1 -timeout 60m -skip 'TestMutationKillRate|TestPropertiesCatchMutants' $(COSIM_TAGGED) ./cmd/occamy ./testbench/stimulus
	$(GO) test -tags verilator -count=1 -timeout 30m -run TestMutationKillRate -v ./cosim/mutation

# test-subblocks: each TM sub-block (tm_admission .. tm_egress) against its
# own module at its small set and its defaults, a million cycles per seed
# (make test runs TestSubBlocks short: a few thousand cycles at the small set).
test-subblocks:
	OCCAMY_SUBBLOCKS_LONG=1 $(GO) test -tags verilator -count=1 -timeout 60m -run 'TestSubBlocks$$' -v ./cosim/runner

# test-scenario-search: TestScenarioJSONEqualsModel with burst-absorption's
# lossless search compared under every policy (make test: under occamy;
# about 4 more minutes of RTL at IN=64).
test-scenario-search:
	OCCAMY_SCENARIO_SEARCH=all $(GO) test -tags verilator -count=1 -timeout 60m -run 'TestScenarioJSONEqualsModel$$' -v ./cosim/tmsim

# test-scoreboard-mutants: occamy_tm's mutants scored by the scoreboard
# alone, beside lock-step (docs/scoreboard.md; a build per mutant, about
# 20 min). Not part of make test.
test-scoreboard-mutants:
	OCCAMY_SCOREBOARD_MUTANTS=1 $(GO) test -tags verilator -count=1 -timeout 90m -run TestScoreboardMutants -v ./cosim/mutation

# test-mutants-equiv: the explained equivalent mutants through their
# block's whole regression matrix (make test runs each on its first
# configuration's set: the TM's three took 64-86 s each whole).
test-mutants-equiv:
	OCCAMY_MUTATION_EQUIV=only $(GO) test -tags verilator -count=1 -timeout 30m -run TestMutationKillRate -v ./cosim/mutation

# test-props-mutants: --check properties on every mutant of the blocks
# with properties, at the defaults and the small set (66 runs, 11 minutes
# on a shared 2-core machine; not part of make test).
test-props-mutants:
	$(GO) test -tags verilator -count=1 -timeout 30m -run TestPropertiesCatchMutants -v ./cosim/runner

# lint: verilator --lint-only -Wall and iverilog -g2012 on every module.
lint: verilog-lint

include verilog/verilog.mk

# bench runs the golden models and, with Verilator installed, the Verilated
# model and the co-simulation in one go test invocation, one package at a
# time, so that the ratios in docs/perf.md come from the same run.
# They are built with bin/occamy's Go profile (PGO below), as the command is.
BENCH_PKGS = ./hw/selector ./hw/arbiter ./hw/tm ./cosim/runner ./cosim/dpi
bench:
	@mkdir -p $(OUT)
	$(GO) test -tags verilator -pgo=$(PGO_PROFILE) -p 1 -run '^$$' -bench . -benchmem -count $(or $(BENCH_COUNT),3) $(BENCH_PKGS) | tee $(OUT)/bench.txt

# pgo regenerates the profile the Go compiler optimises bin/occamy with
# (profile-guided optimisation; go build reads a main package's
# default.pgo): a CPU profile of the TM co-simulation's golden side
# (BenchmarkTMGolden: the adapter and hw/tm at 90% load), 20 M cycles.
# Merging in BenchmarkTM90 (hw/tm alone, every policy) made both slower
# than this one alone (docs/perf.md). Rerun it when the hot path changes;
# a stale profile costs speed, never correctness.
PGO_PROFILE = $(CURDIR)/cmd/occamy/default.pgo
pgo:
	@mkdir -p $(OUT)/pgo
	$(GO) test -pgo=off -run '^$$' -bench 'TMGolden$$' -benchtime 20000000x -o $(OUT)/pgo/runner.test -cpuprofile $(OUT)/pgo/golden.prof ./cosim/runner
	$(GO) tool pprof -proto $(OUT)/pgo/golden.prof > $(OUT)/pgo/golden.pgo
	mv $(OUT)/pgo/golden.pgo $(PGO_PROFILE)
	@echo "pgo: $(PGO_PROFILE)"

# synth regenerates docs/hardware-cost.md with Yosys, the traffic manager
# per sub-block included. Its raw results are kept in docs/hardware-cost.json:
# a design whose sources hash the same (SHA-256) is taken from there, the
# rest is run (SYNTH_FRESH=1 runs everything: about an hour of Yosys at 2
# processes on a loaded 2-core VM, the TM's sub-blocks 37 min of it).
SYNTH_JSON = docs/hardware-cost.json
synth: build
	$(BIN)/occamy synth --all --out docs/hardware-cost.md --json $(SYNTH_JSON) \
		$(if $(SYNTH_FRESH),,$(if $(wildcard $(SYNTH_JSON)),--reuse $(SYNTH_JSON)))

clean:
	rm -rf $(OUT) $(BIN)
