package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"occamy/cosim/runner"
	"occamy/testbench/coverage"
)

// Tally counts a report's runs: a run passes when it matched; it fails on
// a mismatch, a setup error or an interruption.
type Tally struct {
	Passed, Mismatch, Errors, Interrupted int
}

// Failed is the runs that did not pass.
func (t Tally) Failed() int { return t.Mismatch + t.Errors + t.Interrupted }

// String is the summary line: "N passed, M failed", with what failed
// when M > 0 ("(1 mismatch, 1 could not run)").
func (t Tally) String() string {
	s := fmt.Sprintf("%d passed, %d failed", t.Passed, t.Failed())
	var why []string
	for _, x := range []struct {
		n    int
		what string
	}{{t.Mismatch, "mismatch"}, {t.Errors, "could not run"}, {t.Interrupted, "interrupted"}} {
		if x.n > 0 {
			why = append(why, fmt.Sprintf("%d %s", x.n, x.what))
		}
	}
	if len(why) > 0 && len(why) < 4 && t.Failed() > 0 {
		s += " (" + strings.Join(why, ", ") + ")"
	}
	return s
}

// Tally counts the runs.
func (rep *Report) Tally() Tally {
	var t Tally
	for _, r := range rep.Runs {
		switch r.Verdict() {
		case runner.StatusMatch:
			t.Passed++
		case runner.StatusMismatch:
			t.Mismatch++
		case runner.StatusInterrupted:
			t.Interrupted++
		default:
			t.Errors++
		}
	}
	return t
}

// Merged is each block's coverage merged over its runs on one simulator,
// for the blocks run more than once there, in the order they first ran.
func (rep *Report) Merged() []*coverage.Merged {
	type key struct{ block, sim string }
	var order []key
	reports := map[key][]*coverage.Report{}
	for _, r := range rep.Runs {
		res := r.Result()
		if res.Coverage == nil {
			continue
		}
		k := key{res.Block, res.Sim}
		if _, ok := reports[k]; !ok {
			order = append(order, k)
		}
		reports[k] = append(reports[k], res.Coverage)
	}
	var ms []*coverage.Merged
	for _, k := range order {
		if len(reports[k]) < 2 {
			continue
		}
		m := coverage.Merge(reports[k])
		m.Sim = k.sim
		ms = append(ms, m)
	}
	return ms
}

// writeSummary writes the merged coverage tables, then the summary line.
func (rep *Report) writeSummary(w io.Writer) {
	for _, m := range rep.Merged() {
		var t bytes.Buffer
		_ = m.WriteTable(&t)
		for _, l := range strings.Split(strings.TrimRight(t.String(), "\n"), "\n") {
			fmt.Fprintln(w, "  "+l)
		}
	}
	fmt.Fprintln(w, rep.Tally().String())
}

// caseName is a run's JUnit test case: "BLOCK [SET] seed S".
func caseName(res *runner.Result) string {
	return fmt.Sprintf("%s [%s] seed %d", res.Block, res.SetName(), res.Seed)
}

// junitSummary puts each suite's merged coverage in its system-out, and
// the summary line in the last suite's.
func junitSummary(rep *Report, doc *JUnit) {
	merged := rep.Merged()
	for i := range doc.Suites {
		s := &doc.Suites[i]
		var b bytes.Buffer
		for _, m := range merged {
			if "cosim "+m.Sim == s.Name {
				_ = m.WriteTable(&b)
			}
		}
		if i == len(doc.Suites)-1 {
			b.WriteString(rep.Tally().String() + "\n")
		}
		if b.Len() > 0 {
			s.SystemOut = &JUnitText{Text: xmlSafe(b.String())}
		}
	}
}
