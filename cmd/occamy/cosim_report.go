package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"occamy/cosim/runner"
	"occamy/testbench/coverage"
)

// cosimRun is one run of occamy cosim: its options and either a result or
// the error that kept it from running.
type cosimRun struct {
	opt runner.Options
	res *runner.Result
	err error
}

// verdict is "match", "mismatch", "interrupted" or "error".
func (r *cosimRun) verdict() string {
	switch {
	case r.err != nil || r.res == nil:
		return "error"
	case r.res.Interrupted:
		return "interrupted"
	case r.res.Mismatch != nil:
		return "mismatch"
	}
	return "match"
}

// name is "BLOCK N=64 QW=16" (every parameter, defaults included, when the
// run was set up; the given ones otherwise), the JUnit test case name.
func (r *cosimRun) name() string {
	p := r.opt.Params
	if r.res != nil {
		p = r.res.Params
	}
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	if names, err := runner.ParamNames(r.opt.Block); err == nil {
		keys = names // the block's own order
	} else {
		sort.Strings(keys)
	}
	s := []string{r.opt.Block}
	for _, k := range keys {
		if v, ok := p[k]; ok {
			s = append(s, fmt.Sprintf("%s=%d", k, v))
		}
	}
	return strings.Join(s, " ")
}

// cosimReport collects the runs and writes them: text or JSON on stdout,
// and a JUnit file.
type cosimReport struct {
	json  bool
	runs  []*cosimRun
	fatal error // a setup error that ended the command (one line on stderr)
}

// counts are the runs that could not be checked and those that differ.
func (rep *cosimReport) counts() (setup, mismatch int) {
	for _, r := range rep.runs {
		switch r.verdict() {
		case "error":
			setup++
		case "mismatch":
			mismatch++
		}
	}
	return setup, mismatch
}

// write prints the runs on w (checking the write: a verdict lost on a full
// disk is an error) and writes the JUnit report when junit is set.
func (rep *cosimReport) write(w io.Writer, junit string) error {
	var b bytes.Buffer
	if rep.json {
		if err := rep.writeJSON(&b); err != nil {
			return err
		}
	} else {
		for _, r := range rep.runs {
			if r.err != nil {
				if r.err != rep.fatal {
					fmt.Fprintf(&b, "ERROR %s: %v\n", r.opt.Block, r.err)
				}
				continue
			}
			writeResult(&b, r.res)
		}
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("cosim: writing the verdict: %w", err)
	}
	if junit != "" && len(rep.runs) > 0 {
		if err := writeJUnit(junit, rep.runs); err != nil {
			return err
		}
	}
	return nil
}

// writeResult writes the verdict line, then a mismatch's trace, the
// waveforms, the notes and the coverage table.
func writeResult(w io.Writer, res *runner.Result) {
	fmt.Fprintln(w, res.Verdict())
	if m := res.Mismatch; m != nil {
		for _, l := range m.Trace {
			fmt.Fprintln(w, "  "+l)
		}
	}
	if m := res.Integrity; m != nil {
		fmt.Fprintf(w, "  first %s difference (data integrity, lock-step on that port alone): %s\n", m.Signal, m.Short())
	}
	for _, v := range res.VCD {
		fmt.Fprintln(w, "  wrote "+v)
	}
	for _, n := range res.Notes {
		for _, l := range strings.Split(n, "\n") {
			fmt.Fprintln(w, "  note: "+l)
		}
	}
	if res.Coverage != nil {
		var t bytes.Buffer
		_ = res.Coverage.WriteTable(&t)
		for _, l := range strings.Split(strings.TrimRight(t.String(), "\n"), "\n") {
			if l != "" {
				fmt.Fprintln(w, "  "+l)
			}
		}
	}
}

// cosimJSON is the document --json prints.
type cosimJSON struct {
	// Verdict is "match" when every run matched, else "error",
	// "interrupted" or "mismatch", the first that applies in that order.
	Verdict string         `json:"verdict"`
	Runs    []cosimRunJSON `json:"runs"`
}

// cosimRunJSON is one run: what was checked, the verdict, the cycles
// run and compared, the first mismatch and the coverage.
type cosimRunJSON struct {
	Name     string         `json:"name"` // "BLOCK N=.. ...", the JUnit test case
	Block    string         `json:"block"`
	Top      string         `json:"top,omitempty"`
	Sim      string         `json:"sim"`
	Mode     string         `json:"mode,omitempty"`
	Params   map[string]int `json:"params,omitempty"`
	Seed     int64          `json:"seed"`
	Files    []string       `json:"files,omitempty"`
	Verdict  string         `json:"verdict"` // match, mismatch, interrupted, error
	Line     string         `json:"line,omitempty"`
	Cycles   uint64         `json:"cycles_run"`
	Compared uint64         `json:"cycles_compared"`
	Outputs  []string       `json:"outputs_compared,omitempty"`
	Rate     float64        `json:"cycles_per_second"`
	Elapsed  float64        `json:"elapsed_seconds"`
	Mismatch *mismatchJSON  `json:"first_mismatch,omitempty"`
	// Integrity is the first difference on the block's data-integrity
	// port when the first mismatch is elsewhere (runner.Result.Integrity).
	Integrity *mismatchJSON    `json:"first_integrity_mismatch,omitempty"`
	Coverage  *coverage.Report `json:"coverage,omitempty"`
	Zero      []string         `json:"zero_hit_coverpoints,omitempty"`
	VCD       []string         `json:"vcd,omitempty"`
	Notes     []string         `json:"notes,omitempty"`
	Error     string           `json:"error,omitempty"`
}

// mismatchJSON is runner.Mismatch with JSON names.
type mismatchJSON struct {
	Cycle  uint64   `json:"cycle"`
	Signal string   `json:"signal"`
	Go     string   `json:"go"`
	RTL    string   `json:"rtl"`
	Detail string   `json:"detail,omitempty"`
	Trace  []string `json:"trace,omitempty"`
}

func (rep *cosimReport) writeJSON(w io.Writer) error {
	doc := cosimJSON{Verdict: "match", Runs: []cosimRunJSON{}}
	rank := map[string]int{"match": 0, "mismatch": 1, "interrupted": 2, "error": 3}
	for _, r := range rep.runs {
		j := cosimRunJSON{Name: r.name(), Block: r.opt.Block, Sim: r.opt.Sim, Params: r.opt.Params, Seed: r.opt.Seed, Verdict: r.verdict()}
		if j.Sim == "" {
			j.Sim = runner.Verilator
		}
		if res := r.res; res != nil {
			j.Top, j.Sim, j.Mode, j.Params, j.Files = res.Top, res.Sim, res.Mode, res.Params, res.Files
			j.Line, j.Cycles, j.Compared, j.Rate, j.Elapsed = res.Verdict(), res.Cycles, res.Compared, res.Rate, res.Elapsed.Seconds()
			j.Outputs = res.Outputs
			j.Coverage, j.Zero, j.VCD, j.Notes = res.Coverage, res.Coverage.Zero(), res.VCD, res.Notes
			if m := res.Mismatch; m != nil {
				j.Mismatch = &mismatchJSON{Cycle: m.Cycle, Signal: m.Signal, Go: m.Go, RTL: m.RTL, Detail: m.Detail, Trace: m.Trace}
			}
			if m := res.Integrity; m != nil {
				j.Integrity = &mismatchJSON{Cycle: m.Cycle, Signal: m.Signal, Go: m.Go, RTL: m.RTL, Detail: m.Detail}
			}
		}
		if r.err != nil {
			j.Error = r.err.Error()
		}
		if rank[j.Verdict] > rank[doc.Verdict] {
			doc.Verdict = j.Verdict
		}
		doc.Runs = append(doc.Runs, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
