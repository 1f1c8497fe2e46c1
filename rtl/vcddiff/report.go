package vcddiff

import (
	"fmt"
	"io"
	"strings"

	"occamy/rtl/vcd"
)

// File describes how Diff read one of its inputs.
type File struct {
	// Name is the input's name in messages (Options.NameA or NameB).
	Name string
	// Root is the compared scope: signals are named by their path
	// relative to it. "" is the whole file.
	Root string
	// Clock is the full path of the clock.
	Clock string
	// Reset is the full path of the reset, "" when there is none.
	Reset string
	// ResetLow says the reset is active low.
	ResetLow bool
	// Timescale is the file's unit, zero when it gives none. Edges are
	// counted, never timed, so units may differ.
	Timescale vcd.Timescale
	// Start is the 1-based number of the first compared rising edge: the
	// first edge at which the reset is released (1 without a reset).
	Start int
	// StartTime is that edge's timestamp.
	StartTime uint64
	// Edges is the number of rising edges read from Start on. The two
	// files differ in length when these differ (unless Report.Stopped).
	Edges int
	// LastEdge is the timestamp of the last rising edge and End the last
	// timestamp of the file (when the comparison ran to the end).
	LastEdge, End uint64
	// Tail is how long the file goes on after its last rising edge, in
	// periods of its clock (the last period): a dump cut short ends
	// earlier in its last cycle than a complete one. -1 when unknown
	// (fewer than two edges, or Report.Stopped).
	Tail float64
}

// Signal is one pair of compared signals.
type Signal struct {
	// Name is the path relative to the compared scopes; for a pair made
	// by Options.Map whose names differ, "nameA=nameB".
	Name string
	// PathA and PathB are the full paths in each file.
	PathA, PathB string
	// WidthA and WidthB are the declared widths; when they differ the
	// values are compared zero-extended.
	WidthA, WidthB int
	// Mapped says the pair came from Options.Map.
	Mapped bool
}

// Divergence is the first compared edge at which a signal differs.
type Divergence struct {
	// Signal is the Signal's Name; PathA and PathB its full paths.
	Signal       string
	PathA, PathB string
	// Edge is the 0-based index of the edge among the compared ones: edge
	// k of A is compared with edge k of B.
	Edge int
	// EdgeA and EdgeB are the 1-based numbers of that rising edge in each
	// file, counting from the start of the file.
	EdgeA, EdgeB int
	// TimeA and TimeB are the edge's timestamps, in each file's unit.
	TimeA, TimeB uint64
	// ValueA and ValueB are the values just before the edge, in
	// hexadecimal as the .vec files write them (x, z, X, Z for unknown
	// digits).
	ValueA, ValueB string
	// Count is the number of compared edges at which the signal differs.
	Count int
}

// Missing is a signal named in Options.Signals or Options.Map that only one
// file has: a difference.
type Missing struct {
	Name string // as the user wrote it
	In   string // the file it is missing from (File.Name)
}

// Unmatched is a var of one file that is compared with nothing.
type Unmatched struct {
	Path   string
	Kind   string
	Width  int
	Reason string // ReasonNoPeer, ReasonOutside, ReasonInteger
}

// Reasons a var is not compared.
const (
	// ReasonNoPeer: the other file has no signal at the same relative
	// path.
	ReasonNoPeer = "no counterpart"
	// ReasonOutside: the var lies outside the compared scope and shares
	// no id code with a compared signal (a testbench variable).
	ReasonOutside = "outside the compared scope"
	// ReasonInteger: an integer var (a loop or testbench variable) with
	// no counterpart, ignored.
	ReasonInteger = "integer, ignored"
)

// Report is the result of Diff.
type Report struct {
	A, B File
	// Edges is the number of edges compared.
	Edges int
	// Signals are the compared pairs, in A's declaration order (mapped
	// pairs first).
	Signals []Signal
	// Divergences holds the first divergence of every differing signal,
	// by edge and then name.
	Divergences []Divergence
	// Missing lists named signals that one file lacks.
	Missing []Missing
	// OnlyA and OnlyB list the vars compared with nothing.
	OnlyA, OnlyB []Unmatched
	// Warnings are things that do not make the files differ but may
	// matter: width differences, for example.
	Warnings []string
	// Stopped says Options.Max was reached: edges after the last
	// compared one were not read.
	Stopped bool
}

// LengthDiffers reports whether the two files have different numbers of
// rising edges after reset (only known when the comparison ran to the
// end).
func (r *Report) LengthDiffers() bool { return !r.Stopped && r.A.Edges != r.B.Edges }

// maxTailGap is how far apart, in clock periods, the two files' ends may
// be after their last rising edges. Tools end a dump of the same run at
// different points of its last cycle (the Go tracer at the last rising
// edge, Icarus half a period later), so less than a period apart is the
// same end; a whole period or more means one file goes on without its
// clock (a run stopped part way, a clock that died) and the two do not
// cover the same time.
const maxTailGap = 1.0

// EndDiffers reports whether the files have the same number of edges but
// end at different times after their last one (only known when the
// comparison ran to the end).
func (r *Report) EndDiffers() bool {
	if r.Stopped || r.LengthDiffers() || r.A.Tail < 0 || r.B.Tail < 0 {
		return false
	}
	d := r.A.Tail - r.B.Tail
	return d >= maxTailGap || d <= -maxTailGap
}

// Same reports whether the files agree: no divergence, no named signal
// missing, the same number of edges, ending at the same point of the
// last cycle.
func (r *Report) Same() bool {
	return len(r.Divergences) == 0 && len(r.Missing) == 0 && !r.LengthDiffers() && !r.EndDiffers()
}

// Summary is the one-line verdict, starting with "same:" or "different:".
func (r *Report) Summary() string {
	if r.Same() {
		return fmt.Sprintf("same: %d signals agree at all %d edges compared", len(r.Signals), r.Edges)
	}
	var why []string
	if n := len(r.Divergences); n > 0 {
		s := fmt.Sprintf("%d of %d signals differ", n, len(r.Signals))
		if r.Stopped {
			s += " (stopped at --max)"
		}
		why = append(why, s)
	}
	if n := len(r.Missing); n > 0 {
		why = append(why, fmt.Sprintf("%d named signals missing", n))
	}
	if r.LengthDiffers() {
		why = append(why, fmt.Sprintf("%s has %d edges after reset, %s has %d", r.A.Name, r.A.Edges, r.B.Name, r.B.Edges))
	}
	if r.EndDiffers() {
		why = append(why, fmt.Sprintf("%s ends %.2f clock periods after its last rising edge (#%d), %s %.2f (#%d): they do not end at the same time",
			r.A.Name, r.A.Tail, r.A.End, r.B.Name, r.B.Tail, r.B.End))
	}
	return fmt.Sprintf("different: %s; %d edges compared", strings.Join(why, ", "), r.Edges)
}

// maxListed is how many names one note line lists.
const maxListed = 8

// Write prints the report for a reader: both files' scopes, clocks and
// resets, notes on unmatched signals, warnings, one line per divergence
// and the summary line.
func (r *Report) Write(w io.Writer) error {
	var b strings.Builder
	for _, f := range []*File{&r.A, &r.B} {
		fmt.Fprintf(&b, "%s: scope %s, clock %s, %s\n", f.Name, orTop(f.Root), f.Clock, describeStart(f))
	}
	for _, only := range []struct {
		name string
		list []Unmatched
	}{{r.A.Name, r.OnlyA}, {r.B.Name, r.OnlyB}} {
		for _, reason := range []string{ReasonNoPeer, ReasonOutside, ReasonInteger} {
			var names []string
			for _, u := range only.list {
				if u.Reason == reason {
					names = append(names, u.Path)
				}
			}
			if len(names) > 0 {
				fmt.Fprintf(&b, "note: %d only in %s (%s): %s\n", len(names), only.name, reason, list(names))
			}
		}
	}
	for _, m := range r.Missing {
		fmt.Fprintf(&b, "missing: %s is not in %s\n", m.Name, m.In)
	}
	for _, s := range r.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", s)
	}
	for _, d := range r.Divergences {
		fmt.Fprintf(&b, "differs: %s at %s: %s", d.Signal, d.where(r), d.values(r))
		if d.Count > 1 {
			fmt.Fprintf(&b, ", at %d edges", d.Count)
		}
		b.WriteByte('\n')
	}
	b.WriteString(r.Summary())
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// Cycles are the cycle numbers of the divergence in each file: the k-th
// rising edge of a file's clock ends its cycle k-1, as cosim counts
// cycles (cycle 0 is the first, its values from the start of the dump to
// the first rising edge after it).
func (d Divergence) Cycles() (a, b int) { return d.EdgeA - 1, d.EdgeB - 1 }

// where says where d is: the cycle (each file's when they differ), the
// rising edge that ends it in each file and its time, and the compared
// edge's index.
func (d Divergence) where(r *Report) string {
	ca, cb := d.Cycles()
	switch {
	case ca == cb && d.TimeA == d.TimeB && r.A.Timescale == r.B.Timescale:
		return fmt.Sprintf("cycle %d (the rising edge at t=%d ends it: edge %d of both files; compared edge %d)", ca, d.TimeA, d.EdgeA, d.Edge)
	case ca == cb:
		return fmt.Sprintf("cycle %d (edge %d of both files, t=%d in %s, t=%d in %s; compared edge %d)",
			ca, d.EdgeA, d.TimeA, r.A.Name, d.TimeB, r.B.Name, d.Edge)
	}
	return fmt.Sprintf("cycle %d of %s (edge %d, t=%d), cycle %d of %s (edge %d, t=%d); compared edge %d",
		ca, r.A.Name, d.EdgeA, d.TimeA, cb, r.B.Name, d.EdgeB, d.TimeB, d.Edge)
}

// wideDigits is the widest value, in hexadecimal digits, that a divergence
// line prints whole; a wider one prints the digits that differ.
const wideDigits = 16

// values is "A=3f B=00"; for a value wider than wideDigits digits, the
// differing bits only: "bits 95:80 of 1024: A=0012 B=0011".
func (d Divergence) values(r *Report) string {
	a, b := d.ValueA, d.ValueB
	if len(a) != len(b) || len(a) <= wideDigits {
		return fmt.Sprintf("%s=%s %s=%s", r.A.Name, a, r.B.Name, b)
	}
	hi, lo := -1, -1 // digit positions from the left
	for i := range a {
		if a[i] != b[i] {
			if hi < 0 {
				hi = i
			}
			lo = i
		}
	}
	if hi < 0 {
		return fmt.Sprintf("%s=%s %s=%s", r.A.Name, a, r.B.Name, b)
	}
	n := len(a)
	msb, lsb := 4*(n-hi)-1, 4*(n-1-lo)
	return fmt.Sprintf("bits %d:%d of %d differ: %s=%s %s=%s", msb, lsb, 4*n, r.A.Name, a[hi:lo+1], r.B.Name, b[hi:lo+1])
}

// orTop names the whole-file scope.
func orTop(root string) string {
	if root == "" {
		return "(top)"
	}
	return root
}

// describeStart says where a file's comparison starts.
func describeStart(f *File) string {
	ts := ""
	if f.Timescale.Number != 0 {
		ts = " " + f.Timescale.String()
	}
	if f.Reset == "" {
		return fmt.Sprintf("no reset, from edge 1 (t=%d%s)", f.StartTime, ts)
	}
	pol := "high"
	if f.ResetLow {
		pol = "low"
	}
	return fmt.Sprintf("reset %s (active %s) released at edge %d (t=%d%s)", f.Reset, pol, f.Start, f.StartTime, ts)
}

// list joins up to maxListed names and counts the rest.
func list(names []string) string {
	if len(names) <= maxListed {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:maxListed], ", ") + fmt.Sprintf(", … (+%d more)", len(names)-maxListed)
}
