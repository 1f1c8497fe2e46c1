//go:build unix

package scenario

import (
	"context"
	"errors"
	"os"
	"path/filepath"
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

// saveTraces lists the signals of a save file's trace lines, without
// their labels (not flags, comments, settings, filters or blank rows).
func saveTraces(t *testing.T, path string) []string {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.ContainsAny(l[:1], "@-[*^") {
			continue
		}
		if strings.HasPrefix(l, "+{") {
			l = l[strings.Index(l, "} ")+2:]
		}
		out = append(out, l)
	}
	return out
}

// TestWaveSignals checks that the VCD carries every signal the waveform promises
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
		"occamy.view.excess_00", "occamy.tm.hd_valid_o", "occamy.tm.hd_qid_o", "occamy.tm.hd_cells_o",
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
	assert.Contains(t, traces, "occamy.view.excess_08[16:0]", "queue 2's excess over its threshold shown")
	states, err := os.ReadFile(StatesPath(vcdPath))
	require.NoError(t, err)
	assert.Equal(t, "0 idle\n1 read PD\n2 cells\n", string(states), "the state names' translate filter")
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
// under a virtual X server, as a user would, and fails on GTKWave's own
// complaints (a translate filter it cannot open) and on every trace of the
// save file it does not show (it drops a name the dump does not declare
// without a word); it checks the groups and the window it opens on.
func TestGTKWaveLoadsSaveFile(t *testing.T) {
	dir := t.TempDir()
	vcdPath, gtkwPath, _, w := tracedRun(t, dir)
	o, err := gtkwave.Open(60*time.Second, vcdPath, gtkwPath)
	if errors.Is(err, gtkwave.ErrUnavailable) {
		t.Skip(err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Skipf("gtkwave did not exit within 60 s (busy machine?). Output:\n%s", o.Output)
	}
	require.NoError(t, err)
	problems, err := o.Problems(gtkwPath)
	require.NoError(t, err)
	assert.Empty(t, problems, "gtkwave output:\n%s", o.Output)
	shown := map[string]int{}
	for _, tr := range o.Traces {
		shown[tr]++
	}
	for _, g := range []string{"head drop (queue, cells)", "head-drop choice", "queue length, excess (cells)", "free cells",
		"class thresholds (cells)", "egress grant", "memory port use"} {
		assert.Equal(t, 2, shown[g], "gtkwave shows group %q (its begin and end rows)", g)
	}
	for _, l := range []string{"head drop", "hd queue", "hd cells", "q0 length", "q0 over thr c0 by", "q8 length",
		"class 0 thr", "PD mem rd_use", "cell-ptr mem wr_use", "cell-data mem rd_use"} {
		assert.Equal(t, 1, shown[l], "gtkwave shows %q once", l)
	}
	// The window GTKWave opens on: from the view's first cycle, the
	// marker on the first head drop, and at least the view's cycles wide
	// (the wave pane is fitted to within 2%; a wider pane shows more).
	require.NotNil(t, w.Drop)
	assert.Equal(t, w.From*w.Period, o.Start, "window start")
	assert.Equal(t, int64(w.Drop.Cycle*w.Period), o.Marker, "marker on the first head drop")
	span := (w.To + 1 - w.From) * w.Period
	assert.GreaterOrEqual(t, o.End-o.Start, span*98/100, "window %d..%d shows the view's cycles %d..%d", o.Start, o.End, w.From, w.To)
	assert.LessOrEqual(t, o.End-o.Start, span*110/100, "window %d..%d is zoomed on cycles %d..%d", o.Start, o.End, w.From, w.To)
}

// TestExcess: a queue's excess is its length less its class's threshold in
// two's complement of QW+1 bits, and 0 while the queue is empty.
func TestExcess(t *testing.T) {
	for _, c := range []struct {
		qlen, thr uint64
		qw        int
		want      uint64
	}{
		{912, 896, 16, 16},
		{896, 896, 16, 0},
		{5, 10, 16, 1<<17 - 5},
		{0, 896, 16, 0},
		{0xffff, 0, 16, 0xffff},
		{1, 0xffff, 16, 1<<17 - 0xfffe},
	} {
		assert.Equal(t, c.want, Excess(c.qlen, c.thr, c.qw), "qlen %d thr %d", c.qlen, c.thr)
	}
	assert.Equal(t, 17, ExcessWidth(16))
}
