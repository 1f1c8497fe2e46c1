//go:build verilator

package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/outfile/outfiletest"
)

// TestJUnitNeverDestroys: cosim --junit onto a device or a link in a
// private /dev writes through and leaves the node as it was. Before, as
// root, the report was renamed over it (/dev/null became a regular file,
// /dev/stdout's link was replaced).
func TestJUnitNeverDestroys(t *testing.T) {
	d := outfiletest.NewDev(t)
	for _, tg := range outputTargets(d) {
		t.Run(tg.name, func(t *testing.T) {
			out, errText, code := runCLI(t, "cosim", "--block", "arbiter", "--cycles", "200", "--junit", tg.path)
			require.Equal(t, 0, code, "%s%s", out, errText)
			assert.True(t, tg.still(tg.path), "%s is no longer what it was", tg.path)
		})
	}
}

// TestWaveformsFullDiskKeepVerdict: when --vcd's directory fills up, the
// run still compares to its end and prints its verdict, with a note naming
// "no space left on device", and no waveform, temporary or truncated, is
// left. Before: no verdict (exit 2, the golden dump's write error), a
// truncated selector.verilator.vcd left; and when the Verilated model's own
// dump failed first, a false MISMATCH ("fatal ... VerilatedVcd::bufferFlush").
func TestWaveformsFullDiskKeepVerdict(t *testing.T) {
	for _, size := range []int{64 << 10, 160 << 10} {
		dir := outfiletest.SmallFS(t, size)
		vdir := filepath.Join(dir, "v")
		out, errText, code := runCLI(t, "cosim", "--block", "selector", "--quick", "--cycles", "20000", "--vcd", vdir)
		require.Equal(t, 0, code, "%s%s", out, errText)
		assert.Contains(t, out, "MATCH selector [defaults] (project RTL hd_selector, verilator lock-step): 19999 cycles compared")
		assert.Contains(t, out, "note: no waveforms written: ")
		assert.Contains(t, out, "no space left on device")
		assert.Empty(t, outfiletest.Entries(t, vdir), "size %d", size)
	}

	// A wrong design on a disk already full is still refuted.
	dir := outfiletest.SmallFS(t, 64<<10)
	outfiletest.Fill(t, dir)
	out, errText, code := runCLI(t, "cosim", "--block", "selector", "--rtl", byoDir+"queue_watch_ge_top.sv", "--param", "N=4,QW=4",
		"--cycles", "20000", "--vcd", filepath.Join(dir, "v"))
	require.Equal(t, 1, code, "%s%s", out, errText)
	assert.Contains(t, out, "MISMATCH selector [N=4 QW=4] (your queue_watch_ge_top.sv: queue_watch, verilator lock-step)")
	assert.Contains(t, out, "no space left on device")

	// prove's replay: the counterexample and its replay's verdict.
	dir = outfiletest.SmallFS(t, 64<<10)
	out, errText, code = runCLI(t, "prove", "--block", "arbiter", "--rtl", byoDir+"my_rr_arbiter_wrapjump.sv",
		"--param", "N=4", "--vcd", filepath.Join(dir, "cex"))
	require.Equal(t, 1, code, "%s%s", out, errText)
	assert.Contains(t, out, "COUNTEREXAMPLE arbiter")
	assert.Contains(t, out, "replay: MISMATCH arbiter")
}
