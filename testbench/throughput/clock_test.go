package throughput

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
	"occamy/testbench/field"
)

func TestValidClock(t *testing.T) {
	cases := []struct {
		ghz float64
		ok  bool
	}{
		{1, true}, {0.54, true}, {100, true}, {1e-3, true},
		{0, false}, {-1, false}, {100.5, false}, {math.NaN(), false}, {math.Inf(1), false}, {math.Inf(-1), false},
	}
	for _, tc := range cases {
		err := ValidClock(tc.ghz)
		if tc.ok {
			assert.NoError(t, err, "%g GHz", tc.ghz)
			continue
		}
		require.Error(t, err, "%g GHz", tc.ghz)
		fe, ok := field.As(err)
		require.True(t, ok, "%g GHz: want a *field.Error, got %T", tc.ghz, err)
		assert.Equal(t, "ClockGHz", fe.Field)
		assert.Contains(t, err.Error(), "out of range, allowed above 0 up to 100 GHz")
	}
}

// TestOptionsClock: 0 is "per clock only"; anything else must be a clock.
func TestOptionsClock(t *testing.T) {
	for _, tc := range []struct {
		ghz float64
		ok  bool
	}{{0, true}, {1.05, true}, {-0.5, false}, {math.NaN(), false}, {1000, false}} {
		o := quick()
		o.ClockGHz = tc.ghz
		if tc.ok {
			assert.NoError(t, o.Validate(), "%g GHz", tc.ghz)
		} else {
			assert.ErrorContains(t, o.Validate(), "ClockGHz: ", "%g GHz", tc.ghz)
		}
	}
}

// TestAtClock: per second is per clock times the clock; bits are cells
// times the cell's bytes times 8.
func TestAtClock(t *testing.T) {
	cases := []struct {
		name                 string
		pkts, cells, bound   float64
		cellBytes            int
		ghz                  float64
		wPkts, wCells, wBits float64
		wBound               float64
	}{
		{"paper: a packet every 2 cycles at 1 GHz", 0.5, 3, 0.9792, 256, 1, 5e8, 3e9, 6.144e12, 9.792e8},
		{"half a GHz", 0.97, 5.82, 0.9792, 256, 0.5, 4.85e8, 2.91e9, 5.95968e12, 4.896e8},
		{"64-byte cells", 0.25, 1, 0.25, 64, 2, 5e8, 2e9, 1.024e12, 5e8},
		{"nothing expelled", 0, 0, 0.1458, 256, 1, 0, 0, 0, 1.458e8},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ps := AtClock(Expulsion{PktsPerClock: tc.pkts, CellsPerClock: tc.cells}, Bound{PktsPerClock: tc.bound}, tc.cellBytes, tc.ghz)
			assert.Equal(t, tc.ghz, ps.ClockGHz)
			assert.InDelta(t, tc.wPkts, ps.Pkts, 1e-6*tc.wPkts+1e-9, "packets per second")
			assert.InDelta(t, tc.wCells, ps.Cells, 1e-6*tc.wCells+1e-9, "cells per second")
			assert.InDelta(t, tc.wBits, ps.CellBits, 1e-6*tc.wBits+1e-9, "cell bits per second")
			assert.InDelta(t, tc.wBound, ps.BoundPkts, 1e-6*tc.wBound+1e-9, "bound packets per second")
		})
	}
}

// TestReportsPerSecond: with a clock, Measure fills PerSecond from its own
// per-clock figures, and the table, CSV and JSON carry it; a point that
// could not be set up has none.
func TestReportsPerSecond(t *testing.T) {
	o := quick()
	o.ClockGHz = 0.5
	p := Point{K: 4, FreeMode: tm.FreeCell, Size: mustSize(t, "bimodal:64:1500:0.5"), Ports: 8}
	r, err := Measure(context.Background(), p, o)
	require.NoError(t, err)
	require.NotNil(t, r.PerSecond)
	require.Positive(t, r.Expulsion.Pkts)
	require.NotEqual(t, r.Bound.PktsPerClock, r.Expelled.PktsPerClock, "a mix whose expelled sample differs from the offered one, so the bound per second is seen to be the offered mix's")
	assert.Equal(t, AtClock(r.Expulsion, r.Bound, o.CellBytes, 0.5), r.PerSecond)
	assert.InDelta(t, r.Expulsion.PktsPerClock*5e8, r.PerSecond.Pkts, 1)

	setup := Result{Point: p, Setup: "no room", Flag: "cannot be set up: no room"}
	rep := &Report{Options: o, Results: []Result{r, setup}}

	var tb bytes.Buffer
	require.NoError(t, WriteTable(&tb, rep))
	text := tb.String()
	assert.Contains(t, text, "at a 0.5 GHz clock (given, not measured)")
	assert.Contains(t, text, "Mpkts/s  Mcells/s  Gbit/s")
	var measured, notSetUp []string
	for _, l := range strings.Split(text, "\n") {
		switch f := strings.Fields(l); {
		case strings.HasSuffix(l, "no setup"):
			notSetUp = f
		case len(f) > 0 && f[0] == "4":
			measured = f
		}
	}
	cells := perSecondCells(r.PerSecond)
	note := "[1]"
	if len(measured) == 20 { // flagged (6.7% below the bound since the executor's stage A is registered)
		require.Equal(t, "[1]", measured[19], "the measured row: %q", measured)
		measured, note = measured[:19], "[2]"
	}
	require.Len(t, measured, 19, "the measured row: %q", measured)
	assert.Equal(t, cells, measured[10:13], "Mpkts/s, Mcells/s, Gbit/s after cells/clk")
	assert.Equal(t, fmt.Sprintf("%.1f", 5e8*r.Expulsion.PktsPerClock/1e6), cells[0])
	assert.Equal(t, []string{"-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", note, "no", "setup"}, notSetUp[len(notSetUp)-14:],
		"the setup row: a dash in every measured column, per second included, then its flag")

	var cb bytes.Buffer
	require.NoError(t, WriteCSV(&cb, rep))
	rows, err := csv.NewReader(&cb).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 3)
	assert.Equal(t, CSVColumns(o), rows[0])
	assert.Equal(t, CSVPerSecond, rows[0][len(CSVHeader):])
	n := len(CSVPerSecond)
	assert.Equal(t, []string{"0.5", fmtG(r.PerSecond.Pkts), fmtG(r.PerSecond.Cells), fmtG(r.PerSecond.CellBits), fmtG(r.PerSecond.BoundPkts)},
		rows[1][len(rows[1])-n:])
	assert.Equal(t, make([]string, n), rows[2][len(rows[2])-n:], "no per-second figures for a point not set up")
	for i, row := range rows {
		assert.Len(t, row, len(rows[0]), "row %d", i)
	}

	var jb bytes.Buffer
	require.NoError(t, WriteJSON(&jb, rep))
	assert.Contains(t, jb.String(), `"clock_ghz": 0.5`)
	assert.Equal(t, 1, strings.Count(jb.String(), `"per_second"`))
	var back Report
	require.NoError(t, json.Unmarshal(jb.Bytes(), &back))
	assert.Equal(t, rep.Results, back.Results, "JSON round trip")
	assert.Equal(t, o, back.Options)
}
