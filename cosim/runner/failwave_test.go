//go:build unix

package runner

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/port"
	"occamy/rtl/vcd"
	"occamy/rtl/vcd/gtkwave"
)

// failLayout is a small block's port face: a clock, a reset, a 70-bit
// input and two outputs.
func failLayout(t *testing.T) *port.Layout {
	l, err := port.NewLayout([]port.Port{port.Input("clk_i", 1), port.Input("rst_ni", 1), port.Input("req_i", 70),
		port.Output("gnt_valid_o", 1), port.Output("gnt_idx_o", 6)}, "clk_i", "rst_ni", false)
	require.NoError(t, err)
	return &l
}

// failRows are cycles first..last where the golden grant index is the
// cycle mod 64 and the RTL's the same except from cycle bad on, where it
// is one more; gnt_valid_o agrees throughout.
func failRows(l *port.Layout, first, last, bad uint64) []TraceRow {
	var rows []TraceRow
	for c := first; c <= last; c++ {
		in := make([]uint32, l.InWords)
		in[0] = 1 // rst_ni
		in[1], in[3] = uint32(c), uint32(c&63)
		gold, rtl := make([]uint32, l.OutWords), make([]uint32, l.OutWords)
		gold[0], rtl[0] = 1, 1
		gold[1], rtl[1] = uint32(c&63), uint32(c&63)
		if c >= bad {
			rtl[1] = uint32((c + 1) & 63)
		}
		rows = append(rows, TraceRow{Cycle: c, In: in, Gold: gold, RTL: rtl})
	}
	return rows
}

// sampleWave reads a failure waveform per rising edge: for each cycle
// (edge k ends cycle k-1 counted from the window's first edge), the
// values of names.
func sampleWave(t *testing.T, path string, names ...string) map[uint64][]vcd.Value {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	rd, err := vcd.NewReader(f)
	require.NoError(t, err)
	s, err := vcd.NewSampler(rd, vcd.SamplerOptions{Clock: "occamy.clk", Signals: names})
	require.NoError(t, err)
	out := map[uint64][]vcd.Value{}
	for s.Next() {
		c := s.Time()/wavePeriod - 1
		var vs []vcd.Value
		for i := range names {
			vs = append(vs, s.Value(i).Clone())
		}
		out[c] = vs
	}
	require.NoError(t, s.Err())
	return out
}

// TestWriteFailWave: the window holds both sides' ports at the cycles of
// the rows (cycle c at t=1000c, so the cycle numbers are the verdict's),
// a difference flag that is 1 exactly where the sides differ, and a save
// file that opens on the failing signal with marker A on its cycle; GTKWave
// opens it without a complaint or a missing trace.
func TestWriteFailWave(t *testing.T) {
	l := failLayout(t)
	dir := filepath.Join(t.TempDir(), "new") // created
	win := &Window{Layout: l, Rows: failRows(l, 150, 366, 350), Compared: 1}
	fw, err := WriteFailWave(dir, "blk.verilator.mismatch", win, Failure{Cycle: 350, Signal: "gnt_idx_o", What: "cycle 350: gnt_idx_o go=1e rtl=1f"})
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "blk.verilator.mismatch.vcd"), fw.VCD)
	assert.Equal(t, uint64(150), fw.From)
	assert.Equal(t, uint64(366), fw.To)
	assert.Equal(t, "gtkwave "+fw.VCD+" "+fw.GTKW, fw.Command())

	got := sampleWave(t, fw.VCD, "occamy.go.gnt_idx_o", "occamy.rtl.gnt_idx_o", "occamy.differs.gnt_idx_o",
		"occamy.differs.gnt_valid_o", "occamy.go.req_i")
	require.Len(t, got, 217, "one rising edge ends each cycle of the window")
	for c := uint64(150); c <= 366; c++ {
		v := got[c]
		require.NotNil(t, v, "cycle %d", c)
		g, _ := v[0].Uint64()
		r, _ := v[1].Uint64()
		d, _ := v[2].Uint64()
		dv, _ := v[3].Uint64()
		assert.Equal(t, c&63, g, "go gnt_idx_o at cycle %d", c)
		want := c & 63
		if c >= 350 {
			want = (c + 1) & 63
		}
		assert.Equal(t, want, r, "rtl gnt_idx_o at cycle %d", c)
		assert.Equal(t, c >= 350, d == 1, "differs flag at cycle %d", c)
		assert.Zero(t, dv, "gnt_valid_o never differs")
		assert.Equal(t, 70, v[4].Width)
		assert.Equal(t, byte('0'+c>>32&1), v[4].Bit(32), "bit 32 of req_i at cycle %d", c)
	}

	save, err := os.ReadFile(fw.GTKW)
	require.NoError(t, err)
	text := string(save)
	assert.Contains(t, text, "[timestart] 326000\n", "the view opens 24 cycles before the failure")
	assert.Contains(t, text, "*", "a zoom line")
	assert.Contains(t, text, " 350000 350000 -1", "the primary marker and marker A on cycle 350")
	assert.Contains(t, text, "[markername] Acycle 350: gnt_idx_o\n")
	assert.Contains(t, text, "[*] cycle c holds its values from t=c*1000 to (c+1)*1000 ps")
	labels := saveLabels(t, fw.GTKW)
	require.GreaterOrEqual(t, len(labels), 3)
	assert.Equal(t, []string{"go gnt_idx_o", "rtl gnt_idx_o", "gnt_idx_o differs"}, labels[:3], "the failing signal first")

	o, err := gtkwave.Open(60*time.Second, fw.VCD, fw.GTKW)
	switch {
	case errors.Is(err, gtkwave.ErrUnavailable):
		t.Log(err)
	case errors.Is(err, context.DeadlineExceeded):
		t.Logf("gtkwave did not quit within 60 s (busy machine?): %s", o.Output)
	default:
		require.NoError(t, err)
		problems, err := o.Problems(fw.GTKW)
		require.NoError(t, err)
		assert.Empty(t, problems, "gtkwave output:\n%s", o.Output)
		assert.Equal(t, int64(350000), o.Marker)
		assert.Equal(t, uint64(326000), o.Start)
	}
}

func saveLabels(t *testing.T, path string) []string {
	l, err := gtkwave.SaveLabels(path)
	require.NoError(t, err)
	return l
}

// TestWriteFailWaveCut: with the RTL's own four-state dump, the window's
// RTL side is that dump's scope cut to the window, internals and x
// included, and the save file lists the internals in a closed group.
func TestWriteFailWaveCut(t *testing.T) {
	l := failLayout(t)
	dir := t.TempDir()
	// A simulator's dump of cycles 0..9 (t=1000c): the design's scope
	// holds its ports and an internal register whose bit 1 is x until
	// cycle 6; gnt_idx_o is x at cycle 8.
	var b strings.Builder
	b.WriteString("$timescale 1ps $end\n$scope module tb $end\n$var reg 1 ! clk $end\n$scope module dut $end\n" +
		"$var wire 1 ! clk_i $end\n$var wire 1 \" rst_ni $end\n$var wire 70 # req_i [69:0] $end\n" +
		"$var wire 1 $ gnt_valid_o $end\n$var wire 6 % gnt_idx_o [5:0] $end\n$var reg 3 & st_q [2:0] $end\n" +
		"$upscope $end\n$upscope $end\n$enddefinitions $end\n")
	for c := 0; c < 10; c++ {
		b.WriteString("#" + strconv.Itoa(c*1000) + "\n1!\n1\"\nb0 #\n1$\n")
		switch {
		case c == 8:
			b.WriteString("bx %\n")
		default:
			b.WriteString("b" + strconv.FormatInt(int64(c), 2) + " %\n")
		}
		if c < 6 {
			b.WriteString("b0x1 &\n")
		} else {
			b.WriteString("b011 &\n")
		}
		b.WriteString("#" + strconv.Itoa(c*1000+500) + "\n0!\n")
	}
	b.WriteString("#10000\n1!\n")
	wave := filepath.Join(dir, "rtl.vcd")
	require.NoError(t, os.WriteFile(wave, []byte(b.String()), 0o644))
	rows := failRows(l, 4, 9, 8)
	for i := range rows {
		rows[i].Gold[1] = uint32(rows[i].Cycle)
		rows[i].RTL[1] = uint32(rows[i].Cycle)
	}
	rows[4].RTL = nil // cycle 8: x, not known as words
	win := &Window{Layout: l, Rows: rows, Compared: 2, RTLWave: wave, RTLScope: "tb.dut"}
	fw, err := WriteFailWave(dir, "w", win, Failure{Cycle: 8, Signal: "gnt_idx_o", What: "x"})
	require.NoError(t, err)
	assert.True(t, fw.Internals)
	got := sampleWave(t, fw.VCD, "occamy.rtl.gnt_idx_o", "occamy.rtl.st_q", "occamy.differs.gnt_idx_o")
	assert.Equal(t, "000101", got[5][0].String())
	assert.Equal(t, "xxxxxx", got[8][0].String(), "x kept")
	assert.Equal(t, "0x1", got[4][1].String(), "the internal register, x bit and all, from the window's first cycle")
	assert.Equal(t, "011", got[7][1].String())
	assert.Equal(t, "x", got[8][2].String(), "a cycle whose RTL outputs are not known as words: its flag is x")
	assert.Equal(t, "0", got[7][2].String())
	save, err := os.ReadFile(fw.GTKW)
	require.NoError(t, err)
	assert.Contains(t, string(save), "@c00200\n-RTL internal signals\n@22\noccamy.rtl.st_q[2:0]\n", "internals collapsed, ports left out of them")
	assert.NotContains(t, string(save), "occamy.rtl.clk_i\n", "the clock is a port, not an internal")
}
