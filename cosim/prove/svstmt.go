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
