package prove

// procRanges returns the token ranges [start, end] of procedural code:
// the statement after always*, initial and final, and each function's and
// task's body.
func (t svToks) procRanges() [][2]int {
	var rs [][2]int
	for i := 0; i < len(t); i++ {
		if t[i].kind != svIdent {
			continue
		}
		switch t[i].text {
		case "always", "always_comb", "always_ff", "always_latch", "initial", "final":
			e := t.stmtEnd(i + 1)
			rs = append(rs, [2]int{i + 1, e})
			i = e
		case "function", "task":
			if t.is(i-1, "import") || t.is(i-1, "export") || t.is(i-1, "extern") {
				continue
			}
			e := i
			for e < len(t) && !t.is(e, "end"+t[i].text) {
				e++
			}
			rs = append(rs, [2]int{i, e})
			i = e
		}
	}
	return rs
}

// svStmt is one procedural statement: where it starts (after any
// attribute), the function or task it is in ("" in an always, initial or
// final block) and whether that is automatic.
type svStmt struct {
	start int
	fn    string
	auto  bool
	init  bool // in an initial block
}

// procStmts lists every procedural statement, nested ones included, in
// text order. Block items (declarations) are listed as statements too.
func (t svToks) procStmts() []svStmt {
	var out []svStmt
	var walk func(i int, ctx svStmt) int
	walk = func(i int, ctx svStmt) int {
		i = t.attr(i)
		if i >= len(t) {
			return len(t) - 1
		}
		ctx.start = i
		out = append(out, ctx)
		if t[i].kind == svIdent && !svKeyword[t[i].text] && t.op(i+1, ":") {
			return walk(i+2, ctx)
		}
		switch t[i].text {
		case "begin", "fork":
			end := t.blockEnd(i)
			j := i + 1
			if t.op(j, ":") {
				j += 2
			}
			for j < end {
				j = walk(j, ctx) + 1
			}
			return t.label(end)
		case "case", "casex", "casez", "randcase":
			end := t.blockEnd(i)
			j := i + 1
			if t.op(j, "(") {
				j = t.match(j) + 1
			}
			if t.is(j, "inside") || t.is(j, "matches") {
				j++
			}
			for j < end {
				c := t.caseColon(j, end)
				if c >= end {
					break
				}
				j = walk(c+1, ctx) + 1
			}
			return t.label(end)
		case "unique", "unique0", "priority":
			return walk(i+1, ctx)
		case "if":
			e := walk(t.match(i+1)+1, ctx)
			if t.is(e+1, "else") {
				e = walk(e+2, ctx)
			}
			return e
		case "for", "foreach", "while", "repeat":
			return walk(t.match(i+1)+1, ctx)
		case "forever":
			return walk(i+1, ctx)
		case "do":
			return t.semi(walk(i+1, ctx) + 1)
		case "@", "#":
			if t.op(i+1, "(") {
				return walk(t.match(i+1)+1, ctx)
			}
			return walk(i+2, ctx)
		}
		return t.stmtEnd(i)
	}
	for i := 0; i < len(t); i++ {
		if t[i].kind != svIdent {
			continue
		}
		switch t[i].text {
		case "always", "always_comb", "always_ff", "always_latch", "initial", "final":
			i = walk(i+1, svStmt{init: t[i].text == "initial"})
		case "function", "task":
			if t.is(i-1, "import") || t.is(i-1, "export") || t.is(i-1, "extern") {
				continue
			}
			ctx := svStmt{auto: t.is(i+1, "automatic")}
			h := t.semi(i) // the header's ';'
			ctx.fn = t.routineName(i, h)
			end := h + 1
			for end < len(t) && !t.is(end, "end"+t[i].text) {
				end++
			}
			for j := h + 1; j < end; {
				j = walk(j, ctx) + 1
			}
			i = end
		}
	}
	return out
}

// caseColon returns the ':' ending the case item label starting at j
// (default's optional one included), or end.
func (t svToks) caseColon(j, end int) int {
	if t.is(j, "default") {
		if t.op(j+1, ":") {
			return j + 1
		}
		return j
	}
	q := 0
	for k := j; k < end; k++ {
		switch {
		case t[k].kind == svOp && (t[k].text == "(" || t[k].text == "[" || t[k].text == "{" || t[k].text == "'{"):
			k = t.match(k)
		case t.op(k, "?"):
			q++
		case t.op(k, ":") && q > 0:
			q--
		case t.op(k, ":"):
			return k
		}
	}
	return end
}

// routineName is the name of the function or task whose header spans
// tokens i..h: the identifier before the port list's '(' or before the
// header's ';'.
func (t svToks) routineName(i, h int) string {
	for k := i + 1; k < h; k++ {
		if t.op(k, "[") {
			k = t.match(k)
			continue
		}
		if t.op(k, "(") {
			if t[k-1].kind == svIdent {
				return t[k-1].text
			}
			break
		}
	}
	if t[h-1].kind == svIdent {
		return t[h-1].text
	}
	return ""
}
