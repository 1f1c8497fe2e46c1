package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/rtl/vcd"
	"occamy/rtl/vcd/gtkwave"
	"occamy/testbench/scenario/gtkw"
)

// TestDemo runs the default job (make run is `occamy demo --out out`)
// through the command's entry point into a temporary directory and checks
// what a user gets: both commands and the comparison printed, the gtkwave
// command last; a small VCD that the project's parser reads to its end; a
// save file that names only signals the VCD declares, head-drop signals
// first, and whose view (start and zoom, read as GTKWave reads them) holds
// the marker and cycles where the executor is not idle.
func TestDemo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out") // created by the job
	var stdout, stderr bytes.Buffer
	code := run([]string{"demo", "--out", dir}, &stdout, &stderr)
	require.Equal(t, 0, code, "stderr: %s", stderr.String())
	out := stdout.String()
	vcdPath, gtkwPath := filepath.Join(dir, "burst-absorption-occamy.vcd"), filepath.Join(dir, "burst-absorption-occamy.gtkw")
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	assert.Equal(t, "open with: gtkwave "+vcdPath+" "+gtkwPath, lines[len(lines)-1], "the last line")
	assert.Contains(t, out, "$ occamy sim --scenario burst-absorption --bm dt,occamy --alpha 8\n")
	assert.Regexp(t, `(?m)^\s+dt α=8\s+occamy α=8\s+unit$`, out, "the comparison")
	assert.Contains(t, out, "$ occamy sim --scenario burst-absorption --bm occamy --alpha 8 --buffer 1024 --param search=0 --cycles 3000 --vcd "+vcdPath+"\n")
	assert.Regexp(t, `(?m)^waveform \S+ opens on cycles \d+\.\.\d+ around the first head drop \(cycle \d+, queue 0, \d+ cells; marker A\)$`, out)

	st, err := os.Stat(vcdPath)
	require.NoError(t, err)
	assert.Less(t, st.Size(), int64(2<<20), "the VCD stays small")
	// docs/scenarios.md states this VCD's size per cycle as measured.
	doc, err := os.ReadFile("../../docs/scenarios.md")
	require.NoError(t, err)
	m := regexp.MustCompile(`make run..s VCD \(burst-absorption under\s+Occamy, B=1024, 3000 cycles, one or two busy queues\) takes (\d+) bytes a\s+cycle`).FindSubmatch(doc)
	require.NotNil(t, m, "docs/scenarios.md states make run's VCD size per cycle")
	perCycle, _ := strconv.Atoi(string(m[1]))
	assert.InDelta(t, float64(perCycle), float64(st.Size())/3000, float64(perCycle)/20, "the documented %d bytes a cycle against %d measured", perCycle, st.Size()/3000)

	// Every cycle's executor state, and the declared names.
	f, err := os.Open(vcdPath)
	require.NoError(t, err)
	defer f.Close()
	rd, err := vcd.NewReader(f)
	require.NoError(t, err)
	declared := map[string]bool{}
	for _, v := range rd.Header().Vars {
		name := v.Path()
		if v.HasRange {
			name += "[" + strconv.Itoa(v.MSB) + ":" + strconv.Itoa(v.LSB) + "]"
		}
		declared[name] = true
	}
	s, err := vcd.NewSampler(rd, vcd.SamplerOptions{Clock: "occamy.clk", Signals: []string{"occamy.tm.hd_state"}})
	require.NoError(t, err)
	var hdState []uint64 // per cycle: edge k reports cycle k-1 (vcd.Tracer)
	var period uint64
	for s.Next() {
		v, ok := s.Value(0).Uint64()
		require.True(t, ok, "hd_state known at edge %d", s.Count())
		hdState = append(hdState, v)
		period = max(period, s.Period())
	}
	require.NoError(t, s.Err(), "the VCD parses to its end")
	// The 3000 cycles offered and the scenario's drain (tm.AdmitLag idle
	// cycles: the last offers' answers).
	require.Len(t, hdState, 3000+tm.AdmitLag, "cycles in the VCD")
	require.Positive(t, period)

	save := readSave(t, gtkwPath)
	require.NotEmpty(t, save.traces)
	for _, tr := range save.traces {
		assert.True(t, declared[tr], "save file trace %s is declared in the VCD", tr)
	}
	assert.Equal(t, []string{"occamy.tm.hd_valid_o", "occamy.tm.hd_qid_o[5:0]", "occamy.tm.hd_cells_o[6:0]",
		"occamy.tm.hd_gnt_valid", "occamy.tm.hd_gnt_idx[5:0]", "occamy.tm.hd_state[1:0]", "occamy.tm.over_o[63:0]",
		"occamy.view.qlen_00[15:0]", "occamy.view.excess_00[16:0]"}, save.traces[:9],
		"the head drop first, then its choice, then the dropped queue against its threshold")

	require.True(t, save.hasView, "the save file sets a zoom and a marker")
	width := (&gtkw.Save{Width: save.width, SSTWidth: save.sst, SignalsWidth: save.signals}).WavePaneWidth()
	end := save.start + gtkw.Span(save.zoom, width)
	assert.True(t, save.start <= save.marker && save.marker <= end, "marker %d in the window %d..%d", save.marker, save.start, end)
	assert.Positive(t, save.start, "the view is not the start of the run")
	busy := 0
	for c := save.start / period; c*period <= end && c < uint64(len(hdState)); c++ {
		if hdState[c] != 0 {
			busy++
		}
	}
	assert.Positive(t, busy, "cycles in the window %d..%d where hd_state is not idle", save.start, end)
	assert.NotZero(t, hdState[save.marker/period], "hd_state at the marker (cycle %d)", save.marker/period)
	assert.Less(t, end-save.start, 200*period, "zoomed: the window is a few tens of cycles")

	// As a user opens it: gtkwave with the save file, nothing missing,
	// nothing it complains about.
	o, err := gtkwave.Open(60*time.Second, vcdPath, gtkwPath)
	switch {
	case errors.Is(err, gtkwave.ErrUnavailable):
		t.Log(err)
	case errors.Is(err, context.DeadlineExceeded):
		t.Logf("gtkwave did not quit within 60 s (busy machine?): %s", o.Output)
	default:
		require.NoError(t, err)
		problems, err := o.Problems(gtkwPath)
		require.NoError(t, err)
		assert.Empty(t, problems, "gtkwave output:\n%s", o.Output)
		assert.Equal(t, int64(save.marker), o.Marker, "gtkwave's marker")
	}
}

// savedView is what TestDemo reads of a save file: its traces and the
// settings GTKWave opens the view with.
type savedView struct {
	traces              []string
	start, marker       uint64
	zoom                float64
	hasView             bool
	width, sst, signals int
}

func readSave(t *testing.T, path string) savedView {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var v savedView
	atoi := func(s string) int {
		n, err := strconv.Atoi(s)
		require.NoError(t, err, "%q in %s", s, path)
		return n
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		fs := strings.Fields(l)
		switch {
		case l == "" || strings.HasPrefix(l, "@") || strings.HasPrefix(l, "-") || strings.HasPrefix(l, "[*]") || strings.HasPrefix(l, "^"):
		case strings.HasPrefix(l, "+{"): // a labelled trace
			v.traces = append(v.traces, l[strings.Index(l, "} ")+2:])
		case strings.HasPrefix(l, "*"):
			require.GreaterOrEqual(t, len(fs), 2, "%q", l)
			z, err := strconv.ParseFloat(fs[0][1:], 64)
			require.NoError(t, err, "%q", l)
			v.zoom, v.marker, v.hasView = z, uint64(atoi(fs[1])), true
		case strings.HasPrefix(l, "[timestart] "):
			v.start = uint64(atoi(fs[1]))
		case strings.HasPrefix(l, "[size] "):
			v.width = atoi(fs[1])
		case strings.HasPrefix(l, "[sst_width] "):
			v.sst = atoi(fs[1])
		case strings.HasPrefix(l, "[signals_width] "):
			v.signals = atoi(fs[1])
		case strings.HasPrefix(l, "["):
		default:
			v.traces = append(v.traces, l)
		}
	}
	require.NoError(t, sc.Err())
	return v
}
