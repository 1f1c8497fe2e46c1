package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScoreboardBadFlags: what keeps --check scoreboard from starting is
// one line and exit 2, nothing on stdout.
func TestScoreboardBadFlags(t *testing.T) {
	arb := writeFile(t, "arb.yaml", "block: arbiter\n")
	noMap := writeFile(t, "tm.yaml", "block: tm\ntm:\n  shape: {ports: 0}\n")
	for _, x := range []struct {
		args []string
		want string
	}{
		{[]string{"cosim", "--block", "tm", "--check", "bogus"}, `--check "bogus": want equivalence, properties or scoreboard`},
		{[]string{"cosim", "--block", "all", "--check", "scoreboard"}, "checks one traffic manager"},
		{[]string{"cosim", "--block", "tm", "--check", "scoreboard", "--latency", "eg_valid_o=2"}, "declarations (--latency, --tie"},
		{[]string{"cosim", "--check", "scoreboard", "--map", arb}, "a map for block arbiter"},
		{[]string{"cosim", "--block", "tm", "--check", "equivalence", "--map", noMap}, "has a tm: section, which only --check scoreboard reads"},
		{[]string{"cosim", "--check", "scoreboard", "--map", noMap, "--sim", "icarus"}, "tm.shape.ports: 0 out of range"},
		{[]string{"cosim", "--check", "scoreboard", "--map", "/nonexistent/x.yaml"}, "x.yaml"},
	} {
		out, errText, code := runCLI(t, x.args...)
		assert.Equal(t, 2, code, "%v: %s", x.args, errText)
		assert.Empty(t, out, "%v", x.args)
		assert.Contains(t, errText, x.want, "%v", x.args)
	}
}

// TestScoreboardHelp: occamy cosim --help says what --check scoreboard
// does and shows the example map.
func TestScoreboardHelp(t *testing.T) {
	out, _, code := runCLI(t, "cosim", "--help")
	require.Equal(t, 0, code)
	for _, s := range []string{"--check scoreboard", "--map", "alt_tm.yaml", "--no-steady"} {
		assert.Contains(t, out, s)
	}
}
