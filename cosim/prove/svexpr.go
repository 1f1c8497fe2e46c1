package prove

// Operator precedence, enough to find a binary operator's left operand
// (IEEE 1800-2017 table 11-2; higher binds tighter).
var binPrecs = map[string]int{
	"->": 1, "<->": 1, "?": 2, ":": 2,
	"||": 3, "&&": 4, "|": 5, "^": 6, "~^": 6, "^~": 6, "&": 7,
	"==": 8, "!=": 8, "===": 8, "!==": 8, "==?": 8, "!=?": 8,
	"<": 9, "<=": 9, ">": 9, ">=": 9, "inside": 9, "dist": 9,
	"<<": 10, ">>": 10, "<<<": 10, ">>>": 10,
	"+": 11, "-": 11, "*": 12, "/": 12, "%": 12, "**": 13,
}

// The precedence levels the lowerings ask for.
const (
	precEquality   = 8
	precRelational = 9
)

// binPrec is the precedence of the binary operator at k, 0 when the token
// is not one (or is a unary use of + - & | ^ ~& ~| ~^).
func binPrec(t svToks, k int) int {
	if k < 0 || k >= len(t) {
		return 0
	}
	if t[k].kind == svIdent && t[k].text != "inside" && t[k].text != "dist" {
		return 0
	}
	p := binPrecs[t[k].text]
	if p == 0 {
		return 0
	}
	if t.unary(k) {
		return 0
	}
	return p
}

// unary reports whether an operator that can be unary is unary at k: it
// follows another operator, an opening bracket, a keyword or nothing.
func (t svToks) unary(k int) bool {
	switch t[k].text {
	case "+", "-", "&", "|", "^", "~&", "~|", "~^", "^~", "!", "~":
	default:
		return false
	}
	if k == 0 {
		return true
	}
	prev := t[k-1]
	switch {
	case prev.kind == svOp:
		switch prev.text {
		case ")", "]", "}":
			return false
		}
		return true
	case prev.kind == svIdent:
		return svKeyword[prev.text]
	}
	return false
}

// stmtBoundary: tokens after which a statement starts, so that "x <= e"
// after one is a non-blocking assignment, not a comparison.
var stmtBoundary = map[string]bool{
	";": true, "begin": true, "end": true, "else": true, ")": true, ":": true, "fork": true,
	"join": true, "join_any": true, "join_none": true, "always": true, "always_ff": true,
	"always_comb": true, "always_latch": true, "initial": true, "final": true, "do": true,
	"forever": true,
}

// assignLE reports whether the <= at k is a non-blocking assignment: the
// tokens before it are an lvalue (names, selects, a concatenation) that a
// statement boundary precedes.
func (t svToks) assignLE(k int) bool {
	j := k - 1
	for j >= 0 {
		switch {
		case t.op(j, "]") || t.op(j, "}"):
			j = t.matchBack(j) - 1
		case t[j].kind == svIdent && !svKeyword[t[j].text], t.op(j, "."), t.op(j, "::"):
			j--
		default:
			return j < k-1 && (j < 0 || stmtBoundary[t[j].text] || t.op(j, "*") && t.op(j-1, "@"))
		}
	}
	return true
}

// leftOperand returns the first token of the left operand of the binary
// operator at i whose precedence is prec: the tokens before it down to an
// opening bracket, a keyword, an assignment or an operator of lower
// precedence (the operators are left-associative). It returns i when
// there is no operand.
func (p *svPass) leftOperand(i, prec int) int {
	t := p.t
	k := i - 1
	for k >= 0 {
		tk := t[k]
		switch {
		case tk.kind == svOp && (tk.text == ")" || tk.text == "]" || tk.text == "}"):
			k = t.matchBack(k) - 1
			continue
		case tk.kind == svOp && (tk.text == "(" || tk.text == "[" || tk.text == "{" || tk.text == "'{"):
			return k + 1
		case tk.kind == svIdent && (tk.text == "inside" || tk.text == "dist"):
			if binPrecs[tk.text] < prec {
				return k + 1
			}
		case tk.kind == svIdent && svKeyword[tk.text]:
			if tk.text == "signed" || tk.text == "unsigned" || intTypes[tk.text].width > 0 {
				k-- // a cast's type: signed'(...), int'(...)
				continue
			}
			return k + 1
		case tk.kind == svOp && tk.text == "<=" && t.assignLE(k):
			return k + 1
		case tk.kind == svOp && (tk.text == "'" || tk.text == "." || tk.text == "::" || tk.text == "!" || tk.text == "~"):
		case tk.kind == svOp:
			bp := binPrec(t, k)
			if bp == 0 {
				if t.unary(k) {
					break
				}
				return k + 1 // '=', ',', ';', '#', '@', an assignment operator
			}
			if bp < prec {
				return k + 1
			}
		case tk.kind == svDir:
			return k + 1
		}
		k--
	}
	return 0
}
