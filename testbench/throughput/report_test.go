package throughput

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"occamy/hw/tm"
)

func sampleReport(t *testing.T) *Report {
	t.Helper()
	o := quick()
	g := Grid{K: []int{1, 8}, FreeMode: []tm.FreeMode{tm.FreeCell}, Size: []Size{mustSize(t, "fixed:1500")}, Load: []float64{0, 90},
		Ports: []int{8}, PD: []Mem{{}}, CP: []Mem{{}, {Reads: 16, Writes: 8}}, CD: []Mem{{}}}
	pts, err := g.Points()
	require.NoError(t, err)
	res, err := Sweep(context.Background(), pts, o, 0, nil)
	require.NoError(t, err)
	return &Report{Options: o, Results: res}
}

func TestReports(t *testing.T) {
	rep := sampleReport(t)
	var tb bytes.Buffer
	require.NoError(t, WriteTable(&tb, rep))
	text := tb.String()
	assert.Contains(t, text, "bound")
	assert.Contains(t, text, "cp", "memory columns shown when a budget is not auto")
	assert.Contains(t, text, "16/8")
	assert.Contains(t, text, "binds")
	assert.Contains(t, text, "[1] k=1 cell fixed:1500 load=90% P=8: model", "flag notes")
	assert.Contains(t, text, "below the bound (cp-write): demand cycles", "flag notes name the binding term and the classes")
	assert.NotContains(t, text, "Mpkts/s", "no clock, no per-second columns")
	for _, r := range rep.Results {
		assert.Nil(t, r.PerSecond, "%s: no clock, no per-second figures", r.Point)
	}

	var cb bytes.Buffer
	require.NoError(t, WriteCSV(&cb, rep))
	rows, err := csv.NewReader(&cb).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 1+len(rep.Results))
	assert.Equal(t, CSVHeader, rows[0])
	assert.Equal(t, CSVHeader, CSVColumns(rep.Options))
	for i, r := range rows[1:] {
		require.Len(t, r, len(CSVHeader), "row %d", i)
	}

	var jb bytes.Buffer
	require.NoError(t, WriteJSON(&jb, rep))
	var back Report
	require.NoError(t, json.Unmarshal(jb.Bytes(), &back))
	assert.Equal(t, rep.Results, back.Results, "JSON round trip")
	assert.False(t, strings.Contains(jb.String(), "NaN"))
	assert.NotContains(t, jb.String(), "clock_ghz", "no clock: the JSON is as before")
}
