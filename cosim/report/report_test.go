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
	match := &runner.Result{Checked: runner.Checked{Block: "freelist", Set: "CELLS=20 K=2", Design: "project RTL", Top: "free_list", Sim: "verilator", Mode: "batched",
		Params: map[string]int{"CELLS": 20, "K": 2, "LAT": 1}, Seed: 1}, Counts: runner.Counts{Cycles: 1000, Compared: 999,
		Rate: 1e6, Elapsed: runner.Seconds{Duration: time.Millisecond}, Outputs: []string{"enq_ready_o", "drop_ack_o", "drop_cells_o", "qlen_o", "free_o"}},
		Coverage: cov}
	bad := &runner.Result{Checked: runner.Checked{Block: "arbiter", Set: "defaults", Design: "your my_arb.sv", Top: "my_arb", Sim: "icarus", Mode: "vcd diff", Params: map[string]int{"N": 64},
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
	require.Contains(t, out, "MATCH freelist [CELLS=20 K=2] (project RTL free_list, verilator batched): 999 cycles compared (1000 run) on 5 outputs, coverage 1/2 hit, ")
	require.Contains(t, out, "  coverage freelist: 1/2 coverpoints hit\n")
	require.Regexp(t, `(?m)^    one_queue_all_pds +0  one queue holds every PD  ZERO$`, out)
	require.Regexp(t, `(?m)^    free_cells_empty +12  the free cell list empties$`, out)
	require.Contains(t, out, "MISMATCH arbiter [defaults] (your my_arb.sv: my_arb, icarus vcd diff): cycle 420: gnt_idx_o go=3f rtl=00 after 421 cycles (419 compared)")
	require.Contains(t, out, "  c=420 ...\n")
	require.Contains(t, out, "ERROR tm [P=3] (project RTL, verilator): cosim: build failed\n")
	require.NotContains(t, out, "passed", "one set of runs without Summary: no summary line")
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
	require.Equal(t, []string{"freelist [CELLS=20 K=2] seed 1", "tm [P=3] seed 0"}, []string{s.Suites[0].Cases[0].Name, s.Suites[0].Cases[1].Name})
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

// regressionRuns are four runs of one block's matrix, two configurations
// at two seeds, one a mismatch, and an Icarus run.
func regressionRuns() []*Run {
	mk := func(set string, seed int64, hits []uint64, na string) *runner.Result {
		return &runner.Result{Checked: runner.Checked{Block: "tm", Set: set, Design: "project RTL", Top: "occamy_tm", Sim: "verilator", Mode: "lock-step", Seed: seed},
			Counts: runner.Counts{Cycles: 100, Compared: 99}, Coverage: &coverage.Report{Block: "tm", Points: []coverage.Point{
				{Name: "hd_chain", Desc: "a head drop in chain mode", Hits: hits[0], NA: na},
				{Name: "hd_empty_bank", Desc: "into an empty bank", Hits: hits[1]},
				{Name: "pushout_neg", Desc: "pushout-ports", NA: "not pushout-ports"}}}}
	}
	a := mk("defaults/occamy", 1, []uint64{0, 0}, "free mode cell")
	b := mk("defaults/occamy-chain", 1, []uint64{7, 0}, "")
	c := mk("small/occamy-chain", 1, []uint64{5, 3}, "")
	c.Mismatch = &runner.Mismatch{Cycle: 42, Signal: "free_o", Go: "1", RTL: "2"}
	d := mk("small/occamy", 1, []uint64{0, 4}, "free mode cell")
	d.Sim, d.Mode = "icarus", "vcd diff"
	var rs []*Run
	for _, r := range []*runner.Result{a, b, c, d} {
		rs = append(rs, &Run{Opt: runner.Options{Block: "tm", Set: r.Set, Sim: r.Sim}, Res: r})
	}
	return rs
}

// TestRegressionSummary: a regression's text gives each run's verdict line
// (its holes named, no table), each block's coverage merged over its runs
// on one simulator once, and ends with "N passed, M failed"; the JSON and
// the JUnit count the same.
func TestRegressionSummary(t *testing.T) {
	rep := &Report{Runs: regressionRuns(), Summary: true}
	var b strings.Builder
	require.NoError(t, rep.Write(&b, false, ""))
	out := b.String()
	t.Log(out)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	require.Equal(t, "3 passed, 1 failed (1 mismatch)", lines[len(lines)-1])
	require.Contains(t, out, "MATCH tm [defaults/occamy] (project RTL occamy_tm, verilator lock-step)")
	require.Contains(t, out, "  coverage: ZERO hd_empty_bank\n", "a run's holes")
	require.NotContains(t, out, "  coverage tm: ", "no per-run table")
	require.Equal(t, 1, strings.Count(out, "coverage tm on verilator merged over 3 runs: 2/2 coverpoints hit (1 n/a in every run)"), out)
	require.Regexp(t, `(?m)^    hd_chain +12  in 2/2 +a head drop in chain mode$`, out)
	require.Regexp(t, `(?m)^    hd_empty_bank +3  in 1/3 +into an empty bank$`, out)
	require.Regexp(t, `(?m)^    pushout_neg +0  n/a +pushout-ports  n/a: not pushout-ports$`, out)
	require.NotContains(t, out, "on icarus merged", "one Icarus run: nothing to merge")

	b.Reset()
	require.NoError(t, rep.Write(&b, true, ""))
	var doc Document
	require.NoError(t, json.Unmarshal([]byte(b.String()), &doc))
	require.Equal(t, 3, doc.Passed)
	require.Equal(t, 1, doc.Failed)
	require.Equal(t, "3 passed, 1 failed (1 mismatch)", doc.Summary)
	require.Len(t, doc.Merged, 1)
	require.Equal(t, []string(nil), doc.Merged[0].Zero())
	require.Equal(t, "small/occamy-chain", doc.Runs[2].Set)

	path := filepath.Join(t.TempDir(), "r.xml")
	require.NoError(t, rep.WriteJUnit(path))
	x, err := os.ReadFile(path)
	require.NoError(t, err)
	var s JUnit
	require.NoError(t, xml.Unmarshal(x, &s))
	require.Equal(t, doc.Passed+doc.Failed, s.Tests)
	require.Equal(t, doc.Failed, s.Failures+s.Errors)
	require.Equal(t, "tm [small/occamy-chain] seed 1", s.Suites[0].Cases[2].Name)
	require.Contains(t, s.Suites[0].SystemOut.Text, "coverage tm on verilator merged over 3 runs")
	require.Contains(t, s.Suites[1].SystemOut.Text, "3 passed, 1 failed")

	// A setup error and an interruption fail too.
	rs := append(regressionRuns(), &Run{Opt: runner.Options{Block: "tm", Set: "k8/dt"}, Err: errors.New("cosim: no")})
	rs[0].Res.Interrupted = true
	rs[0].Res.Status = ""
	tl := (&Report{Runs: rs, Summary: true}).Tally()
	require.Equal(t, "2 passed, 3 failed (1 mismatch, 1 could not run, 1 interrupted)", tl.String())
}
