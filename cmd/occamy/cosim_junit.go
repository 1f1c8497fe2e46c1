package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"unicode/utf8"

	"occamy/rtl/outfile"
)

// JUnit XML, the subset CI dashboards read (Jenkins, GitLab, GitHub
// actions' reporters): testsuites > testsuite > testcase with failure,
// error or skipped, and system-out.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Error     *junitMessage `xml:"error,omitempty"`
	SystemOut *junitText    `xml:"system-out,omitempty"`
}

// junitText is element text as CDATA, so a trace keeps its line breaks.
type junitText struct {
	Text string `xml:",cdata"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

// junitDoc builds the report: one suite per simulator pass, one test case
// per block and parameter set. A mismatch is a failure; a run that could
// not be set up, compared nothing or was interrupted is an error.
func junitDoc(runs []*cosimRun) junitSuites {
	doc := junitSuites{Name: "occamy cosim"}
	idx := map[string]int{}
	var total float64
	var suiteSecs []float64
	for _, r := range runs {
		sim := r.opt.Sim
		if r.res != nil {
			sim = r.res.Sim
		}
		if sim == "" {
			sim = "verilator"
		}
		i, ok := idx[sim]
		if !ok {
			i = len(doc.Suites)
			idx[sim] = i
			doc.Suites = append(doc.Suites, junitSuite{Name: "cosim " + sim})
			suiteSecs = append(suiteSecs, 0)
		}
		c := junitCase{Name: xmlSafe(r.name()), Classname: xmlSafe("occamy.cosim." + sim + "." + r.opt.Block)}
		secs := 0.0
		var out bytes.Buffer
		switch v := r.verdict(); v {
		case "error":
			c.Error = &junitMessage{Message: xmlSafe(r.err.Error()), Type: "setup"}
			doc.Suites[i].Errors++
		case "interrupted":
			c.Error = &junitMessage{Message: xmlSafe(r.res.Verdict()), Type: "interrupted"}
			doc.Suites[i].Errors++
		case "mismatch":
			m := r.res.Mismatch
			c.Failure = &junitMessage{Message: xmlSafe(m.Short()), Type: "mismatch", Text: xmlSafe(strings.Join(m.Trace, "\n"))}
			doc.Suites[i].Failures++
		}
		if r.res != nil {
			secs = r.res.Elapsed.Seconds()
			writeResult(&out, r.res)
			c.SystemOut = &junitText{Text: xmlSafe(out.String())}
		}
		c.Time = fmt.Sprintf("%.3f", secs)
		total += secs
		suiteSecs[i] += secs
		doc.Suites[i].Tests++
		doc.Suites[i].Cases = append(doc.Suites[i].Cases, c)
	}
	for i := range doc.Suites {
		s := &doc.Suites[i]
		s.Time = fmt.Sprintf("%.3f", suiteSecs[i])
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
	}
	doc.Time = fmt.Sprintf("%.3f", total)
	return doc
}

// xmlSafe replaces what XML 1.0 cannot hold (control characters other
// than tab and line breaks, invalid UTF-8, U+FFFE and U+FFFF) with U+FFFD:
// a design's $display text goes into the report as it printed it.
func xmlSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20, r == utf8.RuneError, r == 0xfffe, r == 0xffff:
			return utf8.RuneError
		}
		return r
	}, s)
}

// writeJUnit writes the report to path through rtl/outfile: atomically
// (a temporary file in the same directory, synced, then renamed over
// path, so a reader or a run stopped half-way never sees half a report),
// or through a device, FIFO or /dev/stdout, which it never replaces.
func writeJUnit(path string, runs []*cosimRun) error {
	body, err := xml.MarshalIndent(junitDoc(runs), "", "  ")
	if err != nil {
		return fmt.Errorf("cosim: --junit: %w", err)
	}
	if err := outfile.WriteFile(path, append([]byte(xml.Header), append(body, '\n')...)); err != nil {
		return fmt.Errorf("cosim: --junit %w", err)
	}
	return nil
}
