//go:build verilator

package main

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
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

	"occamy/rtl/outfile"
	"occamy/testbench/blocks"
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
	require.Equal(t, "N=8", r.Set)
	require.Equal(t, "project RTL", r.Design)
	require.Equal(t, "match", r.Status)
	require.Equal(t, uint64(3000), r.Cycles)
	require.Equal(t, uint64(2999), r.Compared)
	require.Nil(t, r.Mismatch)
	requireJUnit(t, junit, 1, 0, 0, []string{"arbiter [N=8] seed 1"})

	wrong := "../../cosim/runner/testdata/byo/my_rr_arbiter_wrapjump.sv"
	out, errText, code = runCLI(t, "cosim", "--block", "arbiter", "--quick", "--rtl", wrong, "--json", "--junit", junit)
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
	require.Equal(t, "your my_rr_arbiter_wrapjump.sv", doc.Runs[0].Design)
	s := requireJUnit(t, junit, 1, 1, 0, []string{"arbiter [defaults] seed 1"})
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

// TestCosimBlockAll: --block all runs every block's regression matrix on
// Verilator (here at 400 cycles a run), then the defaults and the small set
// of each on Icarus, each verdict line naming its set, the project's RTL
// and the simulator; the coverage merged once per block and simulator;
// one last line "N passed, 0 failed"; one JUnit case per run, the counts
// agreeing. With --param, one run a block.
func TestCosimBlockAll(t *testing.T) {
	cosimEnv(t)
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not installed")
	}
	junit := filepath.Join(t.TempDir(), "all.xml")
	out, errText, code := runCLI(t, "cosim", "--block", "all", "--cycles", "400", "--junit", junit)
	require.Equal(t, 0, code, errText)
	lines := regexp.MustCompile(`(?m)^MATCH (\w+) \[([\w/-]+)\] \(project RTL \w+, (verilator lock-step|icarus vcd diff)\): .*seed (\d)$`).FindAllStringSubmatch(out, -1)
	seen := map[string]int{}
	var ica []string
	for _, l := range lines {
		seen[l[1]+" "+l[2]+" "+l[3]+" "+l[4]]++
		if strings.HasPrefix(l[3], "icarus") {
			ica = append(ica, l[1]+" "+l[2])
		}
	}
	total := 0
	for _, b := range blocks.All() {
		total += b.Regression().Runs()
		merged := 0
		if len(b.Coverpoints) > 0 {
			merged = 1 // a block with no coverpoints of its own (a sub-block: its parent's cover it) has none to merge
		}
		require.Equal(t, merged, strings.Count(out, "coverage "+b.Name+" on verilator merged over "), "%s: merged once", b.Name)
	}
	require.Len(t, lines, total+len(ica), out)
	for k, n := range seen {
		require.Equal(t, 1, n, "%s: each run once, named apart", k)
	}
	require.Contains(t, ica, "tm small/occamy")
	require.Len(t, ica, 2*len(blocks.All()), "the Icarus pass: each block's defaults and small set")
	require.True(t, strings.HasSuffix(out, fmt.Sprintf("\n%d passed, 0 failed\n", len(lines))), out[len(out)-200:])
	s := requireJUnitCounts(t, junit)
	require.Len(t, s.Suites, 2, "a suite per simulator")
	require.Equal(t, len(lines), s.Tests)
	require.Contains(t, s.Suites[1].SystemOut.Text, fmt.Sprintf("%d passed, 0 failed", len(lines)))

	out, errText, code = runCLI(t, "cosim", "--block", "all", "--cycles", "400", "--param", "B=512,QW=10", "--sim", "verilator")
	require.Equal(t, 0, code, errText)
	require.Len(t, regexp.MustCompile(`(?m)^MATCH `).FindAllString(out, -1), len(blocks.All()), out)
	require.Contains(t, out, "MATCH tm [B=512 QW=10] (project RTL occamy_tm, verilator lock-step)")
	require.Contains(t, out, "MATCH arbiter [defaults] (project RTL rr_arbiter, verilator lock-step)", "a block with neither parameter")
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
	require.Equal(t, "cosim arbiter [defaults] interrupted at cycle 0", errText)
	require.Contains(t, out, "INTERRUPTED arbiter [defaults] (project RTL rr_arbiter, verilator lock-step): stopped before any cycle ran")
	require.True(t, strings.HasSuffix(out, "\n0 passed, 1 failed (1 interrupted)\n"), "the matrix stops at the first run: %s", out)
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
	_, errText, code := runCLI(t, "cosim", "--block", "arbiter", "--quick", "--batch", "--cycles", "1000")
	require.Equal(t, 0, code, errText)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		var stdout, stderr strings.Builder
		// On a loaded machine the start (elaboration, cache check) can
		// outlast the delay: a stop before the first cycle is a correct
		// verdict too, but not the one this test checks, so wait longer.
		for delay := 4 * time.Second; ; delay *= 2 {
			cmd := exec.Command(bin, "cosim", "--block", "arbiter", "--quick", "--batch", "--cycles", "1000000000000")
			stdout.Reset()
			stderr.Reset()
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			time.Sleep(delay)
			require.NoError(t, cmd.Process.Signal(sig))
			err = cmd.Wait()
			if !strings.Contains(stdout.String(), "stopped before any cycle ran") || delay >= 64*time.Second {
				break
			}
			t.Logf("%v after %v landed before the first cycle; again, waiting longer", sig, delay)
		}
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, "%v", sig)
		require.Equal(t, exitInterrupted, ee.ExitCode(), "%v: stderr: %s", sig, stderr.String())
		require.Regexp(t, `^occamy: cosim interrupted at cycle \d+\n$`, stderr.String())
		require.Regexp(t, `^INTERRUPTED arbiter \[defaults\] \(project RTL rr_arbiter, verilator batched\): no mismatch in \d+ cycles compared \(\d+ run\) on 2 outputs, coverage \d+/\d+ hit before the stop`, stdout.String())
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
	require.Contains(t, out, "MATCH arbiter [N=8] (your arb.sv: rr_arbiter, verilator lock-step)")
	_, errText, code = runCLI(t, "cosim", "--block", "arbiter", "--param", "N=8", "--cycles", "2000", "--rtl", rtl)
	require.Equal(t, 2, code)
	require.Contains(t, errText, "next_ptr.svh")
}

// TestCosimMatrixVCD: a regression's waveforms go below --vcd, one
// directory per configuration and seed, and the tree is the command's
// while it runs: a locked --vcd is refused at once (exit 2).
func TestCosimMatrixVCD(t *testing.T) {
	cosimEnv(t)
	dir := t.TempDir()
	out, errText, code := runCLI(t, "cosim", "--block", "arbiter", "--cycles", "300", "--vcd", dir)
	require.Equal(t, 0, code, errText)
	for _, sub := range []string{"defaults/seed-1", "defaults/seed-2", "small/seed-1", "small/seed-2"} {
		require.FileExists(t, filepath.Join(dir, sub, "arbiter.go.vcd"))
		require.Contains(t, out, "wrote "+filepath.Join(dir, sub, "arbiter.verilator.vcd"))
	}
	release, err := outfile.LockDir(dir)
	require.NoError(t, err)
	defer release()
	out, errText, code = runCLI(t, "cosim", "--block", "arbiter", "--cycles", "300", "--vcd", dir)
	require.Equal(t, 2, code)
	require.Contains(t, errText, "is in use by another run")
	require.Empty(t, out)
}
