//go:build verilator

package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/verilator"
	"occamy/rtl/vcd/gtkwave"
)

// cosimEnv points the build cache at the one the other tagged tests share.
func cosimEnv(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("verilator"); err != nil {
		t.Skip("verilator not installed")
	}
	if os.Getenv(verilator.CacheEnv) == "" {
		t.Setenv(verilator.CacheEnv, filepath.Join(os.TempDir(), "occamy-cosim-test-cache"))
	}
}

// TestCosimVerdicts: exit 0 and a MATCH line for the project's Verilog;
// exit 1, a MISMATCH line and a trace for a wrong user design; exit 2 with
// every contract problem for a design with other ports.
func TestCosimVerdicts(t *testing.T) {
	cosimEnv(t)
	out, errText, code := runCLI(t, "cosim", "--block", "arbiter", "--cycles", "20000", "--param", "N=8")
	require.Equal(t, 0, code, errText)
	require.Regexp(t, `^MATCH arbiter \[N=8\] \(project RTL rr_arbiter, verilator lock-step\): 19999 cycles compared \(20000 run\) on 2 outputs, coverage 5/5 hit, [0-9.]+[kM]? cycles/s, seed 1\n  coverage arbiter: 5/5 coverpoints hit\n(    \S+ +\d+  .*\n){5}$`, out)

	out, errText, code = runCLI(t, "cosim", "--block", "arbiter", "--quick", "--batch", "--rtl", "../../cosim/runner/testdata/byo/my_rr_arbiter_wrapjump.sv")
	require.Equal(t, 1, code, errText)
	require.Contains(t, errText, "1 of 1 runs differ")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Regexp(t, `^MISMATCH arbiter \[defaults\] \(your my_rr_arbiter_wrapjump.sv: my_round_robin, verilator batched\): cycle \d+: gnt_idx_o go=[0-9a-f]+ rtl=[0-9a-f]+ after \d+ cycles`, lines[0])
	require.Len(t, lines, 17, "verdict, eight trace lines, the failure waveform and the coverage table:\n%s", out)
	require.Contains(t, lines[8], "*")
	vcdPath, gtkwPath := filepath.Join(failWaveDir, "arbiter.verilator.mismatch.vcd"), filepath.Join(failWaveDir, "arbiter.verilator.mismatch.gtkw")
	require.Regexp(t, `^  failure waveform `+regexp.QuoteMeta(vcdPath)+`: cycles \d+\.\.\d+, the ports of both sides, marker A on cycle \d+$`, lines[9])
	require.Equal(t, "  open with: gtkwave "+vcdPath+" "+gtkwPath, lines[10])
	require.Regexp(t, `^coverage arbiter: \d/5 coverpoints hit$`, strings.TrimSpace(lines[11]), "the coverage of the cycles compared")
	// The save file as a user opens it, with the printed command.
	o, err := gtkwave.Open(60*time.Second, vcdPath, gtkwPath)
	if err == nil {
		problems, err := o.Problems(gtkwPath)
		require.NoError(t, err)
		assert.Empty(t, problems, "gtkwave output:\n%s", o.Output)
		assert.Equal(t, "go gnt_idx_o", o.Traces[1], "the mismatching signal first, under its group's row")
	} else if !errors.Is(err, gtkwave.ErrUnavailable) && !errors.Is(err, context.DeadlineExceeded) {
		require.NoError(t, err)
	}
	// --no-wave: none written, none printed.
	require.NoError(t, os.Remove(vcdPath))
	out, _, code = runCLI(t, "cosim", "--block", "arbiter", "--quick", "--batch", "--no-wave", "--rtl", "../../cosim/runner/testdata/byo/my_rr_arbiter_wrapjump.sv")
	require.Equal(t, 1, code)
	assert.NotContains(t, out, "failure waveform")
	assert.NoFileExists(t, vcdPath)

	// Without --quick: the arbiter's matrix, every configuration a verdict
	// line naming the file, then the merged coverage and the summary; each
	// run's failure waveform in its own directory.
	out, errText, code = runCLI(t, "cosim", "--block", "arbiter", "--cycles", "3000", "--rtl", "../../cosim/runner/testdata/byo/my_rr_arbiter_wrapjump.sv")
	require.Equal(t, 1, code, errText)
	require.Contains(t, errText, "4 of 4 runs differ")
	require.Len(t, regexp.MustCompile(`(?m)^MISMATCH arbiter \[(defaults|small)\] \(your my_rr_arbiter_wrapjump.sv: my_round_robin, verilator lock-step\)`).FindAllString(out, -1), 4, out)
	require.Equal(t, 1, strings.Count(out, "coverage arbiter on verilator merged over 4 runs"), out)
	require.True(t, strings.HasSuffix(out, "\n0 passed, 4 failed (4 mismatch)\n"), out)
	for _, d := range []string{"defaults/seed-1", "defaults/seed-2", "small/seed-1", "small/seed-2"} {
		assert.FileExists(t, filepath.Join(failWaveDir, filepath.FromSlash(d), "arbiter.verilator.mismatch.vcd"))
	}

	bad := writeFile(t, "renamed.sv", `module renamed #(parameter int N = 64) (
  input logic clk_i, input logic rst_ni, input logic [N-1:0] requests_i, input logic ack_i,
  output logic gnt_valid_o, output logic [5:0] gnt_idx_o);
  assign gnt_valid_o = |requests_i;
  assign gnt_idx_o = '0;
endmodule
`)
	out, errText, code = runCLI(t, "cosim", "--block", "arbiter", "--rtl", bad)
	require.Equal(t, 2, code)
	require.Empty(t, out)
	require.Contains(t, errText, "top renamed does not match the rr_arbiter port contract (2 problems)")
	require.Contains(t, errText, "missing input [63:0] req_i (64 bits)")
	require.Contains(t, errText, "extra input [63:0] requests_i (64 bits) is not in the contract")
}

// TestCosimIcarusAndVCD: the Icarus path and --vcd from the command line.
func TestCosimIcarusAndVCD(t *testing.T) {
	cosimEnv(t)
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not installed")
	}
	dir := t.TempDir()
	out, errText, code := runCLI(t, "cosim", "--block", "selector", "--sim", "icarus", "--cycles", "500", "--param", "N=4,QW=5", "--vcd", dir)
	require.Equal(t, 0, code, errText)
	require.Contains(t, out, "MATCH selector [N=4 QW=5] (project RTL hd_selector, icarus vcd diff): 498 cycles compared (500 run) on 1 output")
	for _, f := range []string{"selector.go.vcd", "selector.icarus.vcd"} {
		require.Contains(t, out, "wrote "+filepath.Join(dir, f))
		require.FileExists(t, filepath.Join(dir, f))
	}
}

// TestCosimToolMissing: with Verilator or Icarus missing, one line, exit 2,
// also for --block all.
func TestCosimToolMissing(t *testing.T) {
	// The toolchain is looked up once per process and name, so a missing
	// Verilator is a name that does not exist rather than an empty PATH.
	t.Setenv("OCCAMY_VERILATOR", filepath.Join(t.TempDir(), "no-verilator"))
	t.Setenv("PATH", t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cosim", "--block", "all"}, "cosim: iverilog not found; install Icarus Verilog with: apt-get install iverilog (or give --sim verilator to leave out the four-state pass)"},
		{[]string{"cosim", "--block", "all", "--sim", "verilator"}, "cosim: verilator not found"},
		{[]string{"cosim", "--block", "arbiter"}, "cosim: verilator not found"},
		{[]string{"cosim", "--block", "all", "--sim", "icarus"}, "cosim: iverilog not found; install Icarus Verilog with: apt-get install iverilog"},
	} {
		out, errText, code := runCLI(t, c.args...)
		require.Equal(t, 2, code, "%v", c.args)
		require.Empty(t, out, "%v", c.args)
		require.Contains(t, errText, c.want, "%v", c.args)
		require.NotContains(t, errText, "\n", "%v: one line", c.args)
	}
}
