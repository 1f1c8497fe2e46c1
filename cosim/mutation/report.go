package mutation

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Summary counts the verdicts of a self-check.
type Summary struct {
	Mutants    int // all mutants
	Killed     int
	Equivalent int // explained equivalents that survived
	Survived   int // unexplained survivors: test gaps
	Bad        int // defects, errors and killed "equivalents"
}

// Summarize counts verdicts.
func Summarize(rs []Result) Summary {
	s := Summary{Mutants: len(rs)}
	for _, r := range rs {
		switch r.Verdict {
		case Killed:
			s.Killed++
		case Equivalent:
			s.Equivalent++
		case Survived:
			s.Survived++
		default:
			s.Bad++
		}
	}
	return s
}

// Scored is the number of mutants the kill rate is over: all of them but
// the explained equivalents.
func (s Summary) Scored() int { return s.Mutants - s.Equivalent }

// Rate is the kill rate in percent over the scored mutants.
func (s Summary) Rate() float64 {
	if s.Scored() == 0 {
		return 0
	}
	return 100 * float64(s.Killed) / float64(s.Scored())
}

// OK reports whether the self-check passes: every mutant killed or an
// explained equivalent.
func (s Summary) OK() bool { return s.Survived == 0 && s.Bad == 0 }

// String is the one-line kill rate, e.g.
// "mutation: 30/30 killed (100.0%), 1 explained equivalent not scored".
func (s Summary) String() string {
	line := fmt.Sprintf("mutation: %d/%d killed (%.1f%%)", s.Killed, s.Scored(), s.Rate())
	if s.Equivalent > 0 {
		line += fmt.Sprintf(", %d explained equivalent not scored", s.Equivalent)
	}
	if s.Survived > 0 {
		line += fmt.Sprintf(", %d SURVIVED", s.Survived)
	}
	if s.Bad > 0 {
		line += fmt.Sprintf(", %d defective or failed", s.Bad)
	}
	return line
}

// WriteTable writes one row per mutant: id, block, file:line, verdict, the
// cycle and signal of the first mismatch, build and simulation times, and
// the detail (the mismatch, the error, or the equivalence).
func WriteTable(w io.Writer, rs []Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "id\tblock\tfile:line\tverdict\tcycle\tsignal\tbuild\tsim\tdetail")
	for _, r := range rs {
		cycle, signal := "-", "-"
		if r.Detection.Mismatch {
			cycle, signal = fmt.Sprint(r.Detection.Cycle), r.Detection.Signal
		}
		build := fmt.Sprintf("%.1fs", r.Build.Seconds())
		if r.Cached {
			build += " (cached)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s:%d\t%s\t%s\t%s\t%s\t%.2fs\t%s\n",
			r.Mutant.ID, r.Mutant.Block, r.Mutant.File, r.Line, r.Verdict, cycle, signal,
			build, r.Sim.Seconds(), oneLine(detail(r)))
	}
	return tw.Flush()
}

func detail(r Result) string {
	switch {
	case r.Err != nil:
		return r.Err.Error()
	case r.Verdict == Equivalent:
		return "equivalent: " + r.Mutant.Equivalent
	case r.Verdict == EquivKilled:
		return "listed as equivalent but killed (" + r.Detection.Detail + "): fix the catalogue"
	case r.Verdict == Survived:
		return fmt.Sprintf("no mismatch in %d cycles: %s", r.Detection.Cycles, r.Mutant.Desc)
	}
	return r.Detection.Detail
}

// oneLine keeps the first line of s, at most 160 characters.
func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}

// WriteMarkdown writes the verdicts as the Markdown table of
// docs/mutation.md: id, block, file:line, what changes, and the cycle and
// signal of the kill (or why the mutant is equivalent).
func WriteMarkdown(w io.Writer, rs []Result) error {
	if _, err := fmt.Fprintln(w, "| id | block | file:line | what changes | killed at cycle | by signal |\n|---|---|---|---|---|---|"); err != nil {
		return err
	}
	for _, r := range rs {
		cycle, signal := "", ""
		switch {
		case r.Detection.Mismatch:
			cycle, signal = fmt.Sprint(r.Detection.Cycle), "`"+r.Detection.Signal+"`"
		case r.Verdict == Equivalent:
			cycle, signal = "equivalent", "see below"
		default:
			cycle, signal = r.Verdict.String(), ""
		}
		if _, err := fmt.Fprintf(w, "| `%s` | %s | `%s:%d` | %s | %s | %s |\n", r.Mutant.ID, r.Mutant.Block,
			r.Mutant.File, r.Line, strings.ReplaceAll(r.Mutant.Desc, "|", `\|`), cycle, signal); err != nil {
			return err
		}
	}
	return nil
}
