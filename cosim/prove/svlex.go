package prove

import (
	"strconv"
	"strings"
)

// The SystemVerilog pre-pass (svlower.go) works on the text Verilator's
// preprocessor writes (`verilator -E`): macros expanded, includes inlined,
// comments gone, every file change marked by a `line directive. svLex
// splits that text into tokens that keep their byte offsets, so a lowering
// replaces a token range and copies everything else verbatim, and their
// source position (the `line directives followed), so a refusal names the
// user's file and line.

type svKind uint8

const (
	svIdent svKind = iota // identifier or keyword (escaped identifiers too)
	svSys                 // $name
	svNum                 // unbased number: 12, 1.5, 1e3
	svLit                 // based literal: 4'b1?0x, 'h3f, '0, 'x
	svStr                 // "string"
	svOp                  // operator or punctuation
	svDir                 // compiler directive other than `line (`timescale ...)
)

type svTok struct {
	kind       svKind
	text       string
	start, end int    // byte offsets in the source
	file       string // as the `line directive names it
	line       int
}

// svOps are the multi-character operators, longest first within each
// leading character.
var svOps = []string{
	"<<<=", ">>>=", "===", "!==", "==?", "!=?", "<<<", ">>>", "<->", "|->", "|=>",
	"<<=", ">>=", "==", "!=", "<=", ">=", "&&", "||", "**", "<<", ">>", "->",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "++", "--", "::", "+:", "-:",
	"~&", "~|", "~^", "^~", "##", ".*", "'{",
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentChar(c byte) bool  { return isIdentStart(c) || c >= '0' && c <= '9' || c == '$' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }

// svLex tokenises src. file and line start the position; `line directives
// move it. It never fails: a character it does not know is an operator.
func svLex(src, file string) []svTok {
	var toks []svTok
	line := 1
	add := func(k svKind, s, e int) {
		toks = append(toks, svTok{kind: k, text: src[s:e], start: s, end: e, file: file, line: line})
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			e := strings.Index(src[i+2:], "*/")
			if e < 0 {
				e = len(src) - i - 2
			} else {
				e += 2
			}
			line += strings.Count(src[i:i+2+e], "\n")
			i += 2 + e
			if i > len(src) {
				i = len(src)
			}
		case c == '`':
			e := i + 1
			for e < len(src) && isIdentChar(src[e]) {
				e++
			}
			if src[i:e] == "`line" {
				// `line N "file" L: the next line is N of file.
				nl := strings.IndexByte(src[e:], '\n')
				if nl < 0 {
					nl = len(src) - e
				}
				f := strings.Fields(src[e : e+nl])
				if len(f) >= 2 {
					if n, err := strconv.Atoi(f[0]); err == nil {
						line = n - 1
						file = strings.Trim(f[1], `"`)
					}
				}
				i = e + nl
				continue
			}
			// Another directive: the rest of its line, kept as one token.
			nl := strings.IndexByte(src[e:], '\n')
			if nl < 0 {
				nl = len(src) - e
			}
			add(svDir, i, e+nl)
			i = e + nl
		case c == '"':
			e := i + 1
			for e < len(src) && src[e] != '"' && src[e] != '\n' {
				if src[e] == '\\' {
					e++
				}
				e++
			}
			if e < len(src) && src[e] == '"' {
				e++
			}
			if e > len(src) {
				e = len(src)
			}
			add(svStr, i, e)
			i = e
		case c == '\\':
			e := i + 1
			for e < len(src) && src[e] != ' ' && src[e] != '\t' && src[e] != '\n' && src[e] != '\r' {
				e++
			}
			add(svIdent, i, e)
			i = e
		case c == '$' && i+1 < len(src) && isIdentStart(src[i+1]):
			e := i + 1
			for e < len(src) && isIdentChar(src[e]) {
				e++
			}
			add(svSys, i, e)
			i = e
		case isIdentStart(c):
			e := i
			for e < len(src) && isIdentChar(src[e]) {
				e++
			}
			add(svIdent, i, e)
			i = e
		case isDigit(c) || c == '\'' && basedAt(src, i):
			e := numberEnd(src, i)
			k := svNum
			if strings.IndexByte(src[i:e], '\'') >= 0 {
				k = svLit
			}
			add(k, i, e)
			i = e
		default:
			n := 1
			for _, op := range svOps {
				if strings.HasPrefix(src[i:], op) {
					n = len(op)
					break
				}
			}
			add(svOp, i, i+n)
			i += n
		}
	}
	return toks
}

// basedAt: a based literal's quote at i ('h3f, 'sb1, '0, '1, 'x, 'z), not a
// cast's ('( ) or an assignment pattern's ('{).
func basedAt(src string, i int) bool {
	j := i + 1
	if j < len(src) && (src[j] == 's' || src[j] == 'S') {
		j++
	}
	if j >= len(src) {
		return false
	}
	switch src[j] {
	case 'b', 'B', 'o', 'O', 'd', 'D', 'h', 'H':
		return true
	case '0', '1', 'x', 'X', 'z', 'Z':
		return j == i+1 && (j+1 >= len(src) || !isIdentChar(src[j+1]))
	}
	return false
}

// numberEnd is the end of the number starting at i: digits (a real's
// fraction and exponent), then an optional base and its digits, spaces
// allowed around the quote as the standard allows.
func numberEnd(src string, i int) int {
	e := i
	for e < len(src) && (isDigit(src[e]) || src[e] == '_') {
		e++
	}
	if e > i && e < len(src) && src[e] == '.' && e+1 < len(src) && isDigit(src[e+1]) {
		e++
		for e < len(src) && (isDigit(src[e]) || src[e] == '_') {
			e++
		}
	}
	if e > i && e < len(src) && (src[e] == 'e' || src[e] == 'E') {
		f := e + 1
		if f < len(src) && (src[f] == '+' || src[f] == '-') {
			f++
		}
		if f < len(src) && isDigit(src[f]) {
			for f < len(src) && isDigit(src[f]) {
				f++
			}
			return f
		}
	}
	q := e
	for q < len(src) && (src[q] == ' ' || src[q] == '\t') && e > i {
		q++
	}
	if q >= len(src) || src[q] != '\'' || !basedAt(src, q) {
		return e
	}
	j := q + 1
	if src[j] == 's' || src[j] == 'S' {
		j++
	}
	switch src[j] {
	case '0', '1', 'x', 'X', 'z', 'Z':
		return j + 1 // '0 '1 'x 'z
	}
	j++ // the base
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	for j < len(src) && (isDigit(src[j]) || strings.IndexByte("abcdefABCDEFxXzZ?_", src[j]) >= 0) {
		j++
	}
	return j
}
