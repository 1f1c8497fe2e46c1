package prove

import (
	"fmt"
	"sort"
	"strings"
)

// lowerSV rewrites SystemVerilog that Verilator accepts and Yosys 0.23's
// read_verilog -sv does not into an equivalent form Yosys reads (int'(x) as
// $signed(32'(x)), inside as comparisons, foreach as for, ...), and lists
// the constructs it cannot rewrite (streaming operators, unpacked-array
// ports, ...) so that prove refuses them by name before Yosys runs. src is
// Verilator's preprocessed text (`line directives give each token's file
// and line); every rewrite keeps the line count, so positions Yosys reports
// stay the user's. docs/prove.md has the table of constructs.
//
// A rewrite replaces a token range and copies everything else verbatim.
// Rewrites that overlap one already made in the same pass wait for the
// next pass; the passes repeat until none applies.
func lowerSV(src string, names map[string]string) (res svResult) {
	// Verilator accepted the text, which the rewrites rely on; a text
	// they still trip on is refused as a bug in prove, never a panic.
	defer func() {
		if r := recover(); r != nil {
			res = svResult{Text: src, Refused: []Finding{{Signal: "the pre-pass", What: fmt.Sprintf("failed on this design (a bug in prove, please report it: %v); occamy cosim can still check it", r)}}}
		}
	}()
	return lowerSVPasses(src, names)
}

// lowerSVPasses is lowerSV without the recovery (the fuzz target calls it).
func lowerSVPasses(src string, names map[string]string) svResult {
	lw := &svLowerer{names: names, noteSeen: map[string]bool{}}
	text := src
	for _, stage := range svStages {
		for pass := 0; ; pass++ {
			if pass == maxSVPasses {
				lw.refuseAt(svTok{}, "the pre-pass", "did not settle after "+fmt.Sprint(maxSVPasses)+" passes (a bug in prove; occamy cosim can still check the design)")
				return lw.result(text)
			}
			p := &svPass{svLowerer: lw, src: text, t: svTokens(text), names: names}
			for _, f := range stage {
				f(p)
			}
			if len(p.edits) == 0 {
				break
			}
			text = p.apply()
		}
	}
	p := &svPass{svLowerer: lw, src: text, t: svTokens(text), names: names}
	svRefusals(p)
	return lw.result(text)
}

// svTokens lexes text and ends the list with a few ';' of no extent, so
// that a lowering looking a few tokens ahead never runs off the end (text
// Verilator accepted never ends inside a construct; these are for the
// text the fuzz target makes up).
func svTokens(text string) svToks {
	t := svLex(text, "")
	end := svTok{kind: svOp, text: ";", start: len(text), end: len(text)}
	if n := len(t); n > 0 {
		end.file, end.line = t[n-1].file, t[n-1].line
	}
	for i := 0; i < 8; i++ {
		t = append(t, end)
	}
	return t
}

// maxSVPasses bounds the rewrite passes of one stage; a design nests
// lowered constructs a few levels at most.
const maxSVPasses = 64

// svStages run in order, each to a fixed point: the local rewrites, then
// the package imports (qualified names), then the packed arrays (which
// need every declaration and use at once).
var svStages = [][]func(*svPass){
	{lowerAssertions, lowerStmtLabels, lowerQualifiedIf, lowerCasts, lowerForeach, lowerVoidFunction, lowerBlockDecls, lowerReturn, lowerInside, lowerCaseInside, lowerWildEq},
	{lowerImports},
	{lowerPacked},
}

// svResult is the lowered text, what was lowered (one line per construct
// kind, for the log), the constructs refused and the notes for the
// verdict.
type svResult struct {
	Text    string
	Lowered []string
	Refused []Finding
	Notes   []string
}

type svLowerer struct {
	names    map[string]string
	lowered  map[string]int
	refused  []Finding
	notes    []string
	noteSeen map[string]bool
}

func (lw *svLowerer) result(text string) svResult {
	r := svResult{Text: text, Refused: lw.refused, Notes: lw.notes}
	for k, n := range lw.lowered {
		r.Lowered = append(r.Lowered, fmt.Sprintf("%s (%d)", k, n))
	}
	sort.Strings(r.Lowered)
	return r
}

// pos is a token's FILE:LINE as the user named the file.
func (lw *svLowerer) pos(t svTok) string {
	if t.file == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", displayPath(t.file, lw.names), t.line)
}

// refuseAt records a construct prove does not lower: what it is and the
// workaround.
func (lw *svLowerer) refuseAt(t svTok, construct, what string) {
	f := Finding{Pos: lw.pos(t), Signal: construct, What: what}
	for _, g := range lw.refused {
		if g == f {
			return
		}
	}
	lw.refused = append(lw.refused, f)
}

func (lw *svLowerer) note(t svTok, msg string) {
	s := msg
	if p := lw.pos(t); p != "" {
		s = p + ": " + msg
	}
	if !lw.noteSeen[s] {
		lw.noteSeen[s] = true
		lw.notes = append(lw.notes, s)
	}
}

// svPass is one rewrite pass over a text.
type svPass struct {
	*svLowerer
	src   string
	t     svToks
	names map[string]string
	edits []svEdit
}

// svEdit replaces src[start:end] with text.
type svEdit struct {
	start, end int
	text       string
}

// text is the source of tokens i..j, as written.
func (p *svPass) text(i, j int) string {
	if j < i {
		return ""
	}
	return p.src[p.t[i].start:p.t[j].end]
}

// flat is text on one line (a rewrite keeps line numbers by putting its
// replacement on the first line of what it replaces).
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// rep is an edit replacing tokens i..j.
func (p *svPass) rep(i, j int, text string) svEdit {
	return svEdit{start: p.t[i].start, end: p.t[j].end, text: text}
}

// ins is an edit inserting text after token i.
func (p *svPass) ins(i int, text string) svEdit {
	return svEdit{start: p.t[i].end, end: p.t[i].end, text: text}
}

// edit schedules a group of edits made together or not at all (one that
// overlaps an edit already scheduled waits for the next pass); kind names
// the construct for the log. It reports whether the group was taken.
func (p *svPass) edit(kind string, group ...svEdit) bool {
	for _, e := range group {
		if strings.Contains(p.src[e.start:e.end], "`") {
			return false // a directive inside: never rewritten
		}
		for _, o := range p.edits {
			if overlap(e, o) {
				return false
			}
		}
	}
	p.edits = append(p.edits, group...)
	if p.lowered == nil {
		p.lowered = map[string]int{}
	}
	p.lowered[kind]++
	return true
}

// overlap: two edits whose order or extent is ambiguous. An insertion
// (start == end) conflicts with a replacement around or next to it and
// with another insertion at the same place.
func overlap(a, b svEdit) bool {
	switch {
	case a.start == a.end && b.start == b.end:
		return a.start == b.start
	case a.start == a.end:
		return b.start <= a.start && a.start <= b.end
	case b.start == b.end:
		return a.start <= b.start && b.start <= a.end
	}
	return a.start < b.end && b.start < a.end
}

// apply makes the pass's edits, each replacement on one line followed by
// as many newlines as the text it replaces had.
func (p *svPass) apply() string {
	sort.Slice(p.edits, func(a, b int) bool { return p.edits[a].start < p.edits[b].start })
	var b strings.Builder
	at := 0
	for _, e := range p.edits {
		b.WriteString(p.src[at:e.start])
		b.WriteString(strings.ReplaceAll(e.text, "\n", " "))
		b.WriteString(strings.Repeat("\n", strings.Count(p.src[e.start:e.end], "\n")))
		at = e.end
	}
	b.WriteString(p.src[at:])
	return b.String()
}

// inProc reports whether token i is inside procedural code, and the range.
func inRanges(rs [][2]int, i int) ([2]int, bool) {
	for _, r := range rs {
		if r[0] <= i && i <= r[1] {
			return r, true
		}
	}
	return [2]int{}, false
}
