//go:build verilator

package mutation

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"occamy/cosim/verilator"
)

// TestMutationKillRate is the co-simulator's self-check: the unmutated
// blocks must match their golden models, and every mutant of the catalogue
// must be caught by cosim/runner on its block's regression matrix (the
// configurations `occamy cosim --block B` runs by default, stopping at the
// first that mismatches), or be an explained equivalent. It prints the kill rate and the verdict table.
//
//	go test -tags verilator -run TestMutationKillRate -v ./cosim/mutation
//
// OCCAMY_CACHE_DIR sets the Verilator build cache (default: cosim's);
// OCCAMY_MUTATION_ONLY=id,id... checks only those mutants;
// OCCAMY_MUTATION_ASSERT=1 keeps the Verilog's own assertions;
// OCCAMY_MUTATION_OPT=-O2 (or -O0, -O3, -Os) builds at that C++
// optimisation instead of MutationOpt;
// OCCAMY_MUTATION_SEED=S runs every configuration at seed S instead of the
// matrix's seeds;
// OCCAMY_MUTATION_MARKDOWN=FILE writes the verdicts as docs/mutation.md's table;
// OCCAMY_MUTATION_EQUIV=whole runs the explained equivalents through the
// whole matrix (by default, make test: their first configuration's set,
// RunnerChecker.EquivFirstSet), =only checks only them, whole (make
// test-mutants-equiv).
func TestMutationKillRate(t *testing.T) {
	if _, err := exec.LookPath(verilatorProgram()); err != nil {
		t.Skipf("mutation: verilator not found (%v); install it (apt-get install verilator) to run the self-check", err)
	}
	if !verilator.Supported() {
		t.Skip("mutation: built without Verilator support; run with -tags verilator")
	}
	ms := Catalogue()
	if only := os.Getenv("OCCAMY_MUTATION_ONLY"); only != "" {
		ms = pick(t, ms, strings.Split(only, ","))
	}
	equiv := os.Getenv("OCCAMY_MUTATION_EQUIV")
	switch equiv {
	case "", "whole":
	case "only":
		var eq []Mutant
		for _, m := range ms {
			if m.Equivalent != "" {
				eq = append(eq, m)
			}
		}
		ms = eq
	default:
		t.Fatalf("mutation: OCCAMY_MUTATION_EQUIV=%q: want whole or only", equiv)
	}
	opt := MutationOpt
	if v := os.Getenv("OCCAMY_MUTATION_OPT"); v != "" {
		if err := verilator.CheckOpt(v); err != nil {
			t.Fatalf("mutation: OCCAMY_MUTATION_OPT: %v", err)
		}
		opt = v
	}
	ctx := context.Background()
	start := time.Now()
	cfg := Config{
		VerilogDir: verilogDir,
		Checker: RunnerChecker{CacheDir: os.Getenv(verilator.CacheEnv), Seeds: envSeeds(t, "OCCAMY_MUTATION_SEED"),
			Opt: opt, EquivFirstSet: equiv == ""},
		// OCCAMY_MUTATION_ASSERT=1 keeps the Verilog's assertions (to see
		// what they catch on their own); the self-check leaves them out.
		KeepAssertions: os.Getenv("OCCAMY_MUTATION_ASSERT") == "1",
		Progress: func(r Result) {
			t.Logf("%-22s %-10s build %5.1fs sim %5.2fs %s", r.Mutant.ID, r.Verdict, r.Build.Seconds(), r.Sim.Seconds(), oneLine(detail(r)))
		},
	}

	// The originals and the mutants share the jobs; the verdicts are read
	// only once every original is shown to pass.
	base, rs, err := RunWithBaseline(ctx, cfg, ms)
	if err != nil {
		t.Fatalf("mutation: %v", err)
	}
	for _, r := range base {
		if r.Err != nil || r.Detection.Mismatch {
			var b strings.Builder
			_ = WriteTable(&b, base)
			t.Fatalf("mutation: the unmutated %s does not pass its co-simulation, so no kill would mean anything:\n%s", r.Mutant.Block, b.String())
		}
	}
	var b strings.Builder
	_ = WriteTable(&b, rs)
	sum := Summarize(rs)
	t.Logf("verdicts:\n%s", b.String())
	if path := os.Getenv("OCCAMY_MUTATION_MARKDOWN"); path != "" {
		var md strings.Builder
		_ = WriteMarkdown(&md, rs)
		if err := os.WriteFile(path, []byte(md.String()), 0o644); err != nil {
			t.Errorf("mutation: %v", err)
		}
	}
	t.Logf("%s; wall %.1fs, %d jobs, C++ %s", sum, time.Since(start).Seconds(), cfgJobs(cfg), opt)
	for _, r := range rs {
		if !r.Verdict.OK() {
			t.Errorf("mutation: %s (%s, %s:%d): %s: %s", r.Mutant.ID, r.Mutant.Block, r.Mutant.File, r.Line, r.Verdict, detail(r))
		}
	}
}

func verilatorProgram() string {
	if v := os.Getenv("OCCAMY_VERILATOR"); v != "" {
		return v
	}
	return "verilator"
}

// envSeeds is the seed in the named variable, nil when it is not set.
func envSeeds(t *testing.T, name string) []int64 {
	v := os.Getenv(name)
	if v == "" {
		return nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		t.Fatalf("mutation: %s=%q is not an integer", name, v)
	}
	return []int64{n}
}

func pick(t *testing.T, ms []Mutant, ids []string) []Mutant {
	byID := map[string]Mutant{}
	for _, m := range ms {
		byID[m.ID] = m
	}
	var out []Mutant
	for _, id := range ids {
		m, ok := byID[strings.TrimSpace(id)]
		if !ok {
			t.Fatalf("mutation: OCCAMY_MUTATION_ONLY names %q, which is not in the catalogue", id)
		}
		out = append(out, m)
	}
	return out
}
