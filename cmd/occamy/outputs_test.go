package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/outfile/outfiletest"
)

// outputTargets are the nodes of a private /dev an output flag is pointed
// at, and what each must still be afterwards.
func outputTargets(d *outfiletest.Dev) []struct {
	name, path string
	still      func(string) bool
} {
	return []struct {
		name, path string
		still      func(string) bool
	}{
		{"device", d.Null, outfiletest.IsCharDevice},
		{"link to a device", d.Link, outfiletest.IsSymlink},
		{"link to a file", d.FileLink, outfiletest.IsSymlink},
	}
}

// TestOutputsNeverDestroy points every output flag that takes a file at a
// device and at links in a private /dev (never the machine's own): the
// command succeeds and each node stays what it was, the output going
// through it. Before, as root, blocks --dpi-tb, synth --json and the shard
// and experiment files renamed a regular file over the device or the link
// (cosim --junit too: TestJUnitNeverDestroys); sim --vcd refused a device.
func TestOutputsNeverDestroy(t *testing.T) {
	d := outfiletest.NewDev(t)
	cmds := []struct {
		name string
		args func(path string) []string
	}{
		{"blocks --dpi-tb", func(p string) []string { return []string{"blocks", "arbiter", "--dpi-tb", p} }},
		{"synth --json", func(p string) []string {
			return []string{"synth", "--from-json", "../../docs/hardware-cost.json", "--json", p}
		}},
		{"sim --vcd", func(p string) []string { return []string{"sim", "--scenario", "incast", "--cycles", "50", "--vcd", p} }},
	}
	for _, c := range cmds {
		for _, tg := range outputTargets(d) {
			t.Run(c.name+"/"+tg.name, func(t *testing.T) {
				_, errText, code := runCLI(t, c.args(tg.path)...)
				require.Equal(t, 0, code, errText)
				assert.True(t, tg.still(tg.path), "%s is no longer what it was", tg.path)
			})
		}
	}
	b, err := os.ReadFile(d.File)
	require.NoError(t, err)
	assert.Contains(t, string(b), "$enddefinitions", "the last write through the link to a file reached the file")

	// An experiment's CSV, figures and shard file, each a link to the device.
	out := t.TempDir()
	for _, f := range []string{"round-robin-vs-longest.csv", "round-robin-vs-longest.png", "round-robin-vs-longest.svg", "round-robin-vs-longest.shard-0-of-2.json"} {
		require.NoError(t, os.Symlink(d.Null, filepath.Join(out, f)))
	}
	for _, args := range [][]string{
		{"experiment", "round-robin-vs-longest", "--quick", "--out", out},
		{"experiment", "round-robin-vs-longest", "--quick", "--out", out, "--shard", "0/2"},
	} {
		_, errText, code := runCLI(t, args...)
		require.Equal(t, 0, code, "%v: %s", args, errText)
	}
	for _, f := range outfiletest.Entries(t, out) {
		assert.True(t, outfiletest.IsSymlink(filepath.Join(out, f)), "%s replaced", f)
	}
	assert.True(t, outfiletest.IsCharDevice(d.Null))
}

// TestOutputsFullDisk: on a full disk every file output fails with one
// line naming "no space left on device" (exit 2), and leaves neither a
// temporary file nor a truncated output. Before, blocks --dpi-tb left
// tb.sv.tmp, sim --vcd left .run.vcd.tmp-*, and the experiment's figures
// were left truncated under their final names (exit 1).
func TestOutputsFullDisk(t *testing.T) {
	dir := outfiletest.SmallFS(t, 64<<10)
	outfiletest.Fill(t, dir)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"blocks --dpi-tb", []string{"blocks", "arbiter", "--dpi-tb", filepath.Join(dir, "tb.sv")}},
		{"synth --json", []string{"synth", "--from-json", "../../docs/hardware-cost.json", "--json", filepath.Join(dir, "h.json")}},
		{"sim --vcd", []string{"sim", "--scenario", "incast", "--cycles", "2000", "--vcd", filepath.Join(dir, "run.vcd")}},
		{"experiment", []string{"experiment", "round-robin-vs-longest", "--quick", "--out", dir}},
		{"experiment --shard", []string{"experiment", "round-robin-vs-longest", "--quick", "--out", dir, "--shard", "0/2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, errText, code := runCLI(t, c.args...)
			assert.Equal(t, 2, code, errText)
			assert.Contains(t, errText, "no space left on device")
			assert.Equal(t, []string{".fill"}, outfiletest.Entries(t, dir))
		})
	}
}
