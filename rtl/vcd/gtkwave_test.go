//go:build unix

package vcd

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl"
	"occamy/rtl/vcd/gtkwave"
)

// writeTestTrace traces random blocks for 50 cycles into dir/trace.vcd
// and returns its path and the number of vars (clk included).
func writeTestTrace(t *testing.T, dir string) (string, int) {
	t.Helper()
	path := filepath.Join(dir, "trace.vcd")
	tr, err := CreateTracer(path, TracerOptions{})
	require.NoError(t, err)
	b := newRandReg([]int{1, 7, 64, 65, 1024})
	sim := rtl.NewSim()
	sim.Add("u_a", b)
	require.NoError(t, sim.Trace(tr))
	rng := newTestRand()
	for c := 0; c < 50; c++ {
		b.drive(rng, 0.5)
		require.NoError(t, sim.Step())
	}
	require.NoError(t, sim.Close())
	return path, 1 + len(b.Signals())
}

// TestGTKWave converts a trace with vcd2fst and, when a virtual X server
// is available, loads it in gtkwave with a Tcl script that counts the
// signals and quits.
func TestGTKWave(t *testing.T) {
	if _, err := exec.LookPath("vcd2fst"); err != nil {
		t.Skip("vcd2fst not on PATH (it comes with gtkwave): skipping the GTKWave compatibility check")
	}
	dir := t.TempDir()
	vcdPath, nvars := writeTestTrace(t, dir)
	fst := filepath.Join(dir, "trace.fst")
	out, err := gtkwave.Run(60*time.Second, "vcd2fst", vcdPath, fst)
	require.NoError(t, err, "vcd2fst: %s", out)
	st, err := os.Stat(fst)
	require.NoError(t, err, "vcd2fst wrote no .fst")
	assert.Positive(t, st.Size(), "size of the .fst")

	_, errX := exec.LookPath("xvfb-run")
	_, errG := exec.LookPath("gtkwave")
	if errX != nil || errG != nil {
		t.Skip("xvfb-run or gtkwave not on PATH: vcd2fst passed, skipping the gtkwave load")
	}
	script := filepath.Join(dir, "count.tcl")
	require.NoError(t, os.WriteFile(script, []byte("puts \"facs=[gtkwave::getNumFacs]\"\ngtkwave::/File/Quit\n"), 0o644))
	out, err = gtkwave.Run(60*time.Second, "xvfb-run", "-a", "gtkwave", "-S", script, fst)
	if errors.Is(err, context.DeadlineExceeded) {
		t.Skipf("gtkwave did not exit within 60 s (busy machine?); vcd2fst passed. Output:\n%s", out)
	}
	require.NoError(t, err, "gtkwave: %s", out)
	m := regexp.MustCompile(`facs=(\d+)`).FindSubmatch(out)
	require.NotNil(t, m, "gtkwave printed no signal count: %s", out)
	n, _ := strconv.Atoi(string(m[1]))
	assert.Equal(t, nvars, n, "signals gtkwave sees")
}
