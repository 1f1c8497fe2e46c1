//go:build verilator

package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/rtl/vcd/gtkwave"
	"occamy/rtl/vcddiff"
)

// TestFailWaveOnMismatch: a mismatching run writes its failure waveform
// on Verilator (lock-step with the full dumps, batched without) and on
// Icarus: the window runs from FailWaveBefore cycles before the mismatch
// to FailWaveAfter after it, its go and rtl values at the mismatching
// cycle are the verdict's, and occamy vcddiff of the run's full dumps
// names the same cycle. Without a directory nothing is written and the
// lock-step model stops at the mismatch, as before.
func TestFailWaveOnMismatch(t *testing.T) {
	file := filepath.Join("testdata", "byo", "my_rr_arbiter_wrapjump.sv")
	for _, tc := range []struct {
		name      string
		sim       string
		batch     bool
		full      bool // --vcd: the full dumps too
		internals bool
	}{
		{"verilator lock-step", Verilator, false, true, true},
		{"verilator batched", Verilator, true, false, false},
		{"icarus", Icarus, false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			o := Options{Block: "arbiter", Sim: tc.sim, RTL: []string{file}, Cycles: 3000, Batch: tc.batch, FailWaveDir: filepath.Join(dir, "fail")}
			if tc.full {
				o.VCDDir = filepath.Join(dir, "full")
			}
			res := run(t, o)
			require.NotNil(t, res.Mismatch, res.Verdict())
			fw := res.FailWave
			require.NotNil(t, fw, "notes: %v", res.Notes)
			c := res.Mismatch.Cycle
			require.Greater(t, c, uint64(FailWaveBefore), "the mismatch leaves room for the whole window")
			assert.Equal(t, c, fw.Cycle)
			assert.Equal(t, c-FailWaveBefore, fw.From)
			assert.Equal(t, c+FailWaveAfter, fw.To, "cycles after the mismatch")
			assert.Equal(t, tc.internals, fw.Internals)
			assert.Equal(t, filepath.Join(dir, "fail", "arbiter."+tc.sim+".mismatch.vcd"), fw.VCD)
			got := sampleWave(t, fw.VCD, "occamy.go.gnt_idx_o", "occamy.rtl.gnt_idx_o", "occamy.differs.gnt_idx_o")
			require.Contains(t, got, c)
			assert.Equal(t, res.Mismatch.Go, got[c][0].Hex(), "go side at the verdict's cycle")
			assert.Equal(t, res.Mismatch.RTL, got[c][1].Hex(), "rtl side at the verdict's cycle")
			assert.Equal(t, "1", got[c][2].String())
			if c > 0 {
				assert.Equal(t, "0", got[c-1][2].String(), "the cycle before matched")
			}
			if !tc.full {
				return
			}
			// The full dumps run on to the window's end on both sides, and
			// vcddiff names the verdict's cycle.
			a, err := os.Open(filepath.Join(dir, "full", "arbiter.go.vcd"))
			require.NoError(t, err)
			defer a.Close()
			b, err := os.Open(filepath.Join(dir, "full", "arbiter.verilator.vcd"))
			require.NoError(t, err)
			defer b.Close()
			rep, err := vcddiff.Diff(a, b, vcddiff.Options{NameA: "go", NameB: "rtl"})
			require.NoError(t, err)
			require.NotEmpty(t, rep.Divergences)
			ca, cb := rep.Divergences[0].Cycles()
			assert.Equal(t, fmt.Sprint(c), fmt.Sprint(ca), "vcddiff's cycle in the Go dump")
			assert.Equal(t, fmt.Sprint(c), fmt.Sprint(cb), "vcddiff's cycle in the Verilator dump")
			assert.False(t, rep.LengthDiffers(), "both dumps end at the window's end")
			assert.Equal(t, int(fw.To)+1, rep.A.Start-1+rep.A.Edges, "the Go dump's last edge ends cycle %d", fw.To)
			// Each whole-run dump has its save file, on the mismatch.
			require.Len(t, res.Saves, 2)
			for i, save := range res.Saves {
				assert.Equal(t, saveFor(res.VCD[i]), save)
				openClean(t, res.VCD[i], save, int64(c*wavePeriod))
			}
		})
	}

	for _, sim := range []string{Verilator, Icarus} {
		t.Run("match "+sim, func(t *testing.T) {
			dir := t.TempDir()
			res := run(t, Options{Block: "arbiter", Sim: sim, Cycles: 500, VCDDir: dir, FailWaveDir: dir})
			requireMatch(t, res)
			assert.Nil(t, res.FailWave)
			require.Len(t, res.Saves, 2)
			for i, save := range res.Saves {
				openClean(t, res.VCD[i], save, -2)
			}
		})
	}

	t.Run("none asked", func(t *testing.T) {
		dir := t.TempDir()
		res := run(t, Options{Block: "arbiter", RTL: []string{file}, Cycles: 3000, VCDDir: dir})
		require.NotNil(t, res.Mismatch)
		assert.Nil(t, res.FailWave)
		ents, err := os.ReadDir(dir)
		require.NoError(t, err)
		assert.Len(t, ents, 4, "the two full dumps and their save files only")
		a, err := os.Open(filepath.Join(dir, "arbiter.go.vcd"))
		require.NoError(t, err)
		defer a.Close()
		b, err := os.Open(filepath.Join(dir, "arbiter.verilator.vcd"))
		require.NoError(t, err)
		defer b.Close()
		rep, err := vcddiff.Diff(a, b, vcddiff.Options{})
		require.NoError(t, err)
		assert.Equal(t, int(res.Mismatch.Cycle)+1, rep.A.Start-1+rep.A.Edges, "the dumps end at the mismatch")
	})
}

// openClean opens a dump with its save file in GTKWave and fails on its
// complaints and on any trace it does not show; marker, when not -2, is
// where the marker must be.
func openClean(t *testing.T, dump, save string, marker int64) {
	t.Helper()
	o, err := gtkwave.Open(60*time.Second, dump, save)
	if errors.Is(err, gtkwave.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		t.Log(err)
		return
	}
	require.NoError(t, err)
	problems, err := o.Problems(save)
	require.NoError(t, err)
	assert.Empty(t, problems, "%s: gtkwave output:\n%s", save, o.Output)
	require.NotEmpty(t, o.Traces)
	assert.Equal(t, "outputs", o.Traces[0], "%s opens on the outputs", save)
	if marker != -2 {
		assert.Equal(t, marker, o.Marker, save)
	}
}
