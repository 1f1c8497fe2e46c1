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
// left. A MATCH then exits 2 (an output asked for could not be written,
// the uniform code), with a line saying the verdict stands; a mismatch
// keeps exit 1. Before the first round: no verdict (exit 2), a truncated
// selector.verilator.vcd, or a false "fatal" MISMATCH; before this one: a
// MATCH without its waveforms exited 0, as if they were there.
func TestWaveformsFullDiskKeepVerdict(t *testing.T) {
	cases := []struct {
		name, want string
		size       int
		full       bool // the disk is full before the run
		args       []string
		code       int
	}{
		{"match, fills at 64 KiB", "MATCH selector [defaults] (project RTL hd_selector, verilator lock-step): 19999 cycles compared", 64 << 10, false,
			[]string{"cosim", "--block", "selector", "--quick", "--cycles", "20000"}, 2},
		{"match, fills at 160 KiB", "MATCH selector [defaults] (project RTL hd_selector, verilator lock-step): 19999 cycles compared", 160 << 10, false,
			[]string{"cosim", "--block", "selector", "--quick", "--cycles", "20000"}, 2},
		{"match as json", `"waves_lost":`, 64 << 10, false,
			[]string{"cosim", "--block", "selector", "--quick", "--cycles", "20000", "--json"}, 2},
		// A wrong design on a disk already full is still refuted.
		{"mismatch", "MISMATCH selector [N=4 QW=4] (your queue_watch_ge_top.sv: queue_watch, verilator lock-step)", 64 << 10, true,
			[]string{"cosim", "--block", "selector", "--rtl", byoDir + "queue_watch_ge_top.sv", "--param", "N=4,QW=4", "--cycles", "20000"}, 1},
		// Icarus is compared through the waveforms: on a full disk its
		// verdict comes from its output file. Before: the golden VCD's
		// error and no verdict (160 KiB), or Icarus's VCD cut short and
		// "vcddiff: icarus: vcd: line 4320: value ... has no id code" (4 MiB).
		{"icarus, the golden waveform", "MATCH selector [defaults] (project RTL hd_selector, icarus output file): 1998 cycles compared (2000 run)", 160 << 10, false,
			[]string{"cosim", "--block", "selector", "--quick", "--cycles", "2000", "--sim", "icarus"}, 2},
		{"icarus, its own waveform", "MATCH selector [defaults] (project RTL hd_selector, icarus output file): 1998 cycles compared (2000 run)", 4 << 20, false,
			[]string{"cosim", "--block", "selector", "--quick", "--cycles", "2000", "--sim", "icarus"}, 2},
		{"icarus mismatch", "MISMATCH selector [N=4 QW=4] (your queue_watch_ge_top.sv: queue_watch, icarus output file)", 64 << 10, true,
			[]string{"cosim", "--block", "selector", "--rtl", byoDir + "queue_watch_ge_top.sv", "--param", "N=4,QW=4", "--cycles", "2000", "--sim", "icarus"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := outfiletest.SmallFS(t, c.size)
			if c.full {
				outfiletest.Fill(t, dir)
			}
			vdir := filepath.Join(dir, "v")
			out, errText, code := runCLI(t, append(c.args, "--vcd", vdir)...)
			require.Equal(t, c.code, code, "%s%s", out, errText)
			assert.Contains(t, out, c.want)
			assert.Contains(t, out, "no space left on device")
			if c.code == 2 {
				assert.Contains(t, errText, "cosim: --vcd: the waveforms of 1 of 1 runs were not written (the verdicts stand): ")
				assert.Contains(t, errText, "no space left on device")
				assert.Empty(t, outfiletest.Entries(t, vdir))
			}
		})
	}

	// prove's replay: the counterexample and its replay's verdict.
	dir := outfiletest.SmallFS(t, 64<<10)
	out, errText, code := runCLI(t, "prove", "--block", "arbiter", "--rtl", byoDir+"my_rr_arbiter_wrapjump.sv",
		"--param", "N=4", "--vcd", filepath.Join(dir, "cex"))
	require.Equal(t, 1, code, "%s%s", out, errText)
	assert.Contains(t, out, "COUNTEREXAMPLE arbiter")
	assert.Contains(t, out, "replay: MISMATCH arbiter")
}
