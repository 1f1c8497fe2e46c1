package throughput

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/testbench/traffic"
)

func TestParseSize(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "sizes.txt")
	require.NoError(t, os.WriteFile(good, []byte("# IMIX-like\n64 7\n576,4\n1500 1\n"), 0o644))
	empty := filepath.Join(dir, "empty.txt")
	require.NoError(t, os.WriteFile(empty, []byte("# nothing\n\n"), 0o644))
	cases := []struct {
		text  string
		cells []CellProb // with 256-byte cells; nil when an error is expected
		err   string
	}{
		{text: "fixed:1500", cells: []CellProb{{6, 1}}},
		{text: "fixed:1", cells: []CellProb{{1, 1}}},
		{text: "bimodal:64:1500:0.25", cells: []CellProb{{1, 0.75}, {6, 0.25}}},
		{text: "uniform:1:512", cells: []CellProb{{1, 0.5}, {2, 0.5}}},
		{text: "file:" + good, cells: []CellProb{{1, 7.0 / 12}, {3, 4.0 / 12}, {6, 1.0 / 12}}},
		{text: "fixed:abc", err: `Size "fixed:abc": "abc" is not a whole number of bytes; want fixed:BYTES`},
		{text: "fixed:0", err: `Size "fixed:0":`},
		{text: "bimodal:64:1500", err: "want bimodal:SMALL:LARGE:LARGE_FRAC"},
		{text: "bimodal:64:1500:2", err: "large_frac"},
		{text: "uniform:900:100", err: "uniform"},
		{text: "zipf:1", err: "unknown form, allowed fixed:BYTES, bimodal:SMALL:LARGE:LARGE_FRAC, uniform:MIN:MAX, file:PATH"},
		{text: "file:", err: "missing path"},
		{text: "file:" + filepath.Join(dir, "missing.txt"), err: "missing.txt: no such file or directory"},
		{text: "file:" + empty, err: "no sizes"},
	}
	for _, c := range cases {
		s, err := ParseSize(c.text)
		if c.err != "" {
			require.Error(t, err, "%s: want an error", c.text)
			assert.Contains(t, err.Error(), c.err, "%s", c.text)
			assert.NotContains(t, err.Error(), "\n", "%s: one-line error", c.text)
			continue
		}
		require.NoError(t, err, c.text)
		got := s.Cells(256)
		require.Len(t, got, len(c.cells), "%s: cell distribution %v", c.text, got)
		for i := range got {
			assert.Equal(t, c.cells[i].Cells, got[i].Cells, "%s: entry %d cells", c.text, i)
			assert.InDelta(t, c.cells[i].P, got[i].P, 1e-9, "%s: entry %d probability", c.text, i)
		}
	}
}

func TestParseSizeFile(t *testing.T) {
	cases := []struct {
		in   string
		want []traffic.WeightedSize
		err  string
	}{
		{in: "64\n", want: []traffic.WeightedSize{{Bytes: 64, Weight: 1}}},
		{in: " 64\t2 # small\n\n1500, 0.5\r\n", want: []traffic.WeightedSize{{Bytes: 64, Weight: 2}, {Bytes: 1500, Weight: 0.5}}},
		{in: "64 1 2\n", err: "line 1: 3 fields"},
		{in: "\n-5 1\n", err: "line 2: bytes \"-5\""},
		{in: "64 0\n", err: "line 1: weight \"0\", allowed a number above 0"},
		{in: "64 NaN\n", err: "line 1: weight"},
		{in: "64 x\n", err: "line 1: weight \"x\""},
		{in: "99999999 1\n", err: "line 1: bytes"},
		{in: "", err: "no sizes"},
	}
	for _, c := range cases {
		got, err := ParseSizeFile([]byte(c.in))
		if c.err != "" {
			require.Error(t, err, "%q", c.in)
			assert.Contains(t, err.Error(), c.err, "%q", c.in)
			continue
		}
		require.NoError(t, err, "%q", c.in)
		assert.Equal(t, c.want, got, "%q", c.in)
	}
}

// TestSamplerFollowsDistribution draws many sizes and compares the
// frequencies with the distribution.
func TestSamplerFollowsDistribution(t *testing.T) {
	d := []CellProb{{1, 0.2}, {3, 0.5}, {6, 0.3}}
	s := newSampler(d, 1, 0)
	count := map[int]int{}
	const n = 100000
	for i := 0; i < n; i++ {
		count[s.draw()]++
	}
	for _, c := range d {
		assert.InDelta(t, c.P, float64(count[c.Cells])/n, 0.01, "cells=%d frequency", c.Cells)
	}
	assert.Equal(t, 6, MaxCells(d))
	assert.InDelta(t, 0.2+1.5+1.8, MeanCells(d), 1e-12)
}
