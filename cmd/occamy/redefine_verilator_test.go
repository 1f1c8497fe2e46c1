//go:build verilator

package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRedefinedModuleCLI: the project's rr_arbiter with a broken
// hd_selector in the same file is refused (exit 2, both declarations
// named, nothing on stdout) by cosim on Verilator and Icarus, with and
// without --replace, and by prove. Before: `cosim --block tm --replace
// arbiter` said MATCH on Verilator (the project's hd_selector ran, the
// broken one only drew a MODDUP note), Icarus failed in iverilog's words,
// `cosim --block arbiter` said MATCH and `prove --block arbiter` PROVEN
// without a word about the selector.
func TestRedefinedModuleCLI(t *testing.T) {
	cosimEnv(t)
	arb, err := os.ReadFile("../../verilog/rr_arbiter.sv")
	require.NoError(t, err)
	sel, err := os.ReadFile("../../verilog/hd_selector.sv")
	require.NoError(t, err)
	broken := strings.Replace(string(sel), "qlen_i[i*QS +: QS] > thr_i", "qlen_i[i*QS +: QS] < thr_i", 1)
	text := string(arb) + "\n" + broken
	f := writeFile(t, "arb_sel.sv", text)
	at := f + ":" + strconv.Itoa(strings.Count(text[:strings.Index(text, "module hd_selector")], "\n")+1)
	const tmSmall = "P=2,Q=2,B=48,K=2,QW=7,AW=3,MAXPKT=6,IN=3,TXWIN=4,SW=5"
	for _, c := range []struct {
		name, what string
		args       []string
	}{
		{"cosim replace verilator", "which this run compiles too", []string{"cosim", "--block", "tm", "--replace", "arbiter", "--rtl", f, "--param", tmSmall, "--cycles", "3000"}},
		{"cosim replace icarus", "which this run compiles too", []string{"cosim", "--block", "tm", "--replace", "arbiter", "--rtl", f, "--param", tmSmall, "--cycles", "300", "--sim", "icarus"}},
		{"cosim plain verilator", "which this run does not check", []string{"cosim", "--block", "arbiter", "--rtl", f, "--param", "N=8", "--cycles", "3000"}},
		{"cosim plain icarus", "which this run does not check", []string{"cosim", "--block", "arbiter", "--rtl", f, "--param", "N=8", "--cycles", "300", "--sim", "icarus"}},
		{"prove", "which this run does not check", []string{"prove", "--block", "arbiter", "--rtl", f, "--param", "N=8"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errText, code := runCLI(t, c.args...)
			require.Equal(t, 2, code, "%s%s", out, errText)
			assert.Empty(t, out)
			assert.Contains(t, errText, "your "+at+" redefines module hd_selector of the project's verilog/hd_selector.sv:23, "+c.what)
		})
	}
}
