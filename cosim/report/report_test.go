package report

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"occamy/cosim/runner"
	"occamy/testbench/coverage"
)

// fakeRuns are three runs as the runner returns them: a match with
// coverage (one coverpoint never hit), a mismatch, a setup error.
func fakeRuns() []*Run {
	cov := &coverage.Report{Block: "freelist", Points: []coverage.Point{
		{Name: "free_cells_empty", Desc: "the free cell list empties", Hits: 12},
		{Name: "one_queue_all_pds", Desc: "one queue holds every PD", Hits: 0},
	}}
	match := &runner.Result{Checked: runner.Checked{Block: "freelist", Top: "free_list", Sim: "verilator", Mode: "batched",
		Params: map[string]int{"CELLS": 20, "K": 2, "LAT": 1}, Seed: 1}, Counts: runner.Counts{Cycles: 1000, Compared: 999,
		Rate: 1e6, Elapsed: runner.Seconds{Duration: time.Millisecond}, Outputs: []string{"enq_ready_o", "drop_ack_o", "drop_cells_o", "qlen_o", "free_o"}},
		Coverage: cov}
	bad := &runner.Result{Checked: runner.Checked{Block: "arbiter", Top: "my_arb", Sim: "icarus", Mode: "vcd diff", Params: map[string]int{"N": 64},
		Seed: 1}, Counts: runner.Counts{Cycles: 421, Compared: 419}, Mismatch: &runner.Mismatch{Cycle: 420, Signal: "gnt_idx_o", Go: "3f", RTL: "00",
		Trace: []string{"c=419 ...", "c=420 ..."}}}
	return []*Run{
		{Opt: runner.Options{Block: "freelist", Params: map[string]int{"CELLS": 20, "K": 2}}, Res: match},
		{Opt: runner.Options{Block: "arbiter", Sim: "icarus"}, Res: bad},
		{Opt: runner.Options{Block: "tm", Params: map[string]int{"P": 3}}, Err: errors.New("cosim: build failed")},
	}
}

// TestCosimReportText: the verdict, the trace and the coverage table with
// the zero-hit coverpoint flagged.
func TestCosimReportText(t *testing.T) {
	var b strings.Builder
	require.NoError(t, (&Report{Runs: fakeRuns()}).Write(&b, false, ""))
	out := b.String()
	require.Contains(t, out, "MATCH freelist (free_list, verilator batched): 999 cycles compared (1000 run) on 5 outputs, coverage 1/2 hit, ")
	require.Contains(t, out, "  coverage freelist: 1/2 coverpoints hit\n")
	require.Regexp(t, `(?m)^    one_queue_all_pds +0  one queue holds every PD  ZERO$`, out)
	require.Regexp(t, `(?m)^    free_cells_empty +12  the free cell list empties$`, out)
	require.Contains(t, out, "MISMATCH arbiter (my_arb, icarus vcd diff): cycle 420: gnt_idx_o go=3f rtl=00 after 421 cycles (419 compared)")
	require.Contains(t, out, "  c=420 ...\n")
	require.Contains(t, out, "ERROR tm: cosim: build failed\n")
}

// TestCosimReportJSON: verdict, cycles compared, first mismatch, coverage.
func TestCosimReportJSON(t *testing.T) {
	var b strings.Builder
	require.NoError(t, (&Report{Runs: fakeRuns()}).Write(&b, true, ""))
	var doc Document
	require.NoError(t, json.Unmarshal([]byte(b.String()), &doc))
	require.Equal(t, "error", doc.Verdict, "the worst run decides")
	require.Len(t, doc.Runs, 3)
	m, x, e := doc.Runs[0], doc.Runs[1], doc.Runs[2]
	require.Equal(t, "freelist CELLS=20 K=2 LAT=1", m.Name, "every parameter, in the block's order")
	require.Equal(t, "match", m.Status)
	require.Equal(t, uint64(999), m.Compared)
	require.Equal(t, uint64(1000), m.Cycles)
	require.Equal(t, []string{"enq_ready_o", "drop_ack_o", "drop_cells_o", "qlen_o", "free_o"}, m.Outputs)
	require.NotNil(t, m.Coverage)
	require.Equal(t, uint64(12), m.Coverage.Points[0].Hits)
	require.Equal(t, []string{"one_queue_all_pds"}, m.Zero)
	require.Equal(t, "mismatch", x.Status)
	require.Equal(t, &runner.Mismatch{Cycle: 420, Signal: "gnt_idx_o", Go: "3f", RTL: "00", Trace: []string{"c=419 ...", "c=420 ..."}}, x.Mismatch)
	require.Equal(t, "error", e.Status)
	require.Equal(t, "cosim: build failed", e.Error)
	require.Equal(t, "tm P=3", e.Name, "an unset-up run is named by the parameters given")
}

// TestCosimReportJUnit: one case per run, a mismatch as a failure, an
// error as an error, counts per suite and in all; written by rename.
func TestCosimReportJUnit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.xml")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
	require.NoError(t, (&Report{Runs: fakeRuns()}).WriteJUnit(path))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var s JUnit
	require.NoError(t, xml.Unmarshal(b, &s), string(b))
	require.Equal(t, 3, s.Tests)
	require.Equal(t, 1, s.Failures)
	require.Equal(t, 1, s.Errors)
	require.Len(t, s.Suites, 2, "verilator and icarus")
	require.Equal(t, "cosim verilator", s.Suites[0].Name)
	require.Equal(t, []string{"freelist CELLS=20 K=2 LAT=1", "tm P=3"}, []string{s.Suites[0].Cases[0].Name, s.Suites[0].Cases[1].Name})
	require.NotNil(t, s.Suites[0].Cases[1].Error)
	require.Contains(t, s.Suites[0].Cases[0].SystemOut.Text, "ZERO")
	f := s.Suites[1].Cases[0].Failure
	require.NotNil(t, f)
	require.Equal(t, "cycle 420: gnt_idx_o go=3f rtl=00", f.Message)
	require.Equal(t, "c=419 ...\nc=420 ...", f.Text)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file left")

	err = (&Report{Runs: fakeRuns()}).WriteJUnit(filepath.Join(dir, "no", "such", "dir.xml"))
	require.ErrorContains(t, err, "--junit")
}

// TestCosimJUnitOddText: a design's message with control bytes, bad UTF-8
// and a CDATA end still gives a report an XML reader accepts.
func TestCosimJUnitOddText(t *testing.T) {
	runs := fakeRuns()
	m := runs[1].Res.Mismatch
	m.RTL = "bell\x07 and \xff]]><x>"
	m.Trace = []string{"c=1 \x01", "]]>", "ok é"}
	path := filepath.Join(t.TempDir(), "odd.xml")
	require.NoError(t, (&Report{Runs: runs}).WriteJUnit(path))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var s JUnit
	require.NoError(t, xml.Unmarshal(b, &s), string(b))
	f := s.Suites[1].Cases[0].Failure
	require.Equal(t, "c=1 \ufffd\n]]>\nok é", f.Text)
	require.Contains(t, f.Message, "bell\ufffd and \ufffd]]><x>")
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestCosimReportWriteFails: a verdict that cannot be written is an error.
func TestCosimReportWriteFails(t *testing.T) {
	err := (&Report{Runs: fakeRuns()}).Write(failWriter{}, false, "")
	require.ErrorContains(t, err, "writing the verdict: no space left on device")
}
