//go:build verilator

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/blocks"
	_ "occamy/testbench/blocks/all"
)

// brokenSRAM is a copy of sram_mp with mutant id applied and its shadow
// checks off (a user's design has none: the property must say it).
func brokenSRAM(t *testing.T, id string) string {
	t.Helper()
	b, err := blocks.Lookup("sram")
	require.NoError(t, err)
	src, err := os.ReadFile("../../verilog/sram_mp.sv")
	require.NoError(t, err)
	text := string(src)
	for _, m := range b.Checks.Mutants {
		if m.ID == id {
			require.Equal(t, 1, strings.Count(text, m.Anchor), id)
			text = strings.Replace(text, m.Anchor, m.Replace, 1)
		}
	}
	require.NotEqual(t, string(src), text, "no mutant %s", id)
	const on = "end else if (rst_seen) begin"
	require.Equal(t, 1, strings.Count(text, on))
	text = strings.Replace(text, on, "end else if (1'b0) begin", 1)
	path := filepath.Join(t.TempDir(), "sram_mp.sv")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// TestProveMemoryProperties: prove --properties on the memory blocks. The
// SRAM's monitor proves its two properties of sram_mp at a small set and
// gives a counterexample for each on a broken copy; the other memory
// blocks have no monitor and are refused by name with the reason (exit 2).
func TestProveMemoryProperties(t *testing.T) {
	cosimEnv(t)
	needProveTools(t)
	small := []string{"--param", "DEPTH=8,WIDTH=4,RP=2,WP=2,LAT=1", "--properties"}
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"sram holds", append([]string{"prove", "--block", "sram", "--rtl", "../../verilog/sram_mp.sv"}, small...), 0,
			"PROVEN sram (sram_mp, DEPTH=8 WIDTH=4 RP=2 WP=2 LAT=1): 2 properties (read_valid, read_last_write) hold"},
		{"sram one write port", append([]string{"prove", "--block", "sram", "--rtl", brokenSRAM(t, "sram-one-write-port")}, small...), 1,
			"VIOLATED sram (sram_mp, DEPTH=8 WIDTH=4 RP=2 WP=2 LAT=1): read_last_write fails at cycle "},
		{"sram reset keeps pipe", append([]string{"prove", "--block", "sram", "--rtl", brokenSRAM(t, "sram-reset-keeps-pipe")}, small...), 1,
			"VIOLATED sram (sram_mp, DEPTH=8 WIDTH=4 RP=2 WP=2 LAT=1): read_valid fails at cycle "},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errText, code := runCLI(t, c.args...)
			require.Equal(t, c.code, code, "%s\n%s", out, errText)
			assert.True(t, strings.HasPrefix(firstLine(out), c.want), "verdict line:\n%s\nwant it to start:\n%s", firstLine(out), c.want)
		})
	}
	for _, c := range []struct{ block, rtl, why string }{
		{"freelist", "free_list.sv", "every cell"},
		{"pdlists", "pd_lists.sv", "every queue's PDs"},
		{"cpsublists", "cp_sublists.sv", "a whole packet's cells"},
	} {
		out, errText, code := runCLI(t, "prove", "--block", c.block, "--rtl", "../../verilog/"+c.rtl, "--rtl", "../../verilog/sram_mp.sv", "--properties")
		require.Equal(t, 2, code, "%s: %s%s", c.block, out, errText)
		assert.Contains(t, errText, "prove has no monitor of "+c.block+"'s properties: its properties follow "+c.why, c.block)
		assert.Contains(t, errText, "occamy cosim --check properties checks them", c.block)
	}
}
