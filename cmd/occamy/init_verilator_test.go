//go:build verilator

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// makeCommands are the occamy commands `make check` runs in dir, as make
// expands them (make -n), with the stub named by its absolute path.
func makeCommands(t *testing.T, dir, rtl string) [][]string {
	t.Helper()
	out, err := exec.Command("make", "-n", "-C", dir, "check", "OCCAMY=occamy", "RTL="+rtl).CombinedOutput()
	require.NoError(t, err, string(out))
	var cmds [][]string
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "occamy" {
			cmds = append(cmds, f[1:])
		}
	}
	return cmds
}

// TestInitStarterCheck: occamy init writes the arbiter's starter; its
// check (cosim, then prove at the small set) fails on the stub as written
// and passes once the project's reference is copied into the stub.
func TestInitStarterCheck(t *testing.T) {
	cosimEnv(t)
	for _, tool := range []string{"make", "yosys", "yosys-abc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	dir := filepath.Join(t.TempDir(), "mine")
	out, errText, code := runCLI(t, "init", "--block", "arbiter", dir)
	require.Equal(t, 0, code, errText)
	stub := filepath.Join(dir, "rr_arbiter.sv")
	assert.Equal(t, "wrote "+stub+"\nwrote "+filepath.Join(dir, "Makefile")+"\nwrote "+filepath.Join(dir, "README.md")+
		"\nnext: fill in "+stub+", then make -C "+dir+" check\n", out)
	cmds := makeCommands(t, dir, stub)
	require.Len(t, cmds, 2, "cosim and prove")
	assert.Equal(t, []string{"cosim", "--block", "arbiter", "--rtl", stub}, cmds[0])
	assert.Equal(t, []string{"prove", "--block", "arbiter", "--rtl", stub, "--param", "N=5"}, cmds[1])

	out, _, code = runCLI(t, cmds[0]...)
	assert.Equal(t, 1, code, "the stub as written fails: %s", out)
	assert.Contains(t, out, "MISMATCH arbiter [defaults] (your rr_arbiter.sv: rr_arbiter, verilator lock-step): cycle 1: gnt_valid_o go=1 rtl=0")

	ref, err := os.ReadFile("../../verilog/rr_arbiter.sv")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(stub, ref, 0o644))
	out, errText, code = runCLI(t, cmds[0]...)
	require.Equal(t, 0, code, "cosim on the reference copied in: %s %s", out, errText)
	assert.True(t, strings.HasPrefix(out, "MATCH arbiter [defaults] (your rr_arbiter.sv: rr_arbiter, verilator lock-step)"), out)
	out, errText, code = runCLI(t, cmds[1]...)
	require.Equal(t, 0, code, "prove on the reference copied in: %s %s", out, errText)
	assert.True(t, strings.HasPrefix(out, "PROVEN arbiter (rr_arbiter vs reference, N=5)"), out)

	_, errText, code = runCLI(t, "init", "--block", "arbiter", dir)
	assert.Equal(t, 2, code)
	assert.Equal(t, "init: "+dir+" already holds Makefile, README.md, rr_arbiter.sv: give a new or empty directory", errText)
	_, errText, code = runCLI(t, "init", "--block", "nope", dir+"2")
	assert.Equal(t, 2, code)
	assert.Contains(t, errText, `init: unknown block "nope"`)
	assert.NoDirExists(t, dir+"2")
}
