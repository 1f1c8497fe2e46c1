package prove

// Structure the lowerings need from a token list: matching brackets, where
// a procedural statement ends, and which token ranges are procedural code
// (always, initial and final bodies, functions and tasks). It is not a
// parser of SystemVerilog: it knows the statement forms that decide where
// one statement ends, and anything else ends at the next ';'.

type svToks []svTok

func (t svToks) is(i int, s string) bool { return i >= 0 && i < len(t) && t[i].text == s }

func (t svToks) op(i int, s string) bool {
	return i >= 0 && i < len(t) && t[i].kind == svOp && t[i].text == s
}

// match returns the index of the bracket closing the one at i ('(', '[',
// '{' or "'{"), or the last token when it is not closed (never in text
// Verilator accepted).
func (t svToks) match(i int) int {
	depth := 0
	for j := i; j < len(t); j++ {
		if t[j].kind != svOp {
			continue
		}
		switch t[j].text {
		case "(", "[", "{", "'{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(t) - 1
}

// matchBack returns the index of the bracket opening the one closing at i.
func (t svToks) matchBack(i int) int {
	depth := 0
	for j := i; j >= 0; j-- {
		if t[j].kind != svOp {
			continue
		}
		switch t[j].text {
		case ")", "]", "}":
			depth++
		case "(", "[", "{", "'{":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// closer is the keyword that ends a block opened by the keyword k.
var closer = map[string]string{
	"begin": "end", "fork": "join", "case": "endcase", "casex": "endcase", "casez": "endcase",
	"randcase": "endcase", "function": "endfunction", "task": "endtask", "module": "endmodule",
	"package": "endpackage", "interface": "endinterface", "generate": "endgenerate",
	"property": "endproperty", "sequence": "endsequence", "clocking": "endclocking",
	"program": "endprogram", "class": "endclass", "covergroup": "endgroup", "checker": "endchecker",
}

// blockEnd returns the index of the keyword closing the block opened at i
// (begin ... end, case ... endcase, fork ... join*), counting nested ones,
// or the last token when it is not closed.
func (t svToks) blockEnd(i int) int {
	open := t[i].text
	shut := closer[open]
	depth := 0
	for j := i; j < len(t); j++ {
		if t[j].kind != svIdent {
			continue
		}
		s := t[j].text
		switch {
		case s == open || closer[s] == shut && closer[s] != "":
			depth++
		case s == shut || shut == "join" && (s == "join_any" || s == "join_none"):
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(t) - 1
}

// label skips an optional ": name" after a block's closing keyword.
func (t svToks) label(j int) int {
	if t.op(j+1, ":") && j+2 < len(t) && t[j+2].kind == svIdent {
		return j + 2
	}
	return j
}

// attr skips an attribute (* ... *) at i, returning the index after it.
func (t svToks) attr(i int) int {
	for t.op(i, "(") && t.op(i+1, "*") {
		j := i + 2
		for j+1 < len(t) && !(t.op(j, "*") && t.op(j+1, ")")) {
			j++
		}
		i = j + 2
	}
	return i
}

// semi returns the index of the ';' ending a simple statement starting at
// i, at bracket depth 0.
func (t svToks) semi(i int) int {
	for j := i; j < len(t); j++ {
		switch {
		case t[j].kind == svOp && (t[j].text == "(" || t[j].text == "[" || t[j].text == "{" || t[j].text == "'{"):
			j = t.match(j)
		case t.op(j, ";"):
			return j
		}
	}
	return len(t) - 1
}

// stmtEnd returns the index of the last token of the procedural statement
// starting at i.
func (t svToks) stmtEnd(i int) int {
	i = t.attr(i)
	if i >= len(t) {
		return len(t) - 1
	}
	// A statement label "name :" (not "name ::").
	if t[i].kind == svIdent && !svKeyword[t[i].text] && t.op(i+1, ":") {
		return t.stmtEnd(i + 2)
	}
	switch s := t[i].text; s {
	case "begin", "fork", "case", "casex", "casez", "randcase":
		return t.label(t.blockEnd(i))
	case "unique", "unique0", "priority":
		return t.stmtEnd(i + 1)
	case "if":
		e := t.stmtEnd(t.match(i+1) + 1)
		if t.is(e+1, "else") {
			e = t.stmtEnd(e + 2)
		}
		return e
	case "for", "foreach", "while", "repeat":
		return t.stmtEnd(t.match(i+1) + 1)
	case "forever":
		return t.stmtEnd(i + 1)
	case "do":
		e := t.stmtEnd(i + 1) // the body; then while (...) ;
		return t.semi(e + 1)
	case "@":
		if t.op(i+1, "(") {
			return t.stmtEnd(t.match(i+1) + 1)
		}
		return t.stmtEnd(i + 2) // @* or @name
	case "#":
		if t.op(i+1, "(") {
			return t.stmtEnd(t.match(i+1) + 1)
		}
		return t.stmtEnd(i + 2)
	case "wait":
		if t.is(i+1, "fork") {
			return t.semi(i)
		}
		return t.stmtEnd(t.match(i+1) + 1)
	case "assert", "assume", "cover", "restrict", "expect":
		return t.assertEnd(i)
	case ";":
		return i
	}
	return t.semi(i)
}

// assertEnd is the last token of an assertion statement at i:
// assert [#0|final|property] (...) [pass] [else fail].
func (t svToks) assertEnd(i int) int {
	j := i + 1
	switch {
	case t.is(j, "property") || t.is(j, "final") || t.is(j, "sequence"):
		j++
	case t.op(j, "#"):
		j += 2
	}
	if !t.op(j, "(") {
		return t.semi(i)
	}
	e := t.match(j)
	if t.is(e+1, "else") {
		return t.stmtEnd(e + 2)
	}
	e = t.stmtEnd(e + 1)
	if t.is(e+1, "else") {
		e = t.stmtEnd(e + 2)
	}
	return e
}

// svKeyword are the reserved words a lowering must not take for a name.
var svKeyword = map[string]bool{}

func init() {
	for _, k := range []string{"always", "always_comb", "always_ff", "always_latch", "and", "assert", "assign",
		"assume", "automatic", "begin", "bit", "break", "buf", "byte", "case", "casex", "casez", "cast",
		"const", "continue", "cover", "default", "defparam", "disable", "do", "else", "end", "endcase",
		"endfunction", "endgenerate", "endmodule", "endpackage", "endtask", "enum", "export", "final",
		"for", "foreach", "forever", "fork", "function", "generate", "genvar", "if", "iff", "import",
		"initial", "inout", "input", "inside", "int", "integer", "interface", "join", "join_any",
		"join_none", "localparam", "logic", "longint", "module", "negedge", "or", "output", "package",
		"packed", "parameter", "posedge", "priority", "property", "real", "reg", "repeat", "restrict",
		"return", "sequence", "shortint", "signed", "static", "struct", "task", "time", "type",
		"typedef", "union", "unique", "unique0", "unsigned", "var", "void", "wait", "while", "wire",
		"with", "xor", "edge", "supply0", "supply1", "tri", "wand", "wor", "uwire", "string", "shortreal",
		"realtime", "tri0", "tri1", "triand", "trior", "trireg", "not", "nand", "nor", "xnor"} {
		svKeyword[k] = true
	}
}

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
