package prove

import (
	"fmt"
	"strings"
)

// Code under `ifndef SYNTHESIS is what occamy cosim runs and a synthesis
// tool does not read. prove reads the design as cosim compiles it, so such
// code is proven with the rest; but the common use of it is a checker
// (assertions, a shadow model, $display) that Yosys 0.23 often cannot read
// (a loop with a variable bound, a hierarchical reference) and that cannot
// change an output. stripObservers compares the text Verilator's
// preprocessor gives without and with SYNTHESIS (and YOSYS) defined, line
// by line, and leaves out each simulation-only run of module items that
// only observes: declarations, always, initial and final blocks and
// continuous assignments whose every assigned name is declared in the same
// simulation-only code. Simulation-only code that assigns anything else (a
// port, a register of the design) is kept and proven, as cosim runs it.

// lineKey is a source line: file and number.
type lineKey struct {
	file string
	line int
}

// lineTexts maps each source line to its tokens' text.
func lineTexts(t svToks) map[lineKey]string {
	m := map[lineKey]string{}
	for _, tk := range t {
		k := lineKey{tk.file, tk.line}
		m[k] += tk.text + " "
	}
	return m
}

// stripObservers returns sim with its observing simulation-only runs
// blanked (line count kept), and a note for each run left out or kept.
func stripObservers(sim, synth string, names map[string]string) (string, []string) {
	st := svTokens(sim)
	real := len(svLex(sim, "")) // st less its end markers
	yt := svToks(svLex(synth, ""))
	other := lineTexts(yt)
	mine := lineTexts(st[:real])
	simOnly := func(tk svTok) bool {
		k := lineKey{tk.file, tk.line}
		return other[k] != mine[k]
	}
	p := &svPass{svLowerer: &svLowerer{names: names, noteSeen: map[string]bool{}}, src: sim, t: st, names: names}
	var notes []string
	for i := 0; i < real; i++ {
		if !simOnly(st[i]) {
			continue
		}
		j := i
		for j+1 < real && simOnly(st[j+1]) {
			j++
		}
		where := lineSpan(st[i], st[j], names)
		if why := p.observer(i, j); why == "" {
			p.edits = append(p.edits, p.rep(i, j, ""))
			notes = append(notes, where+": code compiled only without SYNTHESIS assigns only what it declares, so no output depends on it: left out of the proof")
		} else {
			notes = append(notes, where+": code compiled only without SYNTHESIS "+why+": proven as occamy cosim compiles it (a synthesis tool reads the other branch)")
		}
		i = j
	}
	// Code only a synthesis tool reads: neither cosim nor the proof does.
	for i := 0; i < len(yt); i++ {
		if k := (lineKey{yt[i].file, yt[i].line}); other[k] == mine[k] {
			continue
		}
		j := i
		for j+1 < len(yt) && other[lineKey{yt[j+1].file, yt[j+1].line}] != mine[lineKey{yt[j+1].file, yt[j+1].line}] {
			j++
		}
		notes = append(notes, lineSpan(yt[i], yt[j], names)+": code read only with SYNTHESIS defined: not proven (occamy cosim does not compile it either)")
		i = j
	}
	if len(p.edits) == 0 {
		return sim, notes
	}
	return p.apply(), notes
}

// lineSpan is FILE:LINE or FILE:FIRST-LAST of tokens a..b.
func lineSpan(a, b svTok, names map[string]string) string {
	s := fmt.Sprintf("%s:%d", displayPath(a.file, names), a.line)
	if b.line != a.line && b.file == a.file {
		s += fmt.Sprintf("-%d", b.line)
	}
	return s
}

// observer returns "" when tokens i..j are whole module items that assign
// only names declared among them, else what they do beyond that.
func (p *svPass) observer(i, j int) string {
	t := p.t
	declared := p.declaredIn(i, j)
	for k := i; k <= j; {
		var e int
		switch w := t[k].text; {
		case t[k].kind == svIdent && (w == "always" || w == "always_comb" || w == "always_ff" || w == "always_latch" || w == "initial" || w == "final"):
			e = t.stmtEnd(k + 1)
		case t[k].kind == svIdent && w == "assign":
			e = t.semi(k)
		case p.isDecl(k):
			e = t.semi(k)
		case t.op(k, ";"):
			e = k
		default:
			if k == i {
				return "is part of a statement or a declaration"
			}
			return "holds " + strings.TrimSpace(w) + " (more than declarations, always blocks and assignments)"
		}
		if e > j {
			return "is part of a statement or a declaration"
		}
		for m := k; m <= e; m++ {
			if name, ok := p.target(m); ok && !declared[name] {
				return "assigns " + name
			}
			switch t[m].text {
			case "force", "release", "deassign", "$deposit":
				return "uses " + t[m].text
			}
			// A task or function call could assign through its arguments.
			if t[m].kind == svIdent && !svKeyword[t[m].text] && t.op(m+1, "(") && !t.op(m-1, ".") && (m == k || t.op(m-1, ";") || t.is(m-1, "begin") || t.is(m-1, "else") || t.op(m-1, ")")) {
				return "calls " + t[m].text
			}
		}
		k = e + 1
	}
	return ""
}

// target returns the name assigned when token m starts an assignment's
// target (name, name[...], name.member, {a, b}) followed by =, <=, an
// assignment operator, ++ or --.
func (p *svPass) target(m int) (string, bool) {
	t := p.t
	if t[m].kind != svIdent || svKeyword[t[m].text] || t.op(m-1, ".") || t.op(m-1, "::") {
		return "", false
	}
	k := m + 1
	for t.op(k, "[") || t.op(k, ".") {
		if t.op(k, ".") {
			k += 2
			continue
		}
		k = t.match(k) + 1
	}
	// Inside a concatenation target: skip to its closing brace.
	for t.op(k, ",") || t.op(k, "}") {
		if t.op(k, "}") {
			k++
			break
		}
		k++
		for k < len(t) && !t.op(k, ",") && !t.op(k, "}") {
			k++
		}
	}
	if k >= len(t) || t[k].kind != svOp {
		return "", false
	}
	switch t[k].text {
	case "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "<<<=", ">>>=", "++", "--":
		return t[m].text, true
	case "<=":
		return t[m].text, t.assignLE(k)
	}
	if t.op(m-1, "++") || t.op(m-1, "--") {
		return t[m].text, true
	}
	return "", false
}
