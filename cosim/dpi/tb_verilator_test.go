//go:build verilator

package dpi

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/packaging"
	"occamy/cosim/runner"
	"occamy/testbench/blocks"
)

// dpiTB builds a DPI testbench with verilator --exe, the library linked,
// and returns the binary.
func dpiTB(t testing.TB, lib, tb, top string, rtl []string, params map[string]string, extra ...string) string {
	t.Helper()
	root := repoRoot(t)
	dir := t.TempDir()
	dpiDir := filepath.Join(root, "verilog", "tb", "dpi")
	args := []string{"--cc", "--exe", "--build", "-Wall", "--prefix", "Vtb", "--top-module", top, "-Mdir", filepath.Join(dir, "obj"),
		"-o", "tb", "-LDFLAGS", "-L" + lib + " -loccamy_golden -Wl,-rpath," + lib}
	for k, v := range params {
		args = append(args, "-G"+k+"="+v)
	}
	if len(extra) == 0 {
		// Tests: compile fast (the runs are 20 000 cycles); the
		// benchmark passes its own optimisation.
		extra = []string{"-MAKEFLAGS", "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"}
	}
	args = append(args, extra...)
	// The project's header directory, as the file lists give it: the
	// modules (and a broken copy of one elsewhere) include occamy_checks.svh.
	for _, d := range blocks.HeaderDirs() {
		args = append(args, "+incdir+"+filepath.Join(root, d))
	}
	args = append(args, filepath.Join(dpiDir, "occamy_golden_pkg.sv"), filepath.Join(dpiDir, tb))
	args = append(args, rtl...)
	args = append(args, filepath.Join(dpiDir, "tb_dpi_main.cpp"))
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "verilator", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "verilator %s\n%s", strings.Join(args, " "), out)
	return filepath.Join(dir, "obj", "tb")
}

// runTB runs a testbench binary and returns its output and exit code.
func runTB(t testing.TB, bin string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var b bytes.Buffer
	cmd := exec.CommandContext(ctx, bin)
	cmd.Stdout, cmd.Stderr = &b, &b
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return b.String(), code
}

// projectFiles are a block's sources as its committed file list
// (verilog/filelists, generated from the registry) names them, with
// ${OCCAMY_ROOT} expanded: the list lint and the Icarus testbenches use.
// Its +incdir+ line is no source (dpiTB passes the header directory).
func projectFiles(t testing.TB, block string) []string {
	t.Helper()
	b, err := blocks.Lookup(block)
	require.NoError(t, err)
	root := repoRoot(t)
	raw, err := os.ReadFile(filepath.Join(root, packaging.FileListPath(b)))
	require.NoError(t, err)
	var s []string
	for _, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "//") && !strings.HasPrefix(l, "+incdir+") {
			s = append(s, strings.ReplaceAll(l, "${"+packaging.RootVar+"}", root))
		}
	}
	require.NotEmpty(t, s)
	return s
}

// brokenCopy writes a copy of one project file with old replaced by new
// and returns the block's file list with the copy in its place.
func brokenCopy(t *testing.T, files []string, name, old, new string) []string {
	t.Helper()
	out := append([]string(nil), files...)
	for i, f := range files {
		if filepath.Base(f) != name {
			continue
		}
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		require.Equal(t, 1, bytes.Count(src, []byte(old)), "the break's anchor in %s", name)
		p := filepath.Join(t.TempDir(), name)
		require.NoError(t, os.WriteFile(p, bytes.Replace(src, []byte(old), []byte(new), 1), 0o644))
		out[i] = p
		return out
	}
	t.Fatalf("%s is not among %v", name, files)
	return nil
}

// TestDPITestbenchArbiter: verilog/tb/dpi/tb_dpi_rr_arbiter.sv on
// Verilator with the library linked matches the project's rr_arbiter for
// every compared cycle, and fails, naming the cycle and the signal, on a
// copy whose pointer moves to the winner instead of past it.
func TestDPITestbenchArbiter(t *testing.T) {
	needTool(t, "verilator")
	lib := goldenLib(t)
	files := projectFiles(t, "arbiter")
	params := map[string]string{"N": "16", "CYCLES": "20000"}
	t.Run("project", func(t *testing.T) {
		t.Parallel()
		out, code := runTB(t, dpiTB(t, lib, "tb_dpi_rr_arbiter.sv", "tb_dpi_rr_arbiter", files, params))
		t.Log(out)
		require.Equal(t, 0, code, out)
		assert.Regexp(t, `(?m)^MATCH arbiter \[[^]]+\] \(your DUT: rr_arbiter, dpi scoreboard\): 20000 cycles compared \(20001 run\) on 2 outputs, coverage 5/5 hit`, out)
	})
	t.Run("broken", func(t *testing.T) {
		t.Parallel()
		broken := brokenCopy(t, files, "rr_arbiter.sv", "ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);", "ptr_d = gnt_idx_o;")
		out, code := runTB(t, dpiTB(t, lib, "tb_dpi_rr_arbiter.sv", "tb_dpi_rr_arbiter", broken, params))
		t.Log(out)
		require.Equal(t, 1, code, out)
		re := regexp.MustCompile(`(?m)^MISMATCH arbiter \[[^]]+\] \(your DUT: rr_arbiter, dpi scoreboard\): cycle (\d+): gnt_idx_o go=[0-9a-f] rtl=[0-9a-f] after \d+ cycles`)
		assert.Regexp(t, re, out)
		assert.Regexp(t, `(?m)^  c=\d+ rst_ni=1 req_i=[0-9a-f]{4} ack_i=1 \| go gnt_valid_o=1 gnt_idx_o=[0-9a-f] \| rtl gnt_valid_o=1 gnt_idx_o=[0-9a-f]\*$`, out)
	})
}

// generatedTB writes the generated testbench of block at params and
// builds it with files as the DUT's Verilog.
func generatedTB(t testing.TB, lib, block string, params map[string]int, files []string, cycles int, extra ...string) string {
	t.Helper()
	m, err := New(block, params)
	require.NoError(t, err)
	dpiDir := filepath.Join(repoRoot(t), "verilog", "tb", "dpi")
	name := "tb_dpi_" + m.Block.Module + ".sv"
	f := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(f, m.Testbench(TBOptions{Cycles: cycles}), 0o644))
	// dpiTB looks the testbench up in verilog/tb/dpi: give it the path.
	rel, err := filepath.Rel(dpiDir, f)
	require.NoError(t, err)
	return dpiTB(t, lib, rel, "tb_dpi_"+m.Block.Module, files, nil, extra...)
}

// TestDPIGeneratedTestbenches: the registry-generated testbenches of the
// arbiter and the traffic manager, driven by the registry's stimulus
// through the library, match the project's Verilog and name the cycle and
// signal on broken copies with the arbiter's winner-pointer break (inside
// the TM for the second; the co-simulator's catalogue break). occamy
// cosim's lock-step run of the same broken copy at the same seed reports
// the same first mismatch, text for text.
func TestDPIGeneratedTestbenches(t *testing.T) {
	needTool(t, "verilator")
	lib := goldenLib(t)
	cases := []struct {
		name, block string
		params      map[string]int
		file        string
		old, new    string
		signal      string
	}{
		{"arbiter", "arbiter", map[string]int{"N": 16}, "rr_arbiter.sv",
			"ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);", "ptr_d = gnt_idx_o;", "gnt_idx_o"},
	}
	// The traffic manager, once registered (its sources hold rr_arbiter.sv,
	// its head-drop arbiter): at its small set, with the same break.
	if _, err := blocks.Lookup("tm"); err == nil {
		cases = append(cases, struct {
			name, block string
			params      map[string]int
			file        string
			old, new    string
			signal      string
		}{"tm", "tm", mustBlock(t, "tm").Small, "rr_arbiter.sv",
			"ptr_d = (gnt_idx_o == IW'(N - 1)) ? '0 : gnt_idx_o + IW'(1);", "ptr_d = gnt_idx_o;", `\w+`})
	}
	for _, tc := range cases {
		tc := tc
		files := projectFiles(t, tc.block)
		m, err := New(tc.block, tc.params)
		require.NoError(t, err)
		head := regexp.QuoteMeta(fmt.Sprintf("%s [%s] (%s: %s, dpi scoreboard): ", m.Block.Name, runner.SetOf(m.Block.Name, m.Params), DPIDesign, m.Block.Module))
		t.Run(tc.name+"/project", func(t *testing.T) {
			t.Parallel()
			out, code := runTB(t, generatedTB(t, lib, tc.block, tc.params, files, 20000))
			t.Log(out)
			require.Equal(t, 0, code, out)
			assert.Regexp(t, `(?m)^MATCH `+head+`20000 cycles compared \(20001 run\) on \d+ outputs`, out)
		})
		t.Run(tc.name+"/broken", func(t *testing.T) {
			t.Parallel()
			broken := brokenCopy(t, files, tc.file, tc.old, tc.new)
			out, code := runTB(t, generatedTB(t, lib, tc.block, tc.params, broken, 20000))
			t.Log(out)
			require.Equal(t, 1, code, out)
			re := regexp.MustCompile(`(?m)^MISMATCH ` + head + `(cycle \d+: ` + tc.signal + ` go=[0-9a-f]+ rtl=[0-9a-f]+.*) after \d+ cycles`)
			got := re.FindStringSubmatch(out)
			require.NotNil(t, got, out)
			// The same run through occamy cosim's runner (lock-step, same
			// stimulus and seed) finds the same first mismatch, word for
			// word.
			res, err := runner.Run(context.Background(), runner.Options{Block: tc.block, Params: tc.params, RTL: broken,
				Sim: runner.Verilator, Cycles: 20001, Seed: 1})
			require.NoError(t, err)
			require.NotNil(t, res.Mismatch, res.Verdict())
			assert.Equal(t, res.Mismatch.Short(), got[1], "DPI scoreboard against occamy cosim lock-step")
		})
	}
}

func mustBlock(t testing.TB, name string) *blocks.Block {
	t.Helper()
	b, err := blocks.Lookup(name)
	require.NoError(t, err)
	return b
}
