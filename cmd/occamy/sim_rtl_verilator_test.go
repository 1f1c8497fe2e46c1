//go:build verilator

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSimRTL runs occamy sim --rtl verilator end to end on a short incast:
// the JSON equals hw/tm's at the same MaxOffers, --compare prints cosim's
// MATCH line before the table, and --vcd writes the waveform and its
// save file.
func TestSimRTL(t *testing.T) {
	args := []string{"sim", "--scenario", "incast", "--bm", "occamy", "--cycles", "3000"}
	rtl, errText, code := runCLI(t, append(args, "--rtl", "verilator", "--json")...)
	require.Equal(t, 0, code, errText)
	gold, errText, code := runCLI(t, append(args, "--max-offers", "64", "--json")...)
	require.Equal(t, 0, code, errText)
	assert.Equal(t, gold, rtl, "RTL JSON against hw/tm's")

	out, errText, code := runCLI(t, append(args, "--rtl", "verilator", "--compare")...)
	require.Equal(t, 0, code, errText)
	assert.True(t, strings.HasPrefix(out, "compare incast (occamy): MATCH tm [IN=64] (project RTL occamy_tm, verilator lock-step): 3001 cycles compared"), out)
	assert.Contains(t, out, "scenario incast  bm=occamy")

	// The waveform on the small switch of cosim/tmsim's TestWaveParity
	// (its traced build).
	dir := t.TempDir()
	v := filepath.Join(dir, "run.vcd")
	out, errText, code = runCLI(t, "sim", "--scenario", "burst-absorption", "--bm", "occamy", "--cycles", "2000",
		"--param", "search=0", "--param", "burst_start=1500", "--param", "senders=8",
		"--ports", "2", "--queues", "2", "--buffer", "512", "--max-offers", "8", "--rtl", "verilator", "--vcd", v)
	require.Equal(t, 0, code, errText)
	assert.Regexp(t, "waveform "+regexp.QuoteMeta(v)+` opens on cycles \d+\.\.\d+ around the first head drop \(cycle \d+, queue \d+, \d+ cells; marker A\)\n`+
		"open with: gtkwave "+regexp.QuoteMeta(v+" "+filepath.Join(dir, "run.gtkw"))+"\n", out)
	for _, f := range []string{v, filepath.Join(dir, "run.gtkw")} {
		st, err := os.Stat(f)
		require.NoError(t, err)
		assert.Greater(t, st.Size(), int64(0), f)
	}
	left, err := filepath.Glob(filepath.Join(dir, "*.tmp"))
	require.NoError(t, err)
	assert.Empty(t, left, "temporary files left")
}

// TestSimRTLIcarusCompare: occamy sim --rtl icarus --compare on a short run
// of the small switch prints the Icarus co-simulation's MATCH line (what it
// compared) before the table the Icarus run derived.
func TestSimRTLIcarusCompare(t *testing.T) {
	out, errText, code := runCLI(t, "sim", "--scenario", "burst-absorption", "--bm", "occamy", "--cycles", "800",
		"--param", "search=0", "--param", "burst_start=300", "--param", "senders=8",
		"--ports", "2", "--queues", "2", "--buffer", "512", "--max-offers", "8", "--rtl", "icarus", "--compare")
	require.Equal(t, 0, code, errText)
	assert.True(t, strings.HasPrefix(out, "compare burst-absorption (occamy): MATCH tm [P=2 Q=2 B=512 IN=8] (project RTL occamy_tm, icarus vcd diff): 800 cycles compared (802 run) on 16 outputs, coverage "), out)
	assert.Contains(t, out, "scenario burst-absorption  bm=occamy")
}
