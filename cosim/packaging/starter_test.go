package packaging

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
	"occamy/testbench/blocks"
)

// starterNames are the names occamy init takes: every block and each
// sub-module checked by its own name.
func starterNames() []string {
	names := blocks.Names()
	for _, s := range blocks.Standalones() {
		names = append(names, s.Name)
	}
	return names
}

// TestStarterStubsMeetContract: for every block (and the executor) the
// stub occamy init writes has the contract's ports: Icarus compiles it in
// place of the project's module and the run's contract check passes; its
// outputs are 0, so the run fails where the golden model's are not (the
// check that the filled-in stub must pass can fail).
func TestStarterStubsMeetContract(t *testing.T) {
	if _, err := exec.LookPath("iverilog"); err != nil {
		t.Skip("iverilog not installed")
	}
	root := "../.."
	for _, name := range starterNames() {
		t.Run(name, func(t *testing.T) {
			files, err := Starter(root, name)
			require.NoError(t, err)
			require.Len(t, files, 3)
			dir := t.TempDir()
			_, err = WriteStarter(dir, files)
			require.NoError(t, err)
			stub := filepath.Join(dir, files[0].Name)
			b, err := blocks.Lookup(name)
			if err != nil {
				b, _ = blocks.LookupStandalone(name)
			}
			params := map[string]int{}
			for k, v := range b.Small {
				params[k] = v
			}
			res, err := runner.Run(context.Background(), runner.Options{Block: name, Sim: runner.Icarus, RTL: []string{stub},
				Params: params, Cycles: 200, VerilogDir: root})
			require.NoError(t, err, "the stub meets the %s contract", name)
			assert.NotNil(t, res.Mismatch, "a stub driving 0 differs from the golden model: %s", res.Verdict())
		})
	}
}

// TestStarterFiles: the stub keeps the reference's header verbatim and
// drives each output; the Makefile runs cosim, and prove at the small set
// where prove takes the block; the README has three lines; files already
// in the directory are never replaced.
func TestStarterFiles(t *testing.T) {
	files, err := Starter("../..", "arbiter")
	require.NoError(t, err)
	byName := map[string]string{}
	for _, f := range files {
		byName[f.Name] = string(f.Data)
	}
	ref, err := os.ReadFile("../../verilog/rr_arbiter.sv")
	require.NoError(t, err)
	h, err := ModuleHeader(string(ref), "rr_arbiter")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(h, "module rr_arbiter #(") && strings.HasSuffix(h, "output logic [IW-1:0] gnt_idx_o\n);"), h)
	stub := byName["rr_arbiter.sv"]
	assert.Contains(t, stub, h)
	assert.Contains(t, stub, "  assign gnt_valid_o = '0;\n  assign gnt_idx_o   = '0;\n\nendmodule\n")
	mk := byName["Makefile"]
	assert.Contains(t, mk, "check: cosim prove\n")
	assert.Contains(t, mk, "\t$(OCCAMY) cosim --block arbiter --rtl $(RTL)\n")
	assert.Contains(t, mk, "\t$(OCCAMY) prove --block arbiter --rtl $(RTL) --param N=5\n")
	assert.Equal(t, 3, strings.Count(byName["README.md"], "\n"))

	tm, err := Starter("../..", "tm")
	require.NoError(t, err)
	assert.Contains(t, string(tm[1].Data), "check: cosim\n", "prove does not take the TM's run-time configuration")
	assert.NotContains(t, string(tm[1].Data), "prove --block")
	ex, err := Starter("../..", "executor")
	require.NoError(t, err)
	assert.Equal(t, "tm_hd_exec.sv", ex[0].Name)
	assert.Contains(t, string(ex[1].Data), "cosim --block executor --rtl $(RTL)")

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Makefile"), []byte("mine\n"), 0o644))
	_, err = WriteStarter(dir, files)
	require.EqualError(t, err, dir+" already holds Makefile: give a new or empty directory")
	b, _ := os.ReadFile(filepath.Join(dir, "Makefile"))
	assert.Equal(t, "mine\n", string(b), "never replaced")
	assert.NoFileExists(t, filepath.Join(dir, "rr_arbiter.sv"), "nothing written")
	_, err = Starter("../..", "nope")
	assert.True(t, err != nil && !errors.Is(err, os.ErrNotExist), "an unknown block: %v", err)
}

// TestModuleHeader: the header runs to the ";" that ends the port list,
// whatever the comments and parameter lists in it hold.
func TestModuleHeader(t *testing.T) {
	src := "module other_m (input a);\nendmodule\n// module m in a comment\nmodule m #(\n  parameter int N = 4 // width (a comment with ); in it)\n) (\n  input logic [N-1:0] a, /* ); */\n  output logic y\n);\n  assign y = ^a;\nendmodule\n"
	h, err := ModuleHeader(src, "m")
	require.NoError(t, err)
	assert.Equal(t, "module m #(\n  parameter int N = 4 // width (a comment with ); in it)\n) (\n  input logic [N-1:0] a, /* ); */\n  output logic y\n);", h)
	assert.Equal(t, []string{"y"}, headerOutputs(h))
	_, err = ModuleHeader(src, "x")
	assert.EqualError(t, err, "no module x")
	_, err = ModuleHeader("module m (input a", "m")
	assert.EqualError(t, err, "the header does not end")
}
