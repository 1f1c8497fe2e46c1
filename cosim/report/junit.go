package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"unicode/utf8"

	"occamy/cosim/runner"
	"occamy/rtl/outfile"
)

// JUnit is the JUnit XML report, the subset CI dashboards read (Jenkins,
// GitLab, GitHub actions' reporters): testsuites > testsuite > testcase
// with failure, error or skipped, and system-out.
type JUnit struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []JUnitSuite `xml:"testsuite"`
}

// JUnitSuite is one simulator pass.
type JUnitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []JUnitCase `xml:"testcase"`
	// SystemOut holds, for a regression, each block's coverage merged
	// over the suite's runs and, in the last suite, the summary line.
	SystemOut *JUnitText `xml:"system-out,omitempty"`
}

// JUnitCase is one run: a block at one parameter set and seed, named
// "BLOCK [SET] seed S" (the parameters are in its system-out).
type JUnitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *JUnitMessage `xml:"failure,omitempty"`
	Error     *JUnitMessage `xml:"error,omitempty"`
	SystemOut *JUnitText    `xml:"system-out,omitempty"`
}

// JUnitText is element text as CDATA, so a trace keeps its line breaks.
type JUnitText struct {
	Text string `xml:",cdata"`
}

// JUnitMessage is a failure or an error: a one-line message, its type
// and the trace.
type JUnitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

// junitDoc builds the report: one suite per simulator pass, one test case
// per block and parameter set. A mismatch is a failure; a run that could
// not be set up, compared nothing or was interrupted is an error.
func junitDoc(rep *Report) JUnit {
	runs := rep.Runs
	doc := JUnit{Name: "occamy cosim"}
	idx := map[string]int{}
	var total float64
	var suiteSecs []float64
	for _, r := range runs {
		res := r.Result()
		sim := res.Sim
		i, ok := idx[sim]
		if !ok {
			i = len(doc.Suites)
			idx[sim] = i
			doc.Suites = append(doc.Suites, JUnitSuite{Name: "cosim " + sim})
			suiteSecs = append(suiteSecs, 0)
		}
		c := JUnitCase{Name: xmlSafe(caseName(res)), Classname: xmlSafe("occamy.cosim." + sim + "." + r.Opt.Block)}
		secs := 0.0
		var out bytes.Buffer
		switch res.Status {
		case runner.StatusError:
			c.Error = &JUnitMessage{Message: xmlSafe(res.Error), Type: "setup"}
			doc.Suites[i].Errors++
		case runner.StatusInterrupted:
			c.Error = &JUnitMessage{Message: xmlSafe(res.Verdict()), Type: "interrupted"}
			doc.Suites[i].Errors++
		case runner.StatusMismatch:
			m := res.Mismatch
			c.Failure = &JUnitMessage{Message: xmlSafe(m.Short()), Type: "mismatch", Text: xmlSafe(strings.Join(m.Trace, "\n"))}
			doc.Suites[i].Failures++
		}
		if r.Err == nil && r.Res != nil {
			secs = res.Elapsed.Seconds()
			WriteResult(&out, res)
			c.SystemOut = &JUnitText{Text: xmlSafe(out.String())}
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
	if rep.Summary {
		junitSummary(rep, &doc)
	}
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

// WriteJUnit writes the report as JUnit XML to path through rtl/outfile:
// atomically (a temporary file in the same directory, synced, then renamed
// over path, so a reader or a run stopped half-way never sees half a
// report), or through a device, FIFO or /dev/stdout, which it never
// replaces.
func (rep *Report) WriteJUnit(path string) error {
	body, err := xml.MarshalIndent(junitDoc(rep), "", "  ")
	if err != nil {
		return fmt.Errorf("cosim: --junit: %w", err)
	}
	if err := outfile.WriteFile(path, append([]byte(xml.Header), append(body, '\n')...)); err != nil {
		return fmt.Errorf("cosim: --junit %w", err)
	}
	return nil
}
