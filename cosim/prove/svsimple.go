package prove

import "fmt"

// lowerQualifiedIf drops unique, unique0 and priority before if: Yosys
// 0.23 accepts them only before case. They assert that one branch (at
// most one, at least one) applies, which simulation reports as a
// violation; the branch taken is the plain if's, which is what the miter
// compares (assertions are not part of it, as with -noassert).
func lowerQualifiedIf(p *svPass) {
	for i := 0; i+1 < len(p.t); i++ {
		switch p.t[i].text {
		case "unique", "unique0", "priority":
			if p.t[i].kind == svIdent && p.t.is(i+1, "if") {
				p.edit(p.t[i].text+" if", p.rep(i, i, ""))
			}
		}
	}
}

// lowerAssertions removes assertions: immediate ones (assert, assume,
// cover, with or without an action block, deferred #0 and final),
// concurrent ones (assert property ...), and property, sequence and
// clocking declarations. The miter compares outputs and reads both sides
// with -noassert -noassume, so users' assertions never entered it; Yosys
// 0.23 cannot parse an action block (assert (...) else $error(...)) once
// SYNTHESIS is undefined, nor a concurrent assertion. In procedural code
// the statement becomes the null statement ';'. Simulation tasks used as
// statements ($display, $error, $fatal, ...) go the same way: Yosys 0.23
// knows them only in initial blocks, and they change no output.
func lowerAssertions(p *svPass) {
	t := p.t
	for _, s := range t.procStmts() {
		i := s.start
		switch {
		case assertWord[t[i].text] && t[i].kind == svIdent:
			p.edit("assertion", p.rep(i, t.assertEnd(i), ";"))
		case t[i].kind == svSys && simTask[t[i].text]:
			p.edit(t[i].text+" statement", p.rep(i, t.stmtEnd(i), ";"))
		}
	}
	procs := t.procRanges()
	for i := 0; i < len(t); i++ {
		if t[i].kind != svIdent {
			continue
		}
		if r, ok := inRanges(procs, i); ok {
			i = r[1]
			continue
		}
		switch {
		case assertWord[t[i].text] && !t.is(i-1, ".") && !t.op(i-1, "::"):
			s := i
			if t.op(i-1, ":") && i >= 2 && t[i-2].kind == svIdent && !svKeyword[t[i-2].text] {
				s = i - 2 // its label
			}
			e := t.assertEnd(i)
			p.edit("concurrent assertion", p.rep(s, e, ""))
			i = e
		case t[i].text == "property" || t[i].text == "sequence" || t[i].text == "clocking":
			s := i
			if t.is(i-1, "default") {
				s = i - 1
			}
			e := t.label(t.blockEnd(i))
			if e >= len(t) {
				continue
			}
			p.edit(t[i].text+" declaration", p.rep(s, e, ""))
			i = e
		case t[i].text == "default" && t.is(i+1, "disable") && t.is(i+2, "iff"):
			e := t.semi(i)
			p.edit("default disable iff", p.rep(i, e, ""))
			i = e
		}
	}
}

var (
	assertWord = map[string]bool{"assert": true, "assume": true, "cover": true, "restrict": true, "expect": true}
	simTask    = map[string]bool{}
)

func init() {
	for _, n := range []string{"display", "displayb", "displayh", "displayo", "write", "writeb", "writeh",
		"writeo", "strobe", "monitor", "monitoron", "monitoroff", "info", "warning", "error", "fatal",
		"finish", "stop", "dumpfile", "dumpvars", "dumpon", "dumpoff", "dumpall", "dumpflush",
		"fdisplay", "fwrite", "fstrobe", "fmonitor", "fflush", "printtimescale", "timeformat"} {
		simTask["$"+n] = true
	}
}

// lowerStmtLabels moves a statement label onto its block (lbl: begin ...
// end as begin : lbl ... end) and drops it from any other statement: Yosys
// 0.23 has no statement labels. A label only names a scope; disable, which
// would use it, is refused.
func lowerStmtLabels(p *svPass) {
	t := p.t
	for _, s := range t.procStmts() {
		i := s.start
		if t[i].kind != svIdent || svKeyword[t[i].text] || !t.op(i+1, ":") {
			continue
		}
		switch {
		case (t.is(i+2, "begin") || t.is(i+2, "fork")) && !t.op(i+3, ":"):
			p.edit("statement label", p.rep(i, i+2, t[i+2].text+" : "+t[i].text))
		default:
			p.edit("statement label", p.rep(i, i+1, ""))
		}
	}
}

// lowerForeach writes foreach (a[i]) as a for loop from a's left bound to
// its right bound, the order foreach visits them in (the last assignment
// wins in a priority scan, so the order matters); foreach (a[i, j]) as
// nested loops over dimensions 1 and 2, an empty position skipping its
// dimension. The loop variables are int, as foreach declares them.
func lowerForeach(p *svPass) {
	t := p.t
	for i := 0; i+3 < len(t); i++ {
		if t[i].kind != svIdent || t[i].text != "foreach" || !t.op(i+1, "(") {
			continue
		}
		close := t.match(i + 1)
		// The array is everything up to the last '[' before close.
		lb := t.matchBack(close - 1)
		if lb <= i+2 || !t.op(close-1, "]") {
			p.refuseAt(t[i], "foreach", "prove lowers foreach (ARRAY[i, ...]) only; write it as a for loop")
			continue
		}
		arr := flat(p.text(i+2, lb-1))
		var vars []string
		cur := ""
		for k := lb + 1; k < close-1; k++ {
			switch {
			case t.op(k, ","):
				vars = append(vars, cur)
				cur = ""
			case t[k].kind == svIdent && cur == "":
				cur = t[k].text
			default:
				p.refuseAt(t[i], "foreach", "its loop variables must be plain names; write it as a for loop")
				cur = "?"
			}
		}
		vars = append(vars, cur)
		var head string
		for d, v := range vars {
			if v == "" {
				continue
			}
			if v == "?" {
				head = ""
				break
			}
			dim := ""
			if len(vars) > 1 {
				dim = fmt.Sprintf(", %d", d+1)
			}
			l, r := fmt.Sprintf("$left(%s%s)", arr, dim), fmt.Sprintf("$right(%s%s)", arr, dim)
			head += fmt.Sprintf("for (int %s = %s; (%s >= %s) ? (%s >= %s) : (%s <= %s); %s += (%s >= %s) ? -1 : 1) ",
				v, l, l, r, v, r, v, r, v, l, r)
		}
		if head == "" {
			continue
		}
		p.edit("foreach", p.rep(i, close, head))
		i = close
	}
}

// lowerVoidFunction writes a void function as a task: Yosys 0.23 takes
// void for the function's name. A void function returns nothing and, like
// a task called from procedural code, runs in no time; its calls are
// statements, which a task call is too.
func lowerVoidFunction(p *svPass) {
	t := p.t
	for i := 0; i+1 < len(t); i++ {
		if !t.is(i, "function") || t[i].kind != svIdent || t.is(i-1, "import") || t.is(i-1, "export") {
			continue
		}
		v := i + 1
		if t.is(v, "automatic") || t.is(v, "static") {
			v++
		}
		if !t.is(v, "void") {
			continue
		}
		end := i
		for end < len(t) && !t.is(end, "endfunction") {
			end++
		}
		if end >= len(t) {
			continue
		}
		p.edit("void function", p.rep(i, i, "task"), p.rep(v, v, ""), p.rep(end, end, "endtask"))
		i = end
	}
}
