//go:build unix

package scenario

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/vcd"
	"occamy/rtl/vcd/gtkwave"
)

// tracedRun runs a short dt-two-queue (burst from cycle 500, a 1024-cell
// buffer: the first head drop at cycle 1150) into dir and returns the VCD
// path, the save file path, the result and the wave.
func tracedRun(t *testing.T, dir string) (string, string, *Result, *Wave) {
	t.Helper()
	p, err := Prepare(Options{Scenario: "dt-two-queue", Policy: "occamy", Cycles: u64(3000),
		Params: map[string]float64{"burst_start": 500}, TM: []TMSet{{Field: "B", Value: 1024}}})
	require.NoError(t, err)
	path := filepath.Join(dir, "run.vcd")
	f, err := os.Create(path)
	require.NoError(t, err)
	tr, err := vcd.NewTracer(f, vcd.TracerOptions{})
	require.NoError(t, err)
	res, err := Execute(p, tr)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	w, err := WriteGTKW(path, res)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "run.gtkw"), w.GTKW)
	assert.Equal(t, path, w.VCD)
	return path, w.GTKW, res, w
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
	vcdPath, gtkwPath, _, _ := tracedRun(t, t.TempDir())
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
	vcdPath, gtkwPath, _, w := tracedRun(t, dir)
	script := filepath.Join(dir, "list.tcl")
	require.NoError(t, os.WriteFile(script, []byte(`set n [gtkwave::getTotalNumTraces]
for {set i 0} {$i < $n} {incr i} { puts "trace=[gtkwave::getTraceNameFromIndex $i]" }
puts "window=[gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime] [gtkwave::getMarker]"
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
	for _, g := range []string{"head drop", "queue lengths (cells)", "free cells", "thresholds (cells)", "egress grant", "memory port use"} {
		assert.Equal(t, 2, shown[g], "gtkwave shows group %q (its begin and end rows)", g)
	}
	// The window GTKWave opens on: from the view's first cycle, the
	// marker on the first head drop, and at least the view's cycles wide
	// (the wave pane is fitted to within 2%; a wider pane shows more).
	m := regexp.MustCompile(`(?m)^window=(\d+) (\d+) (\d+)$`).FindStringSubmatch(string(out))
	require.NotNil(t, m, "gtkwave printed no window: %s", out)
	start, end, marker := atou(t, m[1]), atou(t, m[2]), atou(t, m[3])
	require.NotNil(t, w.Drop)
	assert.Equal(t, w.From*w.Period, start, "window start")
	assert.Equal(t, w.Drop.Cycle*w.Period, marker, "marker on the first head drop")
	span := (w.To + 1 - w.From) * w.Period
	assert.GreaterOrEqual(t, end-start, span*98/100, "window %d..%d shows the view's cycles %d..%d", start, end, w.From, w.To)
	assert.LessOrEqual(t, end-start, span*110/100, "window %d..%d is zoomed on cycles %d..%d", start, end, w.From, w.To)
}

func atou(t *testing.T, s string) uint64 {
	v, err := strconv.ParseUint(s, 10, 64)
	require.NoError(t, err)
	return v
}
