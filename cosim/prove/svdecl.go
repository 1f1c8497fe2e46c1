package prove

import "strings"

// lowerBlockDecls rewrites the declarations at the start of a procedural
// block (begin ... end, a function's or task's body) that Yosys 0.23
// rejects: a lifetime keyword (automatic, static, var, const) and an
// initializer (logic t = a[i];, "Invalid nesting of always blocks and/or
// initializations"). The declaration keeps its place without them and the
// initializers become assignments, in order, after the block's last
// declaration: the value such a variable has each time the block runs, as
// Verilator computes it. For a variable without an explicit automatic in
// an always block or a static function, IEEE 1800 makes the initializer a
// one-time one and Icarus runs it once; the note says prove follows
// Verilator. An explicit static with an initializer, or a static variable
// in a function or task, keeps state between runs, which prove does not
// model: refused.
func lowerBlockDecls(p *svPass) {
	t := p.t
	for _, s := range t.procStmts() {
		i := s.start
		if !t.is(i, "begin") && !t.is(i, "fork") {
			continue
		}
		j := i + 1
		if t.op(j, ":") {
			j += 2
		}
		p.blockDecls(j, t.blockEnd(i), s)
	}
	for i := 0; i < len(t); i++ {
		if t[i].kind != svIdent || (t[i].text != "function" && t[i].text != "task") || t.is(i-1, "import") || t.is(i-1, "export") {
			continue
		}
		h := t.semi(i)
		end := h + 1
		for end < len(t) && !t.is(end, "end"+t[i].text) {
			end++
		}
		p.blockDecls(h+1, end, svStmt{fn: t.routineName(i, h), auto: t.is(i+1, "automatic")})
		i = end
	}
}

// blockDecls rewrites the declarations starting at j of a block ending at
// end.
func (p *svPass) blockDecls(j, end int, ctx svStmt) {
	t := p.t
	var group []svEdit
	var assigns []string
	last := -1
	for j < end && p.isDecl(j) {
		s := t.semi(j)
		k := j
		var lifetime []string
		for t.is(k, "automatic") || t.is(k, "static") || t.is(k, "const") || t.is(k, "var") {
			lifetime = append(lifetime, t[k].text)
			k++
		}
		switch t[k].text {
		case "typedef", "localparam", "parameter", "input", "output", "inout", "ref", "import":
			j = s + 1
			continue
		}
		auto := ctx.auto || has(lifetime, "automatic")
		explicitStatic := has(lifetime, "static")
		te := p.typeEnd(k)
		decls, inits := p.declarators(te, s)
		if explicitStatic && (len(inits) > 0 || ctx.fn != "") {
			p.refuseAt(t[j], "static variable", "a variable declared static in a procedural block keeps its value between runs of the block, which prove does not model; declare it at module level, assigned in an always_ff")
		}
		if len(lifetime) > 0 || len(inits) > 0 {
			text := flat(p.text(k, te-1)) + " " + strings.Join(decls, ", ") + ";"
			group = append(group, p.rep(j, s, text))
			last = len(group) - 1
			for _, in := range inits {
				assigns = append(assigns, in)
				if !auto && !ctx.init {
					name, _, _ := strings.Cut(in, " ")
					p.note(t[j], name+": declared with an initializer in a procedural block without automatic: prove reads it as Verilator does, assigned each time the block runs; Icarus assigns it once (IEEE 1800-2017 6.21 asks for an explicit automatic or static)")
				}
			}
		}
		j = s + 1
	}
	if len(group) == 0 {
		return
	}
	if len(assigns) > 0 {
		group[last].text += " " + strings.Join(assigns, " ")
		// The assignments follow the block's last declaration, after
		// any declaration left as it was.
		if lastEnd := t[j-1].end; group[last].end != lastEnd {
			group[last].text = strings.TrimSuffix(group[last].text, " "+strings.Join(assigns, " "))
			group = append(group, svEdit{start: lastEnd, end: lastEnd, text: " " + strings.Join(assigns, " ")})
		}
	}
	p.edit("block declaration", group...)
}

func has(s []string, w string) bool {
	for _, x := range s {
		if x == w {
			return true
		}
	}
	return false
}

// isDecl reports whether the block item at j is a declaration.
func (p *svPass) isDecl(j int) bool {
	t := p.t
	switch t[j].text {
	case "automatic", "static", "const", "var", "logic", "bit", "reg", "int", "integer", "byte", "shortint",
		"longint", "time", "real", "shortreal", "realtime", "string", "wire", "enum", "struct", "union", "typedef",
		"localparam", "parameter", "input", "output", "inout", "ref", "import":
		return t[j].kind == svIdent
	}
	if t[j].kind != svIdent || svKeyword[t[j].text] {
		return false
	}
	k := j + 1
	if t.op(k, "::") {
		k += 2
	}
	for t.op(k, "[") {
		k = t.match(k) + 1
	}
	return k < len(t) && t[k].kind == svIdent && !svKeyword[t[k].text]
}

// typeEnd is the index after the data type starting at k.
func (p *svPass) typeEnd(k int) int {
	t := p.t
	switch t[k].text {
	case "enum", "struct", "union":
		for k < len(t) && !t.op(k, "{") {
			k++
		}
		k = t.match(k) + 1
	default:
		if !svKeyword[t[k].text] && t.op(k+1, "::") {
			k += 2
		}
		k++
	}
	for t.is(k, "signed") || t.is(k, "unsigned") {
		k++
	}
	for t.op(k, "[") {
		k = t.match(k) + 1
	}
	return k
}

// declarators splits "a = x, b [2], c = y" (tokens from..s-1) into the
// declarations without initializer ("a", "b [2]", "c") and the
// initializers as assignments ("a = x;", "c = y;").
func (p *svPass) declarators(from, s int) (decls, inits []string) {
	t := p.t
	start := from
	flush := func(e int) {
		if e <= start {
			return
		}
		eq := -1
		for k := start; k < e; k++ {
			if t[k].kind == svOp && (t[k].text == "(" || t[k].text == "[" || t[k].text == "{" || t[k].text == "'{") {
				k = t.match(k)
			} else if t.op(k, "=") {
				eq = k
				break
			}
		}
		if eq < 0 {
			decls = append(decls, flat(p.text(start, e-1)))
			return
		}
		decls = append(decls, flat(p.text(start, eq-1)))
		inits = append(inits, t[start].text+" = "+flat(p.text(eq+1, e-1))+";")
	}
	for k := from; k < s; k++ {
		if t[k].kind == svOp && (t[k].text == "(" || t[k].text == "[" || t[k].text == "{" || t[k].text == "'{") {
			k = t.match(k)
		} else if t.op(k, ",") {
			flush(k)
			start = k + 1
		}
	}
	flush(s)
	return decls, inits
}

// lowerReturn writes a return that ends its function (nothing runs after
// it on any path: the last statement, or the last of a branch of the last
// if or case) as an assignment to the function's name, the form Yosys 0.23
// reads; return; ending a void function or a task goes. A return anywhere
// else is refused, since what follows it would then run.
func lowerReturn(p *svPass) {
	t := p.t
	for i := 0; i < len(t); i++ {
		if t[i].kind != svIdent || (t[i].text != "function" && t[i].text != "task") || t.is(i-1, "import") || t.is(i-1, "export") {
			continue
		}
		h := t.semi(i)
		name := t.routineName(i, h)
		end := h + 1
		for end < len(t) && !t.is(end, "end"+t[i].text) {
			end++
		}
		lastStmt := -1
		for j := h + 1; j < end; j = t.stmtEnd(j) + 1 {
			lastStmt = j
		}
		tails := map[int]bool{}
		if lastStmt >= 0 {
			t.tails(lastStmt, tails)
		}
		for k := h + 1; k < end; k++ {
			if !t.is(k, "return") || t[k].kind != svIdent {
				continue
			}
			if !tails[k] {
				p.refuseAt(t[k], "return", "a return before the end of "+name+" (Yosys 0.23 has no return; prove lowers one that ends the function); assign the result to "+name+" and let the branches reach the end")
				continue
			}
			if t.op(k+1, ";") {
				p.edit("return", p.rep(k, k, ""))
			} else {
				p.edit("return", p.rep(k, k, name+" ="))
			}
		}
		i = end
	}
}

// tails adds to set the return statements in tail position of the
// statement at i: those after which nothing of the routine runs.
func (t svToks) tails(i int, set map[int]bool) {
	i = t.attr(i)
	if i >= len(t) {
		return
	}
	if t[i].kind == svIdent && !svKeyword[t[i].text] && t.op(i+1, ":") {
		t.tails(i+2, set)
		return
	}
	switch t[i].text {
	case "return":
		set[i] = true
	case "unique", "unique0", "priority":
		t.tails(i+1, set)
	case "begin":
		end := t.blockEnd(i)
		j := i + 1
		if t.op(j, ":") {
			j += 2
		}
		last := -1
		for ; j < end; j = t.stmtEnd(j) + 1 {
			last = j
		}
		if last >= 0 {
			t.tails(last, set)
		}
	case "if":
		th := t.match(i+1) + 1
		t.tails(th, set)
		if e := t.stmtEnd(th); t.is(e+1, "else") {
			t.tails(e+2, set)
		}
	case "case", "casex", "casez":
		end := t.blockEnd(i)
		j := t.match(i+1) + 1
		if t.is(j, "inside") {
			j++
		}
		for j < end {
			c := t.caseColon(j, end)
			if c >= end {
				break
			}
			t.tails(c+1, set)
			j = t.stmtEnd(c+1) + 1
		}
	}
}
