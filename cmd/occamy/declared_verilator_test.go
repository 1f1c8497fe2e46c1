//go:build verilator

package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// declDir holds the test designs that are not clones of the reference
// (docs/cosim.md, "Your design differs from the reference").
const declDir = "../../cosim/testdata/declared/"

// firstLine is the verdict line of an output.
func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

// TestDeclaredDemonstrations are the four demonstrations of issue 25 as
// docs/cosim.md shows them, each with its verdict and exit code, on
// Verilator, Icarus and prove.
func TestDeclaredDemonstrations(t *testing.T) {
	cosimEnv(t)
	needProveTools(t)
	grp := []string{"--block", "arbiter", "--rtl", declDir + "rr_arb_grp.sv", "--param", "N=8",
		"--tie", "ack_i=1", "--latency", "gnt_valid_o=1", "--latency", "gnt_idx_o=1"}
	tree := []string{"--block", "arbiter", "--rtl", declDir + "rr_arb_tree.sv", "--param", "N=8"}
	for _, c := range []struct {
		name string
		args []string
		code int
		want string // the verdict line's start
	}{
		// 1. A registered grant, no ack: MATCH as declared, PROVEN.
		{"registered arbiter, verilator", []string{"cosim", "--map", declDir + "rr_arb_reg.yaml", "--cycles", "20000"}, 0,
			"MATCH arbiter [N=8] (your rr_arb_reg.sv: rr_arb_reg, verilator lock-step): "},
		{"registered arbiter, icarus", []string{"cosim", "--map", declDir + "rr_arb_reg.yaml", "--sim", "icarus", "--cycles", "2000"}, 0,
			"MATCH arbiter [N=8] (your rr_arb_reg.sv: rr_arb_reg, icarus outputs read back each cycle): "},
		{"registered arbiter, prove", []string{"prove", "--map", declDir + "rr_arb_reg.yaml"}, 0,
			"PROVEN arbiter (rr_arb_reg vs reference, N=8, as declared: tie ack_i=1, latency gnt_idx_o=1, latency gnt_valid_o=1, dont-care gnt_idx_o:gnt_valid_o): outputs equal"},
		{"registered arbiter at latency 0, prove", []string{"prove", "--map", declDir + "rr_arb_reg.yaml", "--latency", "gnt_valid_o=0", "--no-replay"}, 1,
			"COUNTEREXAMPLE arbiter (rr_arb_reg vs reference, "},
		// 2. A fair tree: differs from the reference, holds the properties.
		{"fair tree, equality", append([]string{"cosim", "--cycles", "20000"}, tree...), 1, "MISMATCH arbiter [N=8] (your rr_arb_tree.sv: rr_arb_tree, verilator lock-step): "},
		{"fair tree, properties", append([]string{"cosim", "--cycles", "20000", "--check", "properties"}, tree...), 0,
			"HOLDS arbiter [N=8] (your rr_arb_tree.sv: rr_arb_tree, verilator lock-step): 4 properties (grant_to_requester, index_in_range, work_conserving, wait_bound) in "},
		{"fair tree, properties, icarus", append([]string{"cosim", "--cycles", "2000", "--check", "properties", "--sim", "icarus"}, tree...), 0,
			"HOLDS arbiter [N=8] (your rr_arb_tree.sv: rr_arb_tree, icarus outputs read back each cycle): 5 properties "},
		{"fair tree, prove --properties", append([]string{"prove", "--properties"}, tree...), 0,
			"PROVEN arbiter (rr_arb_tree, N=8): 4 properties (grant_to_requester, index_in_range, work_conserving, wait_bound) hold"},
		// 3. A starving group rotation: the wait bound, and a counterexample.
		{"starving arbiter", append([]string{"cosim", "--cycles", "20000", "--check", "properties"}, grp...), 1,
			"VIOLATED arbiter [N=8] (your rr_arb_grp.sv: rr_arb_grp, verilator lock-step): wait_bound "},
		{"starving arbiter, icarus", append([]string{"cosim", "--cycles", "2000", "--check", "properties", "--sim", "icarus"}, grp...), 1,
			"VIOLATED arbiter [N=8] (your rr_arb_grp.sv: rr_arb_grp, icarus outputs read back each cycle): wait_bound "},
		{"starving arbiter, prove", append([]string{"prove", "--properties"}, grp...), 1,
			"VIOLATED arbiter (rr_arb_grp, N=8) as declared: tie ack_i=1, latency gnt_idx_o=1, latency gnt_valid_o=1: wait_bound fails at cycle 10 (a shortest counterexample: bmc3"},
		// 4. A combinational selector with one threshold, no wrapper.
		{"comb selector", []string{"cosim", "--map", declDir + "hd_sel_comb.yaml", "--cycles", "20000"}, 0,
			"MATCH selector [N=8 QW=8] (your hd_sel_comb.sv: hd_sel_comb, verilator lock-step): "},
		{"comb selector, icarus", []string{"cosim", "--map", declDir + "hd_sel_comb.yaml", "--cycles", "2000", "--sim", "icarus"}, 0,
			"MATCH selector [N=8 QW=8] (your hd_sel_comb.sv: hd_sel_comb, icarus outputs read back each cycle): "},
		{"comb selector, prove", []string{"prove", "--map", declDir + "hd_sel_comb.yaml"}, 0,
			"PROVEN selector (hd_sel_comb vs reference, N=8 QW=8, as declared: latency over_o=0, one-class): outputs equal"},
		// At the reference's latency a design needs the reference's clock.
		{"comb selector, the reference's latency", []string{"cosim", "--map", declDir + "hd_sel_comb.yaml", "--latency", "over_o=1", "--cycles", "20000"}, 2, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errText, code := runCLI(t, c.args...)
			require.Equal(t, c.code, code, "%s\n%s", out, errText)
			assert.True(t, strings.HasPrefix(firstLine(out), c.want), "verdict line:\n%s\nwant it to start:\n%s", firstLine(out), c.want)
		})
	}
}

// TestDeclaredSetupErrors: a design file or flag that does not fit the
// block is one line naming the file and line (or the flag), exit 2.
func TestDeclaredSetupErrors(t *testing.T) {
	cosimEnv(t)
	bad := writeFile(t, "bad.yaml", "block: arbiter\nlatency:\n  req_i: 1\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cosim", "--map", bad}, "bad.yaml:3: latency: req_i: arbiter has no output req_i (outputs: gnt_valid_o, gnt_idx_o)"},
		{[]string{"cosim", "--block", "arbiter", "--tie", "ack=1"}, "--tie: tie: ack: arbiter has no input ack (inputs: rst_ni, req_i, ack_i)"},
		{[]string{"cosim", "--block", "arbiter", "--check", "lint"}, `cosim: --check "lint": want equivalence, properties or scoreboard`},
		{[]string{"cosim", "--block", "all", "--check", "properties"}, "--block all checks the project's own Verilog as it is"},
		{[]string{"cosim", "--map", declDir + "missing.yaml"}, "missing.yaml: no such file or directory"},
	} {
		out, errText, code := runCLI(t, c.args...)
		require.Equal(t, 2, code, "%v: %s", c.args, errText)
		assert.Empty(t, out)
		assert.Contains(t, errText, c.want, "%v", c.args)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(errText), "\n")+1, "one line: %q", errText)
	}
}
