// Package report writes the verdicts of co-simulation runs: the text
// occamy cosim prints, one JSON document (each run a runner.Result, with
// its JSON tags) and a JUnit XML report for CI dashboards. The library
// writes its own results; the command only picks which.
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"occamy/cosim/runner"
	"occamy/testbench/coverage"
)

// Run is one run of a check: its options and either its result or the
// error that kept it from running.
type Run struct {
	Opt runner.Options
	Res *runner.Result
	Err error
}

// Result is the run's result, its derived fields filled (Result.Finish),
// or, for a run that could not be set up, runner.Failed.
func (r *Run) Result() *runner.Result {
	if r.Err != nil || r.Res == nil {
		return runner.Failed(r.Opt, r.Err)
	}
	if r.Res.Status == "" {
		order, _ := runner.ParamNames(r.Opt.Block)
		r.Res.Finish(r.Opt.Block, order)
	}
	return r.Res
}

// Verdict is "match", "mismatch", "interrupted" or "error".
func (r *Run) Verdict() string { return r.Result().Status }

// Report is the runs of one command.
type Report struct {
	Runs []*Run
	// Fatal is a setup error that ended the command: the command prints
	// it on its own line, so the text leaves it out.
	Fatal error
	// Summary marks a regression (a matrix, --block all): each run's
	// coverage as its verdict line and holes only, then each block's
	// coverage merged over its runs once, then one line "N passed, M
	// failed" (summary.go).
	Summary bool
}

// Counts are the runs that could not be checked and those that differ.
func (rep *Report) Counts() (setup, mismatch int) {
	for _, r := range rep.Runs {
		switch r.Verdict() {
		case runner.StatusError:
			setup++
		case runner.StatusMismatch:
			mismatch++
		}
	}
	return setup, mismatch
}

// Write writes the runs on w, as JSON or text (checking the write: a
// verdict lost on a full disk is an error), and the JUnit report to junit
// when it is not "".
func (rep *Report) Write(w io.Writer, asJSON bool, junit string) error {
	var b bytes.Buffer
	if asJSON {
		if err := rep.WriteJSON(&b); err != nil {
			return err
		}
	} else {
		rep.writeText(&b)
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("cosim: writing the verdict: %w", err)
	}
	if junit != "" && len(rep.Runs) > 0 {
		if err := rep.WriteJUnit(junit); err != nil {
			return err
		}
	}
	return nil
}

// writeText writes each run: its verdict, or "ERROR BLOCK: ..." for a run
// that could not be set up (but the fatal one).
func (rep *Report) writeText(w io.Writer) {
	for _, r := range rep.Runs {
		if r.Err != nil {
			if r.Err != rep.Fatal {
				fmt.Fprintf(w, "ERROR %s: %v\n", r.Result().Subject(), r.Err)
			}
			continue
		}
		writeResult(w, r.Res, !rep.Summary)
	}
	if rep.Summary && rep.Fatal == nil {
		rep.writeSummary(w)
	}
}

// WriteResult writes the verdict line, then a mismatch's trace, the
// waveforms, the notes and the coverage table.
func WriteResult(w io.Writer, res *runner.Result) { writeResult(w, res, true) }

// writeResult is WriteResult; without table, the coverage is the verdict
// line's count and a line naming the holes.
func writeResult(w io.Writer, res *runner.Result, table bool) {
	fmt.Fprintln(w, res.Verdict())
	for _, l := range res.DetailLines() {
		fmt.Fprintln(w, "  "+l)
	}
	if m := res.Mismatch; m != nil {
		for _, l := range m.Trace {
			fmt.Fprintln(w, "  "+l)
		}
	}
	if m := res.Integrity; m != nil {
		fmt.Fprintf(w, "  first %s difference (data integrity, lock-step on that port alone): %s\n", m.Signal, m.Short())
	}
	for i, v := range res.VCD {
		if i < len(res.Saves) {
			fmt.Fprintf(w, "  wrote %s; open with: gtkwave %s %s\n", v, v, res.Saves[i])
			continue
		}
		fmt.Fprintln(w, "  wrote "+v)
	}
	if fw := res.FailWave; fw != nil {
		fmt.Fprintln(w, "  "+fw.Summary())
		fmt.Fprintln(w, "  open with: "+fw.Command())
	}
	for _, n := range res.Notes {
		for _, l := range strings.Split(n, "\n") {
			fmt.Fprintln(w, "  note: "+l)
		}
	}
	if z := res.Coverage.Zero(); !table && len(z) > 0 {
		fmt.Fprintln(w, "  coverage: ZERO "+strings.Join(z, ", "))
	}
	if res.Coverage != nil && table {
		var t bytes.Buffer
		_ = res.Coverage.WriteTable(&t)
		for _, l := range strings.Split(strings.TrimRight(t.String(), "\n"), "\n") {
			if l != "" {
				fmt.Fprintln(w, "  "+l)
			}
		}
	}
}

// Document is the JSON document of a report.
type Document struct {
	// Verdict is "match" when every run matched, else "error",
	// "interrupted" or "mismatch", the first that applies in that order.
	Verdict string           `json:"verdict"`
	Runs    []*runner.Result `json:"runs"`
	// Passed and Failed count the runs (Summary is their line, "N
	// passed, M failed"); Merged is each block's coverage merged over its
	// runs on one simulator, for a regression (Report.Summary).
	Passed  int                `json:"passed"`
	Failed  int                `json:"failed"`
	Summary string             `json:"summary"`
	Merged  []*coverage.Merged `json:"merged_coverage,omitempty"`
}

// Document is the report as JSON writes it.
func (rep *Report) Document() Document {
	doc := Document{Verdict: runner.StatusMatch, Runs: []*runner.Result{}}
	rank := map[string]int{runner.StatusMatch: 0, runner.StatusMismatch: 1, runner.StatusInterrupted: 2, runner.StatusError: 3}
	for _, r := range rep.Runs {
		res := r.Result()
		if rank[res.Status] > rank[doc.Verdict] {
			doc.Verdict = res.Status
		}
		doc.Runs = append(doc.Runs, res)
	}
	t := rep.Tally()
	doc.Passed, doc.Failed, doc.Summary = t.Passed, t.Failed(), t.String()
	if rep.Summary {
		doc.Merged = rep.Merged()
	}
	return doc
}

// WriteJSON writes the report as one indented JSON document.
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep.Document())
}
