//go:build verilator

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProveReplayOutput: a counterexample's replay is printed as occamy
// cosim prints a run (verdict line, trace with "*" on the differing value,
// the VCDs written), exit 1.
func TestProveReplayOutput(t *testing.T) {
	needProveTools(t)
	dir := t.TempDir()
	out, errText, code := runCLI(t, "prove", "--block", "arbiter", "--rtl", byoDir+"my_rr_arbiter_wrapjump.sv",
		"--param", "N=4", "--vcd", dir)
	require.Equal(t, 1, code, errText)
	assert.Contains(t, out, "COUNTEREXAMPLE arbiter (my_round_robin vs reference, N=4): outputs differ at cycle 3")
	assert.Contains(t, out, "  replay: MISMATCH arbiter [N=4] (your my_rr_arbiter_wrapjump.sv: my_round_robin, verilator lock-step): cycle 3: gnt_idx_o go=")
	var starred bool
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "  c=3 ") && strings.HasSuffix(l, "*") {
			starred = true
		}
	}
	assert.True(t, starred, "the trace marks the differing value at cycle 3:\n%s", out)
	assert.Contains(t, out, "wrote "+filepath.Join(dir, "arbiter.go.vcd"))
	assert.Contains(t, out, "wrote "+filepath.Join(dir, "arbiter.verilator.vcd"))
}
