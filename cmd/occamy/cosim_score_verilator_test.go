//go:build verilator

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/cosim/alttm"
)

// TestScoreboardCLI: occamy cosim --check scoreboard on alt_tm through its
// map: exit 0 and PASS; a broken copy: exit 1, the check named, the first
// violations listed and the VCD window written; --json is one document.
func TestScoreboardCLI(t *testing.T) {
	cosimEnv(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	m := alttm.MapPath(root)
	out, errText, code := runCLI(t, "cosim", "--check", "scoreboard", "--map", m, "--cycles", "5000", "--no-steady")
	require.Equal(t, 0, code, errText+out)
	assert.Regexp(t, `(?m)^PASS: \d+ cycles, \d+ events checked; `, out)
	assert.Contains(t, out, "steady state: not checked: no steady-state phase in this run")
	assert.Contains(t, out, "lock-step against hw/tm (not a check: packet events cycle for cycle): first difference: cycle")

	var bug alttm.Bug
	for _, b := range alttm.Bugs() {
		if b.ID == "bug-sel-ge" {
			bug = b
		}
	}
	p, err := alttm.WriteBroken(root, t.TempDir(), bug)
	require.NoError(t, err)
	srcs, err := alttm.Sources()
	require.NoError(t, err)
	vcdDir := t.TempDir()
	out, errText, code = runCLI(t, "cosim", "--check", "scoreboard", "--map", m, "--cycles", "5000", "--no-steady", "--vcd", vcdDir,
		"--rtl", p, "--rtl", filepath.Join(root, srcs[0]), "--rtl", filepath.Join(root, srcs[1]))
	require.Equal(t, 1, code, errText+out)
	assert.Contains(t, errText, "the scoreboard found violations of [policy]")
	assert.Regexp(t, `(?m)^  first violations \(of \d+\):\n    cycle \d+: policy, queue \d+: a head drop of a queue not over its threshold`, out)
	_, err = os.Stat(filepath.Join(vcdDir, alttm.AdapterModule+".scoreboard.vcd"))
	assert.NoError(t, err)

	out, errText, code = runCLI(t, "cosim", "--check", "scoreboard", "--map", m, "--cycles", "3000", "--no-steady", "--json")
	require.Equal(t, 0, code, errText)
	assert.Regexp(t, `^\{\n  "name": `, out)
	assert.Contains(t, out, `"verdict": "PASS"`)
}

// TestScoreboardOwnTMCLI: occamy cosim --block tm --check scoreboard with
// no --map checks the project's occamy_tm through its own map (it used to
// stop at "--check scoreboard is ... not a mode of this run": the design
// file's flags read the scoreboard's --check as a block-level one).
func TestScoreboardOwnTMCLI(t *testing.T) {
	cosimEnv(t)
	out, errText, code := runCLI(t, "cosim", "--block", "tm", "--check", "scoreboard", "--cycles", "3000", "--no-steady", "--no-wave")
	require.Equal(t, 0, code, "%s\n%s", out, errText)
	assert.Regexp(t, `(?m)^scoreboard occamy_tm \(verilator, `, out)
	assert.Regexp(t, `(?m)^PASS: \d+ cycles, \d+ events checked; `, out)
}
