//go:build verilator

package dpi

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	libOnce sync.Once
	libDir  string
	libErr  error
)

// goldenLib builds liboccamy_golden.so once per test binary, as make
// golden-lib does, into a temporary directory.
func goldenLib(t testing.TB) string {
	t.Helper()
	libOnce.Do(func() {
		libDir, libErr = os.MkdirTemp("", "occamy-golden-lib-")
		if libErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-buildmode=c-shared", "-o", filepath.Join(libDir, "liboccamy_golden.so"), "./cmd/liboccamy_golden")
		cmd.Dir = repoRoot(t)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			libErr = fmt.Errorf("go build -buildmode=c-shared: %v\n%s", err, out)
		}
	})
	require.NoError(t, libErr)
	return libDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if libDir != "" {
		os.RemoveAll(libDir)
	}
	os.Exit(code)
}

func needTool(t testing.TB, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			t.Skipf("%s not installed (apt-get install %s)", n, n)
		}
	}
}

// TestABIGarbage: a C program passing garbage (unknown block, bad and
// malformed parameters, NULL, freed and made-up handles, NULL, short and
// unmapped word arrays, wrong widths, calls out of order) gets an error
// code and a one-line error naming the problem for each, and the process
// lives to print "done".
func TestABIGarbage(t *testing.T) {
	needTool(t, "gcc")
	lib := goldenLib(t)
	root := repoRoot(t)
	bin := filepath.Join(t.TempDir(), "abi_garbage")
	out, err := exec.Command("gcc", "-Wall", "-Werror", "-o", bin, filepath.Join(root, "cosim", "dpi", "testdata", "abi_garbage.c"),
		"-I", filepath.Join(root, "verilog", "tb", "dpi"), "-L", lib, "-loccamy_golden", "-Wl,-rpath,"+lib).CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(bin).CombinedOutput()
	require.NoError(t, err, "%s", out)
	got := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		k, v, _ := strings.Cut(l, " ")
		got[k] = v
	}
	want := map[string]string{
		"abi":                  "liboccamy_golden 1",
		"unknown_block":        `rc=-1 err=occamy_golden_new: unknown block "nosuch" (known: threshold, selector, arbiter`,
		"bad_value":            "rc=-1 err=occamy_golden_new: rr_arbiter: parameter N=0 out of range, allowed 1..256",
		"bad_name":             "rc=-1 err=occamy_golden_new: arbiter has no parameter M (parameters: N)",
		"bad_syntax":           `rc=-1 err=occamy_golden_new: parameters: "N=" has a value that is not a 32-bit integer`,
		"null_block":           "rc=-1 err=occamy_golden_new: block: NULL string",
		"null_handle":          "rc=-2 err=occamy_golden_step: handle 0x0 is not a live handle",
		"garbage_handle":       "rc=-2 err=occamy_golden_step: handle 0x1234 is not a live handle",
		"good":                 "rc=0 err=",
		"describe":             "block=arbiter;module=rr_arbiter;params=N=40;clock=clk_i;reset=rst_ni;in_words=4;out_words=2;",
		"null_words":           "rc=-1 err=occamy_golden_set_inputs: in: NULL pointer for 4 words",
		"short_words":          "rc=-1 err=occamy_golden_set_inputs: inputs: 3 words given, the layout has 4",
		"negative_words":       "rc=-1 err=occamy_golden_check: in: negative word count -1",
		"unmapped_words":       "rc=-1 err=occamy_golden_set_inputs: in: 4 words at 0x10 cannot be read",
		"after_fault":          "rc=0 err=",
		"bad_port":             "rc=-1 err=occamy_golden_port: arbiter has no port nope (ports: in=rst_ni:1@0,",
		"null_port":            "rc=-1 err=occamy_golden_port: name: NULL string",
		"port_index":           "rc=-1 err=occamy_golden_port_width: arbiter has no port #77",
		"wrong_width":          "rc=-1 err=occamy_golden_set_input: req_i: 32 bits given, the layout has 40",
		"commit_no_eval":       "rc=-1 err=occamy_golden_commit: commit: no eval in this cycle",
		"eval":                 "rc=0 err=",
		"eval_twice":           "rc=-1 err=occamy_golden_eval: eval: called twice in one cycle",
		"commit":               "rc=0 err=",
		"oa_without_simulator": "rc=-1 err=occamy_golden_check: in: the open array cannot be read",
		"verdict_nothing":      "[]",
		"verdict_error":        "rc=0 err=occamy_golden_verdict: arbiter: no cycle compared in 4 cycles: call check",
		"freed_handle":         "rc=-2 err=occamy_golden_step: handle 0x",
		"done":                 "",
	}
	for k, w := range want {
		v, ok := got[k]
		if assert.True(t, ok, "case %s missing from the output:\n%s", k, out) {
			assert.True(t, strings.HasPrefix(v, w), "%s: got %q, want it to start with %q", k, v, w)
		}
	}
}

// TestABIThreads: four C threads with a handle each run 20 000 cycles of
// the executor's registry stimulus and agree with themselves; four more
// step one shared handle, and its lock counts every step (80 000).
func TestABIThreads(t *testing.T) {
	needTool(t, "gcc")
	lib := goldenLib(t)
	root := repoRoot(t)
	bin := filepath.Join(t.TempDir(), "abi_threads")
	out, err := exec.Command("gcc", "-Wall", "-Werror", "-pthread", "-o", bin, filepath.Join(root, "cosim", "dpi", "testdata", "abi_threads.c"),
		"-I", filepath.Join(root, "verilog", "tb", "dpi"), "-L", lib, "-loccamy_golden", "-Wl,-rpath,"+lib).CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(bin).CombinedOutput()
	require.NoError(t, err, "%s", out)
	for i := 0; i < 4; i++ {
		assert.Contains(t, string(out), fmt.Sprintf("own %d compared=19999 mismatches=0\n", i))
	}
	assert.Contains(t, string(out), "shared cycles=80000\n")
}
