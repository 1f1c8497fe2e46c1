package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/packaging"
	"occamy/testbench/blocks"
)

// TestBlocksJSON: --json lists every registry block with its module,
// sources, parameters, ports and coverpoints.
func TestBlocksJSON(t *testing.T) {
	out, errText, code := runCLI(t, "blocks", "--json")
	require.Equal(t, 0, code, errText)
	var ds []blocks.Description
	require.NoError(t, json.Unmarshal([]byte(out), &ds))
	require.Len(t, ds, len(blocks.All()))
	byName := map[string]blocks.Description{}
	for _, d := range ds {
		byName[d.Name] = d
		assert.NotEmpty(t, d.Sources, d.Name)
		assert.NotEmpty(t, d.Ports, d.Name)
		if b, err := blocks.Lookup(d.Name); err == nil && b.Parent == "" {
			assert.NotEmpty(t, d.Coverpoints, d.Name) // a sub-block may add none to its parent's
		}
	}
	fl := byName["freelist"]
	assert.Equal(t, "free_list", fl.Module)
	assert.Equal(t, []string{"verilog/free_list.sv", "verilog/sram_mp.sv"}, fl.Sources)
	assert.Equal(t, map[string]int{"CELLS": 13, "K": 2, "LAT": 1}, fl.Small)
	assert.Equal(t, []string{"traffic-manager"}, byName["tm"].Aliases)
	assert.Equal(t, "tm", byName["tm_sched"].Parent, "a sub-block names its parent")
	assert.Empty(t, byName["tm"].Parent)
}

// TestBlocksTSV: one line per block, six tab-separated fields, as
// verilog/scripts/blocks.sh reads them.
func TestBlocksTSV(t *testing.T) {
	out, errText, code := runCLI(t, "blocks", "--tsv", "selector", "sram")
	require.Equal(t, 0, code, errText)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	f := strings.Split(lines[0], "\t")
	require.Len(t, f, 6)
	assert.Equal(t, []string{"selector", "hd_selector"}, f[:2])
	assert.Equal(t, "N=64 QW=16", f[3])
	assert.Equal(t, "DEPTH:1:16777216 WIDTH:1:64 RP:1:64 WP:1:64 LAT:1:16", strings.Split(lines[1], "\t")[5])
}

// TestBlocksBadInput: unknown blocks and bad flags are exit 2 with one
// line; --validate prints the model's message and exits 1 on a bad value.
func TestBlocksBadInput(t *testing.T) {
	_, errText, code := runCLI(t, "blocks", "mux")
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, `unknown block "mux"`)
	_, _, code = runCLI(t, "blocks", "--json", "--tsv")
	assert.Equal(t, 2, code)
	_, errText, code = runCLI(t, "blocks", "freelist", "--validate", "K")
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, "not NAME=INTEGER")
	out, _, code := runCLI(t, "blocks", "freelist", "--validate", "K=3")
	assert.Equal(t, 1, code)
	assert.Equal(t, "free_list: parameter K=3 out of range, allowed 1..8 (1, 2, 4 or 8)\n", out)
	out, _, code = runCLI(t, "blocks", "freelist", "--validate", "K=2,CELLS=64")
	assert.Equal(t, 0, code)
	assert.Empty(t, out)
}

// TestBlocksValidate: --validate takes each parameter once. Before, a
// parameter given twice was taken at its last value: N=300,N=8 exited 0.
func TestBlocksValidate(t *testing.T) {
	for _, c := range []struct {
		list        string
		code        int
		out, errOut string
	}{
		{"N=300,N=8", 2, "", "blocks: --validate: N given twice"},
		{"N=8,N=8", 2, "", "blocks: --validate: N given twice"},
		{"N=8, N=300", 2, "", "N given twice"},
		{"N=300", 1, "rr_arbiter: parameter N=300 out of range, allowed 1..256\n", "parameters rejected"},
		{"N=8", 0, "", ""},
	} {
		t.Run(c.list, func(t *testing.T) {
			out, errText, code := runCLI(t, "blocks", "arbiter", "--validate", c.list)
			assert.Equal(t, c.code, code, "%s%s", out, errText)
			assert.Equal(t, c.out, out)
			assert.Contains(t, errText, c.errOut)
		})
	}
}

// TestBlocksPackage: --package writes every file list and core under a
// repository root (what make filelists commits), and refuses a directory
// that is not one, or other flags, with exit 2.
func TestBlocksPackage(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "verilog", "tb"), 0o755))
	out, errText, code := runCLI(t, "blocks", "--package", root)
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, fmt.Sprintf("wrote %d files under verilog/filelists and verilog/cores", 2*len(blocks.All())))
	require.NoError(t, packaging.Check(root))
	_, errText, code = runCLI(t, "blocks", "--package", t.TempDir())
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, "not the repository root (no verilog/ directory)")
	_, errText, code = runCLI(t, "blocks", "arbiter", "--package", root)
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, "takes no block names or other flags")
}

// TestBlocksDPITestbench: --dpi-tb writes the registry-generated DPI
// testbench of one block at the given parameters; a bad parameter is the
// model's message with exit 2.
func TestBlocksDPITestbench(t *testing.T) {
	f := filepath.Join(t.TempDir(), "tb.sv")
	out, errText, code := runCLI(t, "blocks", "arbiter", "--dpi-tb", f, "--param", "N=16")
	require.Equal(t, 0, code, errText)
	assert.Contains(t, out, "wrote "+f+": module tb_dpi_rr_arbiter (arbiter N=16)")
	b, err := os.ReadFile(f)
	require.NoError(t, err)
	assert.Contains(t, string(b), "module tb_dpi_rr_arbiter #(")
	assert.Contains(t, string(b), `h = occamy_golden_new("arbiter", "N=16");`)
	_, errText, code = runCLI(t, "blocks", "arbiter", "--dpi-tb", f, "--param", "N=0")
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, "parameter N=0 out of range, allowed 1..256")
	_, errText, code = runCLI(t, "blocks", "--dpi-tb", f)
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, "exactly one block")
}
