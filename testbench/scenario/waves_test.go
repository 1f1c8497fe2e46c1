//go:build unix

package scenario

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/vcd"
	"occamy/rtl/vcd/gtkwave"
)

// tracedRun runs a short dt-two-queue (burst from cycle 500) into dir and
// returns the VCD path, the save file path and the result.
func tracedRun(t *testing.T, dir string) (string, string, *Result) {
	t.Helper()
	p, err := Prepare(Options{Scenario: "dt-two-queue", Policy: "occamy", Cycles: u64(3000),
		Params: map[string]float64{"burst_start": 500}})
	require.NoError(t, err)
	path := filepath.Join(dir, "run.vcd")
	f, err := os.Create(path)
	require.NoError(t, err)
	tr, err := vcd.NewTracer(f, vcd.TracerOptions{})
	require.NoError(t, err)
	res, err := Execute(p, tr)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	g, err := WriteGTKW(path, res)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "run.gtkw"), g)
	return path, g, res
}

// saveTraces lists the trace lines of a save file (not flags, comments,
// settings or blank rows).
func saveTraces(t *testing.T, path string) []string {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.ContainsAny(l[:1], "@-[*") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// TestWaveSignals checks that the VCD carries every signal the brief asks
// for and that the save file names only signals the VCD declares.
func TestWaveSignals(t *testing.T) {
	vcdPath, gtkwPath, _ := tracedRun(t, t.TempDir())
	f, err := os.Open(vcdPath)
	require.NoError(t, err)
	defer f.Close()
	rd, err := vcd.NewReader(f)
	require.NoError(t, err)
	declared := map[string]string{}
	for _, v := range rd.Header().Vars {
		name := v.Path()
		if v.HasRange {
			name += "[" + itoa(v.MSB) + ":" + itoa(v.LSB) + "]"
		}
		declared[name] = v.Path()
	}
	for _, want := range []string{"occamy.view.qlen_00", "occamy.view.qlen_08", "occamy.tm.free_q", "occamy.view.thr_c0",
		"occamy.tm.over_o", "occamy.tm.hd_gnt_idx", "occamy.tm.hd_state", "occamy.tm.deq_state",
		"occamy.tm.u_pd_mem.rd_use", "occamy.tm.u_cp_mem.wr_use", "occamy.tm.u_cd_mem.rd_use"} {
		_, err := rd.Header().Find(want)
		assert.NoError(t, err, "VCD declares %s", want)
	}
	traces := saveTraces(t, gtkwPath)
	require.NotEmpty(t, traces)
	for _, tr := range traces {
		_, ok := declared[tr]
		assert.True(t, ok, "save file trace %s is declared in the VCD", tr)
	}
	assert.Contains(t, traces, "occamy.view.qlen_00[15:0]", "queue 1 shown")
	assert.Contains(t, traces, "occamy.view.qlen_08[15:0]", "queue 2 shown")
	assert.NotContains(t, traces, "occamy.view.qlen_01[15:0]", "idle queues left out")
}

func itoa(i int) string {
	b := []byte{}
	if i == 0 {
		return "0"
	}
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// TestGTKWaveLoadsSaveFile opens the VCD with its save file in gtkwave
// under a virtual X server and checks, through gtkwave's Tcl interface,
// that every trace of the save file is displayed: gtkwave silently drops
// a name it cannot find, so a wrong name or range shows as a missing trace.
func TestGTKWaveLoadsSaveFile(t *testing.T) {
	_, errX := exec.LookPath("xvfb-run")
	_, errG := exec.LookPath("gtkwave")
	if errX != nil || errG != nil {
		t.Skip("xvfb-run or gtkwave not on PATH: skipping the gtkwave load")
	}
	dir := t.TempDir()
	vcdPath, gtkwPath, _ := tracedRun(t, dir)
	script := filepath.Join(dir, "list.tcl")
	require.NoError(t, os.WriteFile(script, []byte(`set n [gtkwave::getTotalNumTraces]
for {set i 0} {$i < $n} {incr i} { puts "trace=[gtkwave::getTraceNameFromIndex $i]" }
gtkwave::/File/Quit
`), 0o644))
	out, err := gtkwave.Run(60*time.Second, "xvfb-run", "-a", "gtkwave", "-S", script, vcdPath, gtkwPath)
	if errors.Is(err, context.DeadlineExceeded) {
		t.Skipf("gtkwave did not exit within 60 s (busy machine?). Output:\n%s", out)
	}
	require.NoError(t, err, "gtkwave: %s", out)
	shown := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^trace=(.*)$`).FindAllStringSubmatch(string(out), -1) {
		shown[m[1]]++
	}
	require.NotEmpty(t, shown, "gtkwave listed no traces: %s", out)
	want := map[string]int{}
	for _, tr := range saveTraces(t, gtkwPath) {
		want[tr[strings.LastIndexByte(tr, '.')+1:]]++
	}
	for leaf, n := range want {
		assert.Equal(t, n, shown[leaf], "traces gtkwave shows named %s", leaf)
	}
	for _, g := range []string{"queue lengths (cells)", "free cells", "selector and arbiter", "memory port use"} {
		assert.Equal(t, 2, shown[g], "gtkwave shows group %q (its begin and end rows)", g)
	}
}
