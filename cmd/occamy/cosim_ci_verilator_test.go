//go:build verilator

package main

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"occamy/cosim/report"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestCosimJSONAndJUnit: --json gives the verdict, cycles compared and the
// first mismatch; --junit writes one test case per block and parameter
// set, a mismatch as a failure, readable as JUnit XML.
func TestCosimJSONAndJUnit(t *testing.T) {
	cosimEnv(t)
	dir := t.TempDir()
	junit := filepath.Join(dir, "report.xml")
	out, errText, code := runCLI(t, "cosim", "--block", "arbiter", "--cycles", "3000", "--param", "N=8", "--json", "--junit", junit)
	require.Equal(t, 0, code, errText)
	var doc report.Document
	require.NoError(t, json.Unmarshal([]byte(out), &doc), out)
	require.Equal(t, "match", doc.Verdict)
	require.Len(t, doc.Runs, 1)
	r := doc.Runs[0]
	require.Equal(t, "arbiter N=8", r.Name)
	require.Equal(t, "match", r.Status)
	require.Equal(t, uint64(3000), r.Cycles)
	require.Equal(t, uint64(2999), r.Compared)
	require.Nil(t, r.Mismatch)
	requireJUnit(t, junit, 1, 0, 0, []string{"arbiter N=8"})

	wrong := "../../cosim/runner/testdata/byo/my_rr_arbiter_wrapjump.sv"
	out, errText, code = runCLI(t, "cosim", "--block", "arbiter", "--rtl", wrong, "--json", "--junit", junit)
	require.Equal(t, 1, code, errText)
	doc = report.Document{}
	require.NoError(t, json.Unmarshal([]byte(out), &doc), out)
	require.Equal(t, "mismatch", doc.Verdict)
	m := doc.Runs[0].Mismatch
	require.NotNil(t, m)
	require.Equal(t, "gnt_idx_o", m.Signal)
	require.NotEqual(t, m.Go, m.RTL)
	require.Equal(t, m.Cycle+1, doc.Runs[0].Cycles)
	require.Len(t, m.Trace, 8)
	s := requireJUnit(t, junit, 1, 1, 0, []string{"arbiter N=64"})
	require.Contains(t, s.Suites[0].Cases[0].Failure.Message, "gnt_idx_o go=")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file left beside the report")

	_, errText, code = runCLI(t, "cosim", "--block", "arbiter", "--cycles", "1", "--json")
	require.Equal(t, 2, code, "one cycle compares nothing: exit 2")
	require.Contains(t, errText, "--cycles: 1 cycles run, none compared")
}

// requireJUnit reads a JUnit report and checks its counts and case names.
func requireJUnit(t *testing.T, path string, tests, failures, errs int, names []string) report.JUnit {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var s report.JUnit
	require.NoError(t, xml.Unmarshal(b, &s), string(b))
	require.Equal(t, tests, s.Tests)
	require.Equal(t, failures, s.Failures)
	require.Equal(t, errs, s.Errors)
	var got []string
	for _, su := range s.Suites {
		for _, c := range su.Cases {
			got = append(got, c.Name)
			require.NotEmpty(t, c.Classname)
		}
	}
	require.Equal(t, names, got)
	return s
}

// TestCosimBlockAll: --block all runs every block on Verilator, then each
// once more on Icarus, one JUnit case per run.
func TestCosimBlockAll(t *testing.T) {
	cosimEnv(t)
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not installed")
	}
	junit := filepath.Join(t.TempDir(), "all.xml")
	out, errText, code := runCLI(t, "cosim", "--block", "all", "--cycles", "400", "--param", "B=512,QW=10", "--junit", junit)
	require.Equal(t, 0, code, errText)
	lines := regexp.MustCompile(`(?m)^MATCH (\w+) \(\w+, (verilator lock-step|icarus vcd diff)\)`).FindAllStringSubmatch(out, -1)
	var v, i []string
	for _, l := range lines {
		if strings.HasPrefix(l[2], "icarus") {
			i = append(i, l[1])
		} else {
			v = append(v, l[1])
		}
	}
	blocks := []string{"threshold", "selector", "arbiter", "maxfind", "tm"}
	require.Subset(t, v, blocks, out)
	require.Equal(t, v, i, "one Icarus pass per block, in the same order:\n%s", out)
	s := requireJUnitCounts(t, junit)
	require.Len(t, s.Suites, 2, "a suite per simulator")
	require.Equal(t, 2*len(v), s.Tests)
}

func requireJUnitCounts(t *testing.T, path string) report.JUnit {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var s report.JUnit
	require.NoError(t, xml.Unmarshal(b, &s))
	require.Zero(t, s.Failures+s.Errors, string(b))
	return s
}

// TestCosimInterrupted: a stop request gives the partial verdict on stdout,
// "interrupted at cycle N" and exit 130, and the JUnit report says so.
func TestCosimInterrupted(t *testing.T) {
	cosimEnv(t)
	old := cosimInterrupt
	defer func() { cosimInterrupt = old }()
	cosimInterrupt = func(parent context.Context) (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(parent)
		cancel() // as if Ctrl-C came at once
		return ctx, cancel
	}
	junit := filepath.Join(t.TempDir(), "r.xml")
	out, errText, code := runCLI(t, "cosim", "--block", "arbiter", "--cycles", "100000", "--junit", junit)
	require.Equal(t, exitInterrupted, code, errText)
	require.Equal(t, "cosim interrupted at cycle 0", errText)
	require.Contains(t, out, "INTERRUPTED arbiter (rr_arbiter, verilator lock-step): stopped before any cycle ran")
	b, err := os.ReadFile(junit)
	require.NoError(t, err)
	require.Contains(t, string(b), `type="interrupted"`)
}

// TestCosimSIGINT: a real SIGINT (then SIGTERM) to a long run: exit 130,
// the cycle on stderr, the partial verdict on stdout.
func TestCosimSIGINT(t *testing.T) {
	cosimEnv(t)
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "occamy")
	b, err := exec.Command("go", "build", "-tags", "verilator", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, string(b))
	// Warm the model so the signal lands in the simulation, not the build.
	_, errText, code := runCLI(t, "cosim", "--block", "arbiter", "--batch", "--cycles", "1000")
	require.Equal(t, 0, code, errText)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(bin, "cosim", "--block", "arbiter", "--batch", "--cycles", "1000000000000")
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Start())
		time.Sleep(4 * time.Second)
		require.NoError(t, cmd.Process.Signal(sig))
		err = cmd.Wait()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, "%v", sig)
		require.Equal(t, exitInterrupted, ee.ExitCode(), "%v: stderr: %s", sig, stderr.String())
		require.Regexp(t, `^occamy: cosim interrupted at cycle \d+\n$`, stderr.String())
		require.Regexp(t, `^INTERRUPTED arbiter \(rr_arbiter, verilator batched\): no mismatch in \d+ cycles compared \(\d+ run\) on 2 outputs, coverage \d+/\d+ hit before the stop`, stdout.String())
		t.Logf("%v: %s", sig, strings.TrimSpace(stdout.String()))
	}
}

// TestCosimIncdir: --incdir reaches the build; without it a header kept
// elsewhere is a setup error naming the include.
func TestCosimIncdir(t *testing.T) {
	cosimEnv(t)
	src, err := os.ReadFile("../../verilog/rr_arbiter.sv")
	require.NoError(t, err)
	line := "ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);"
	require.Equal(t, 1, strings.Count(string(src), line))
	dir, inc := t.TempDir(), filepath.Join(t.TempDir(), "my headers")
	require.NoError(t, os.MkdirAll(inc, 0o755))
	rtl := filepath.Join(dir, "arb.sv")
	require.NoError(t, os.WriteFile(rtl, []byte(strings.Replace(string(src), line, "`include \"next_ptr.svh\"", 1)), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(inc, "next_ptr.svh"), []byte(line+"\n"), 0o644))
	out, errText, code := runCLI(t, "cosim", "--block", "arbiter", "--param", "N=8", "--cycles", "2000", "--rtl", rtl, "--incdir", inc)
	require.Equal(t, 0, code, errText)
	require.Contains(t, out, "MATCH arbiter (rr_arbiter, verilator lock-step)")
	_, errText, code = runCLI(t, "cosim", "--block", "arbiter", "--param", "N=8", "--cycles", "2000", "--rtl", rtl)
	require.Equal(t, 2, code)
	require.Contains(t, errText, "next_ptr.svh")
}
