//go:build verilator

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/rtl/vcd/gtkwave"
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
	// The same counters; the engine says which ran.
	assert.Contains(t, rtl, `"engine":{"sim":"verilator","top":"occamy_tm"}`)
	assert.Contains(t, gold, `"engine":{"sim":"go","top":"hw/tm"}`)
	assert.Equal(t, strings.Replace(gold, `"engine":{"sim":"go","top":"hw/tm"}`, `"engine":{"sim":"verilator","top":"occamy_tm"}`, 1), rtl, "RTL JSON against hw/tm's")

	out, errText, code := runCLI(t, append(args, "--rtl", "verilator", "--compare")...)
	require.Equal(t, 0, code, errText)
	// 3000 cycles, the drain's tm.AdmitLag and the reset edge.
	assert.True(t, strings.HasPrefix(out, fmt.Sprintf("compare incast (occamy): MATCH tm [IN=64] (project RTL occamy_tm, verilator lock-step): %d cycles compared",
		3000+tm.AdmitLag+1)), out)
	assert.Contains(t, out, "scenario incast  bm=occamy")
	assert.Contains(t, out, "free=cell  on occamy_tm (verilator)\n")

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
	// The RTL's waveform under the Go trace's names opens with the same
	// save file rules: the head drop first, nothing missing (occamy_tm has
	// no hd_state or deq_state: the save file leaves them out).
	g := filepath.Join(dir, "run.gtkw")
	o, err := gtkwave.Open(60*time.Second, v, g)
	if errors.Is(err, gtkwave.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		t.Log(err)
		return
	}
	require.NoError(t, err)
	problems, err := o.Problems(g)
	require.NoError(t, err)
	assert.Empty(t, problems, "gtkwave output:\n%s", o.Output)
	assert.Equal(t, []string{"head drop (queue, cells)", "head drop", "hd queue", "hd cells"}, o.Traces[:4])
}

// TestSimRTLIcarusCompare: occamy sim --rtl icarus --compare on a short run
// of the small switch prints the Icarus co-simulation's MATCH line (what it
// compared) before the table the Icarus run derived.
func TestSimRTLIcarusCompare(t *testing.T) {
	out, errText, code := runCLI(t, "sim", "--scenario", "burst-absorption", "--bm", "occamy", "--cycles", "800",
		"--param", "search=0", "--param", "burst_start=300", "--param", "senders=8",
		"--ports", "2", "--queues", "2", "--buffer", "512", "--max-offers", "8", "--rtl", "icarus", "--compare")
	require.Equal(t, 0, code, errText)
	// 800 cycles and the drain's tm.AdmitLag compared, 2 reset cycles more run.
	n := 800 + tm.AdmitLag
	assert.True(t, strings.HasPrefix(out, fmt.Sprintf("compare burst-absorption (occamy): MATCH tm [P=2 Q=2 B=512 IN=8] (project RTL occamy_tm, icarus vcd diff): %d cycles compared (%d run) on 16 outputs, coverage ", n, n+2)), out)
	assert.Contains(t, out, "scenario burst-absorption  bm=occamy")
}
