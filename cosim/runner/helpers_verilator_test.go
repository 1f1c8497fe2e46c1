//go:build verilator

package runner

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"occamy/cosim/verilator"
)

// testCache is the Verilator build cache the tagged tests share with the
// cosim package's: $OCCAMY_CACHE_DIR, else a fixed directory under the temp
// directory, so a second run finds its models built.
func testCache() string {
	if d := os.Getenv(verilator.CacheEnv); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "occamy-cosim-test-cache")
}

func needVerilator(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not installed: apt-get install verilator")
	}
}

func needIcarus(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not installed: apt-get install iverilog")
	}
}

// run runs the runner with the test cache and the repository's Verilog.
func run(t testing.TB, opt Options) *Result {
	t.Helper()
	return runCtx(t, context.Background(), opt)
}

// runCtx is run with a context that may stop the run.
func runCtx(t testing.TB, ctx context.Context, opt Options) *Result {
	t.Helper()
	if opt.Sim == Icarus {
		needIcarus(t)
	} else {
		needVerilator(t)
	}
	if opt.CacheDir == "" {
		opt.CacheDir = testCache()
	}
	if opt.VerilogDir == "" {
		opt.VerilogDir = "../.."
	}
	res, err := Run(ctx, opt)
	require.NoError(t, err)
	return res
}

// mutant copies a project Verilog file into dir with old replaced by new
// (exactly once) and returns its path.
func mutant(t testing.TB, dir, file, old, new string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../verilog", file))
	require.NoError(t, err)
	src := string(b)
	require.Equal(t, 1, strings.Count(src, old), "%s: the text to mutate must occur once: %q", file, old)
	p := filepath.Join(dir, file)
	require.NoError(t, os.WriteFile(p, []byte(strings.Replace(src, old, new, 1)), 0o644))
	return p
}

// requireMatch fails with the mismatch when there is one.
func requireMatch(t testing.TB, res *Result) {
	t.Helper()
	if res.Mismatch != nil {
		t.Fatalf("%s\n%s", res.Verdict(), res.Mismatch)
	}
}
