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

// broken is a copy of a memory block's Verilog with the face's mutant id
// applied and its shadow checks off (a user's design has none: the
// property must say it).
func broken(t *testing.T, block, id string) string {
	t.Helper()
	b, err := blocks.Lookup(block)
	require.NoError(t, err)
	var m *blocks.Mutant
	for i := range b.Checks.Mutants {
		if b.Checks.Mutants[i].ID == id {
			m = &b.Checks.Mutants[i]
		}
	}
	require.NotNil(t, m, "%s has no mutant %s", block, id)
	src, err := os.ReadFile(filepath.Join("../../verilog", m.File))
	require.NoError(t, err)
	text := string(src)
	require.Equal(t, 1, strings.Count(text, m.Anchor), id)
	text = strings.Replace(text, m.Anchor, m.Replace, 1)
	const on = "end else if (rst_seen) begin"
	require.Equal(t, 1, strings.Count(text, on))
	text = strings.Replace(text, on, "end else if (1'b0) begin", 1)
	path := filepath.Join(t.TempDir(), m.File)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// TestProveMemoryProperties: prove --properties on the memory blocks, at
// small sets (seconds each). Each block's monitor proves its properties of
// the reference, and each property, proven alone (--property), has a
// counterexample on a deliberately broken copy (the face's mutant named
// in the case).
func TestProveMemoryProperties(t *testing.T) {
	cosimEnv(t)
	needProveTools(t)
	const sramSet = "DEPTH=8,WIDTH=4,RP=2,WP=2,LAT=1"
	sets := map[string]string{
		"sram":       sramSet,
		"freelist":   "CELLS=2,K=1,LAT=2",
		"pdlists":    "N=2,P=2,LAT=2,LW=1,DW=1",
		"cpsublists": "CELLS=8,K=2,LAT=2,MAXN=4",
	}
	files := map[string]string{"freelist": "free_list.sv", "pdlists": "pd_lists.sv", "cpsublists": "cp_sublists.sv"}
	for _, c := range []struct {
		name, block, mutant, property, set string
		code                               int
		want                               string
	}{
		{"sram holds", "sram", "", "", "", 0,
			"PROVEN sram (sram_mp, DEPTH=8 WIDTH=4 RP=2 WP=2 LAT=1): 2 properties (read_valid, read_last_write) hold"},
		{"sram one write port", "sram", "sram-one-write-port", "", "", 1,
			"VIOLATED sram (sram_mp, DEPTH=8 WIDTH=4 RP=2 WP=2 LAT=1): read_last_write fails at cycle "},
		{"sram reset keeps pipe", "sram", "sram-reset-keeps-pipe", "", "", 1,
			"VIOLATED sram (sram_mp, DEPTH=8 WIDTH=4 RP=2 WP=2 LAT=1): read_valid fails at cycle "},

		{"freelist holds", "freelist", "", "", "", 0,
			"PROVEN freelist (free_list, CELLS=2 K=1 LAT=2): 2 properties (no_double_pop, count_conserved) hold"},
		{"freelist holds, two banks", "freelist", "", "", "CELLS=4,K=2,LAT=1", 0,
			"PROVEN freelist (free_list, CELLS=4 K=2 LAT=1): 2 properties (no_double_pop, count_conserved) hold"},
		{"freelist pop before the new head is known", "freelist", "fl-no-wait", "no_double_pop", "", 1,
			"VIOLATED freelist (free_list, CELLS=2 K=1 LAT=2): no_double_pop fails at cycle "},
		{"freelist chain counts one", "freelist", "fl-chain-counts-one", "count_conserved", "", 1,
			"VIOLATED freelist (free_list, CELLS=2 K=1 LAT=2): count_conserved fails at cycle "},

		{"pdlists holds", "pdlists", "", "", "", 0,
			"PROVEN pdlists (pd_lists, N=2 P=2 LAT=2 LW=1 DW=1): 3 properties (pd_unique, in_order, count_conserved) hold"},
		{"pdlists unforwarded link", "pdlists", "pd-no-forward", "pd_unique", "", 1,
			"VIOLATED pdlists (pd_lists, N=2 P=2 LAT=2 LW=1 DW=1): pd_unique fails at cycle "},
		{"pdlists read while busy", "pdlists", "pd-read-while-busy", "in_order", "", 1,
			"VIOLATED pdlists (pd_lists, N=2 P=2 LAT=2 LW=1 DW=1): in_order fails at cycle "},
		{"pdlists link sees the old count", "pdlists", "pd-link-old-count", "count_conserved", "", 1,
			"VIOLATED pdlists (pd_lists, N=2 P=2 LAT=2 LW=1 DW=1): count_conserved fails at cycle "},

		{"cpsublists holds", "cpsublists", "", "", "", 0,
			"PROVEN cpsublists (cp_sublists, CELLS=8 K=2 LAT=2 MAXN=4): 3 properties (each_cell_once, in_order, one_chase) hold"},
		{"cpsublists last early", "cpsublists", "cp-last-early", "each_cell_once", "", 1,
			"VIOLATED cpsublists (cp_sublists, CELLS=8 K=2 LAT=2 MAXN=4): each_cell_once fails at cycle "},
		{"cpsublists read past the end", "cpsublists", "cp-read-past-end", "in_order", "", 1,
			"VIOLATED cpsublists (cp_sublists, CELLS=8 K=2 LAT=2 MAXN=4): in_order fails at cycle "},
		{"cpsublists start while busy", "cpsublists", "cp-start-while-busy", "one_chase", "", 1,
			"VIOLATED cpsublists (cp_sublists, CELLS=8 K=2 LAT=2 MAXN=4): one_chase fails at cycle "},
		{"cpsublists holds below the default MAXN", "cpsublists", "", "", "CELLS=4,K=2,LAT=1,MAXN=3", 0,
			"PROVEN cpsublists (cp_sublists, CELLS=4 K=2 LAT=1 MAXN=3): 3 properties (each_cell_once, in_order, one_chase) hold"},
		{"cpsublists one property holds", "cpsublists", "", "one_chase", "", 0,
			"PROVEN cpsublists (cp_sublists, CELLS=8 K=2 LAT=2 MAXN=4): 1 property (one_chase) holds"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rtl := []string{"--rtl", "../../verilog/sram_mp.sv"}
			switch {
			case c.mutant != "" && c.block == "sram":
				rtl = []string{"--rtl", broken(t, c.block, c.mutant)}
			case c.mutant != "":
				rtl = append([]string{"--rtl", broken(t, c.block, c.mutant)}, rtl...)
			case c.block != "sram":
				rtl = append([]string{"--rtl", "../../verilog/" + files[c.block]}, rtl...)
			}
			set := c.set
			if set == "" {
				set = sets[c.block]
			}
			args := append(append([]string{"prove", "--block", c.block}, rtl...), "--param", set, "--properties")
			if c.property != "" {
				args = append(args, "--property", c.property)
			}
			out, errText, code := runCLI(t, args...)
			require.Equal(t, c.code, code, "%s\n%s", out, errText)
			assert.True(t, strings.HasPrefix(firstLine(out), c.want), "verdict line:\n%s\nwant it to start:\n%s", firstLine(out), c.want)
		})
	}
	// One property by a name the block does not have, or without
	// --properties: a setup error naming the block's properties.
	rtl := []string{"--rtl", "../../verilog/cp_sublists.sv", "--rtl", "../../verilog/sram_mp.sv", "--param", sets["cpsublists"]}
	_, errText, code := runCLI(t, append(append([]string{"prove", "--block", "cpsublists"}, rtl...), "--properties", "--property", "one_chose")...)
	require.Equal(t, 2, code, errText)
	assert.Contains(t, errText, "--property one_chose: cpsublists's properties are each_cell_once, in_order, one_chase")
	_, errText, code = runCLI(t, append(append([]string{"prove", "--block", "cpsublists"}, rtl...), "--property", "one_chase")...)
	require.Equal(t, 2, code, errText)
	assert.Contains(t, errText, "--property one_chase: one property is proven with --properties on a design")
	// A module the given files instantiate and none declares (free_list's
	// sram_mp): a setup error naming it and the project's file, not
	// "Yosys cannot read" (occamy cosim finds it by Verilator's library
	// search; prove reads only what it is given).
	_, errText, code = runCLI(t, "prove", "--block", "freelist", "--rtl", "../../verilog/free_list.sv", "--param", sets["freelist"], "--properties")
	require.Equal(t, 2, code, errText)
	assert.Contains(t, errText, "module sram_mp, instantiated in ../../verilog/free_list.sv, is declared in none of them: give its file too")
	assert.Contains(t, errText, "the project's is verilog/sram_mp.sv")
}
